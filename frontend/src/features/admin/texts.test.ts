import { describe, expect, it } from 'vitest';

import en from './texts/en.json';
import ru from './texts/ru.json';

type Texts = { [key: string]: string | Texts };

const keys = (texts: Texts, prefix = ''): string[] =>
  Object.entries(texts)
    .flatMap(([key, value]) => (typeof value === 'string' ? [prefix + key] : keys(value, `${prefix}${key}.`)))
    .map((key) => key.replace(/_(zero|one|two|few|many|other)$/, ''));

describe('the console’s texts', () => {
  it('has every text in Russian too, none empty', () => {
    expect([...new Set(keys(ru))].sort()).toEqual([...new Set(keys(en))].sort());
    expect(JSON.stringify(ru)).not.toMatch(/"\s*"/);
  });
});
