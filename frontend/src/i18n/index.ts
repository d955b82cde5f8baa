import { SUPPORTED_LANGUAGES, type SupportedLanguage } from '@mememint/contracts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

import en from './en.json';

/** The other languages' texts, each a chunk fetched when a player needs it (English is built in). */
const LOADERS: Record<Exclude<SupportedLanguage, 'en'>, () => Promise<{ default: object }>> = {
  ru: () => import('./ru.json'),
};

/** The language of the last start-up, so the next one fetches its texts while it signs in. */
const LAST_LANGUAGE_KEY = 'mm_language';

/** The user's language when the app has it, else English (docs/SPEC.md §1). */
export function pickLanguage(code: string | null | undefined): SupportedLanguage {
  const base = (code ?? '').toLowerCase().split(/[-_]/)[0];
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(base) ? (base as SupportedLanguage) : 'en';
}

/** Plural forms come from Intl.PluralRules (ru: one / few / many). */
void i18next.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export const i18n = i18next;

const loading = new Map<SupportedLanguage, Promise<void>>();

/** Fetches a language's texts once; English, the default and every text's fallback, is always there. */
export function loadLanguage(lang: SupportedLanguage): Promise<void> {
  if (lang === 'en') return Promise.resolve();
  let load = loading.get(lang);
  if (!load) {
    load = LOADERS[lang]().then(
      (texts) => void i18next.addResourceBundle(lang, 'translation', texts.default),
    );
    // A failed fetch (a network drop) is tried again by the next call.
    load.catch(() => loading.delete(lang));
    loading.set(lang, load);
  }
  return load;
}

/** Switches to the user's language once its texts are there (English if they cannot be fetched). */
export async function setLanguage(code: string | null | undefined): Promise<void> {
  const lang = pickLanguage(code);
  try {
    localStorage.setItem(LAST_LANGUAGE_KEY, lang);
    await loadLanguage(lang);
  } catch {
    return;
  }
  if (i18next.language !== lang) await i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
}

try {
  void loadLanguage(pickLanguage(localStorage.getItem(LAST_LANGUAGE_KEY))).catch(() => undefined);
} catch {
  // No storage (a privacy mode): the language's texts come when start-up knows it.
}
