import { describe, expect, it } from '@jest/globals';
import { normalizeCaption } from '@mememint/contracts';

describe('normalizeCaption', () => {
  it('treats case, punctuation and spacing as the same caption', () => {
    expect(normalizeCaption('Hello,   World!')).toBe('hello world');
    expect(normalizeCaption(' hello world ')).toBe(normalizeCaption('HELLO—WORLD'));
  });

  it('folds compatibility forms and keeps non-Latin letters and digits', () => {
    expect(normalizeCaption('Ｐｒｉｖｅｔ 2')).toBe('privet 2');
    expect(normalizeCaption('Привет, МИР')).toBe('привет мир');
  });

  it('is null for no caption or one without letters or digits', () => {
    expect(normalizeCaption(null)).toBeNull();
    expect(normalizeCaption('  ?!… ')).toBeNull();
  });

  it('keeps different words apart', () => {
    expect(normalizeCaption('cats rule')).not.toBe(normalizeCaption('cat rules'));
  });
});
