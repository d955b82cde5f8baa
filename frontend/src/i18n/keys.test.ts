import { describe, expect, it } from 'vitest';

import en from './en.json';
import ru from './ru.json';

const resources = { en: { translation: en }, ru: { translation: ru } };

type Texts = { [key: string]: string | Texts };

function flatten(texts: Texts, prefix = ''): Array<[key: string, text: string]> {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[prefix + key, value] as [string, string]]
      : flatten(value, `${prefix}${key}.`),
  );
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const languages = Object.keys(resources) as Array<keyof typeof resources>;
const textsOf = (lang: keyof typeof resources) => flatten(resources[lang].translation as Texts);
const keysOf = (lang: keyof typeof resources) => textsOf(lang).map(([key]) => key);
/** Keys without their plural suffix: languages differ in how many plural forms they have. */
const baseKeysOf = (lang: keyof typeof resources) =>
  [...new Set(keysOf(lang).map((key) => key.replace(PLURAL_SUFFIX, '')))].sort();

describe('every visible text exists in every language', () => {
  it.each(languages)('%s has the same keys as en', (lang) => {
    expect(baseKeysOf(lang)).toEqual(baseKeysOf('en'));
  });

  it.each(languages)('%s has every plural form its language needs', (lang) => {
    const keys = new Set(keysOf(lang));
    const pluralBases = new Set(
      keysOf(lang)
        .filter((key) => PLURAL_SUFFIX.test(key))
        .map((key) => key.replace(PLURAL_SUFFIX, '')),
    );
    const forms = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    const missing = [...pluralBases].flatMap((base) =>
      forms.map((form) => `${base}_${form}`).filter((key) => !keys.has(key)),
    );
    expect(missing).toEqual([]);
  });

  it.each(languages)('%s has no empty text', (lang) => {
    expect(textsOf(lang).filter(([, text]) => text.trim() === '')).toEqual([]);
  });
});
