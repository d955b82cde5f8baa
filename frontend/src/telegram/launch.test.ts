import { describe, expect, it } from 'vitest';
import { isSupportedPlatform } from './platform';
import { readInitData } from './sdk';

describe('supported platforms (SEED-SPEC §1)', () => {
  it.each(['android', 'android_x', 'ios'])('%s runs the game', (platform) => {
    expect(isSupportedPlatform(platform)).toBe(true);
  });

  it.each(['tdesktop', 'weba', 'webk', 'macos', 'unknown', '', undefined])(
    '%s goes to the notice',
    (platform) => {
      expect(isSupportedPlatform(platform)).toBe(false);
    },
  );
});

describe('readInitData', () => {
  const user = encodeURIComponent(JSON.stringify({ id: 42, first_name: 'A', language_code: 'ru' }));
  const raw = `auth_date=1795348935&user=${user}&hash=abc`;

  it('takes the user id and language from raw init data, keeping the raw string for the login', () => {
    expect(readInitData(raw)).toEqual({ initDataRaw: raw, userId: 42, languageCode: 'ru' });
  });

  it('init data without a user (or none at all) means no login by init data', () => {
    expect(readInitData('auth_date=1&hash=abc')).toEqual({});
    expect(readInitData(undefined)).toEqual({});
    expect(readInitData('user=%7Bbroken')).toEqual({});
  });
});
