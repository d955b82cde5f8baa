import { describe, expect, it } from '@jest/globals';
import { normalizeCaption } from '@mememint/contracts';

describe('normalizeCaption', () => {
  it('treats case, punctuation and spacing as the same caption', () => {
    expect(normalizeCaption('Hello,   World!')).toBe('hello world');
    expect(normalizeCaption(' hello world ')).toBe(normalizeCaption('HELLO—WORLD'));
  });

  it('folds compatibility forms and keeps non-Latin letters and digits', () => {
    expect(normalizeCaption('Ｐｒｉｖｅｔ 2')).toBe('privet 2');
    expect(normalizeCaption('Привет, МИР')).toBe(normalizeCaption('привет мир'));
    expect(normalizeCaption('Привет, МИР')).not.toBe(normalizeCaption('Пока, мир'));
    expect(normalizeCaption('猫が好き')).toBe('猫が好き');
  });

  it('ignores invisible characters inside words (U+200B, U+034F, soft hyphen, variation selectors)', () => {
    const plain = normalizeCaption('When the build is green');
    for (const invisible of ['\u200b', '\u034f', '\u00ad', '\u2060', '\ufeff', '\ufe0f', '\u200d'])
      expect(normalizeCaption(`When the bu${invisible}ild is gr${invisible}een`)).toBe(plain);
  });

  it('folds lookalike letters of other scripts and stray accents', () => {
    const plain = normalizeCaption('When the build is green');
    // Cyrillic е and о, Greek ο, a Cyrillic capital В, a combining accent and a dotless ı.
    expect(normalizeCaption('Whеn the build is grееn')).toBe(plain);
    expect(normalizeCaption('When thе buіld is grеen')).toBe(plain);
    expect(normalizeCaption('When the bυild ιs green')).toBe(normalizeCaption('When the byild is green'));
    expect(normalizeCaption('WHEN THE ВUILD IS GREEN')).toBe(plain);
    expect(normalizeCaption('When the bu\u0301ild is green')).toBe(plain);
    expect(normalizeCaption('When the buıld is green')).toBe(plain);
    expect(normalizeCaption('When the build is green \u0301\u0336')).toBe(plain);
    // Fully Cyrillic and fully Latin spellings of one look are one caption; other words stay apart.
    expect(normalizeCaption('Сор')).toBe(normalizeCaption('Cop'));
    expect(normalizeCaption('кот')).not.toBe(normalizeCaption('кит'));
  });

  it('is null for no caption or one without letters or digits', () => {
    expect(normalizeCaption(null)).toBeNull();
    expect(normalizeCaption('  ?!… ')).toBeNull();
  });

  it('keeps different words apart', () => {
    expect(normalizeCaption('cats rule')).not.toBe(normalizeCaption('cat rules'));
  });
});
