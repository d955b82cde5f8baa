import { beforeAll, describe, expect, it } from 'vitest';

import { i18n, loadLanguage, pickLanguage } from './index';

beforeAll(() => loadLanguage('ru'));

describe('Russian plural forms (Intl: one / few / many)', () => {
  const ru = i18n.getFixedT('ru');

  it.each([
    [1, '1 мем'],
    [2, '2 мема'],
    [5, '5 мемов'],
    [21, '21 мем'],
    [22, '22 мема'],
    [25, '25 мемов'],
    [111, '111 мемов'],
  ])('%i → %s', (count, text) => {
    expect(ru('count.memes', { count })).toBe(text);
  });

  it.each([
    [1, 'Вы получили 1 генерацию'],
    [3, 'Вы получили 3 генерации'],
    [11, 'Вы получили 11 генераций'],
  ])('promo grant %i → %s', (count, text) => {
    expect(ru('promo.granted', { count })).toBe(text);
  });

  it('English keeps one / other', () => {
    const en = i18n.getFixedT('en');
    expect(en('count.memes', { count: 1 })).toBe('1 meme');
    expect(en('count.memes', { count: 21 })).toBe('21 memes');
  });
});

describe('pickLanguage', () => {
  it('uses the user language when supported, else English', () => {
    expect(pickLanguage('ru')).toBe('ru');
    expect(pickLanguage('ru-RU')).toBe('ru');
    expect(pickLanguage('de')).toBe('en');
    expect(pickLanguage(null)).toBe('en');
  });
});
