import type { SupportedLanguage } from '@mememint/contracts';

/** A text stored in every language the app speaks (plans, quests: editable by admins). */
export type LocalizedText = Record<SupportedLanguage, string>;

/** The text in the player's language, English when that one is blank. */
export function localize(text: LocalizedText, language: SupportedLanguage): string {
  return text[language]?.trim() ? text[language] : text.en;
}
