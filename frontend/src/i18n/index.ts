import { SUPPORTED_LANGUAGES, type SupportedLanguage } from '@mememint/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import ru from './ru.json';

export const resources = { en: { translation: en }, ru: { translation: ru } } as const;

/** The user's language when the app has it, else English (SEED-SPEC §1). */
export function pickLanguage(code: string | null | undefined): SupportedLanguage {
  const base = (code ?? '').toLowerCase().split(/[-_]/)[0];
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(base) ? (base as SupportedLanguage) : 'en';
}

/** Plural forms come from Intl.PluralRules (ru: one / few / many). */
void i18next.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export const i18n = i18next;

export function setLanguage(code: string | null | undefined): void {
  const lang = pickLanguage(code);
  if (i18next.language !== lang) void i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
}
