import { i18n } from '../../i18n';
import en from './texts/en.json';
import ru from './texts/ru.json';

/**
 * The console's texts come with its code (its own chunk), not with the first screen's: added to
 * every language under `admin.` once the console is opened.
 */
let added = false;
export function addConsoleTexts(): void {
  if (added) return;
  added = true;
  i18n.addResourceBundle('en', 'translation', { admin: en }, true, true);
  i18n.addResourceBundle('ru', 'translation', { admin: ru }, true, true);
}
