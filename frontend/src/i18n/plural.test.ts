import { beforeAll, describe, expect, it } from 'vitest';

import { i18n, loadLanguage, pickLanguage } from './index';
import ruTexts from './ru.json';

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
    [1, 'Тебе начислена 1 генерация'],
    [3, 'Тебе начислено 3 генерации'],
    [11, 'Тебе начислено 11 генераций'],
  ])('promo grant %i → %s', (count, text) => {
    expect(ru('promo.granted', { count })).toBe(text);
  });

  it.each([
    [1, 'Купить «Буст» за 1 звезду'],
    [3, 'Купить «Буст» за 3 звезды'],
    [150, 'Купить «Буст» за 150 звёзд'],
  ])('buying for %i Stars → %s', (count, text) => {
    expect(ru('payments.buy', { title: 'Буст', count })).toBe(text);
  });

  it('a boost plan says its credits with the right forms (not "+1 кредитов")', () => {
    const grants = (bonus: number, daily: number) =>
      ru('payments.boostGrants', {
        days: ru('payments.days', { count: 7 }),
        bonus: ru('plans.bonusCredits', { count: bonus }),
        daily: ru('plans.dailyCredits', { count: daily }),
      });
    expect(grants(1, 3)).toBe('7 дней · +1 кредит сразу · +3 кредита в день');
    expect(grants(10, 5)).toBe('7 дней · +10 кредитов сразу · +5 кредитов в день');
  });

  it('the Russian texts speak with «ты», never the polite «вы»', () => {
    const texts: string[] = [];
    const walk = (node: unknown) => {
      if (typeof node === 'string') texts.push(node);
      else if (node && typeof node === 'object') Object.values(node).forEach(walk);
    };
    walk(ruTexts);
    const polite = texts.filter((text) =>
      /(?:^|[^а-яё])(?:вы|вас|вам|вами|ваш[а-яё]*)(?![а-яё])|[а-яё]+(?:ите|йте)(?![а-яё])/i.test(text),
    );
    expect(polite).toEqual([]);
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
