import { afterEach, describe, expect, it } from 'vitest';

import { isSupportedPlatform } from './platform';
import { readInitData, readLaunchParams } from './launch';

describe('supported platforms (docs/SPEC.md §1)', () => {
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

describe('readLaunchParams (without the SDK, from its sources in its order)', () => {
  const user = encodeURIComponent(JSON.stringify({ id: 7, first_name: 'A', language_code: 'en' }));
  const initData = encodeURIComponent(`auth_date=1&user=${user}&hash=abc`);
  const launch = `tgWebAppData=${initData}&tgWebAppPlatform=android&tgWebAppVersion=8.0&tgWebAppStartParam=meme_x`;

  afterEach(() => {
    sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('reads the platform, the start parameter and the init data from the URL fragment, and keeps them', () => {
    window.history.replaceState(null, '', `/main#${launch}`);
    expect(readLaunchParams()).toEqual({
      platform: 'android',
      startParam: 'meme_x',
      initDataRaw: `auth_date=1&user=${user}&hash=abc`,
      userId: 7,
      languageCode: 'en',
    });
    // A client-side navigation drops the fragment; the copy in session storage (the SDK's key) remains.
    window.history.replaceState(null, '', '/rating');
    expect(JSON.parse(sessionStorage.getItem('tapps/launchParams')!)).toContain('tgWebAppPlatform=android');
    expect(readLaunchParams()?.userId).toBe(7);
  });

  it('is undefined without a platform and a version (not a Telegram launch)', () => {
    window.history.replaceState(null, '', '/main#tgWebAppPlatform=ios');
    expect(readLaunchParams()).toBeUndefined();
  });
});
