import { haptic } from '../telegram/sdk';
import { toast } from './toast';

/** Copies text and confirms it with a toast; old webviews without the async clipboard select and copy. */
export async function copyText(value: string, copiedMessage: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(value);
  } catch {
    const area = document.createElement('textarea');
    area.value = value;
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
  haptic.success();
  toast.success(copiedMessage);
}
