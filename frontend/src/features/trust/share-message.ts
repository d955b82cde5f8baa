import type { TFunction } from 'i18next';

/**
 * The text of a meme's share message: the invitation and the visible AI label ("Made with AI
 * (MemeMint face swap)", ru "Создано ИИ (замена лица MemeMint)", contracts' AI_LABEL_TEXT).
 */
export function shareMessage(t: TFunction): string {
  return `${t('create.shareText')} ${t('trust.aiLabel')}`;
}
