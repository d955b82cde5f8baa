import { afterEach, describe, expect, it, vi } from 'vitest';

import { platformOfBrowser, prepareMockLaunch } from './mock-env';

const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36';
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Mobile Safari/537.36';

describe('the development launch keeps the platform the browser really is (issue 22, defect 13)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it.each([
    [DESKTOP_CHROME, 0, 'tdesktop'],
    [WINDOWS_CHROME, 0, 'tdesktop'],
    [MAC_SAFARI, 0, 'macos'],
    [MAC_SAFARI, 5, 'ios'], // iPadOS calls itself a Mac
    [IPHONE, 5, 'ios'],
    [ANDROID, 5, 'android'],
  ])('%s (%i touch points) is %s', (userAgent, touchPoints, platform) => {
    expect(platformOfBrowser(userAgent, touchPoints)).toBe(platform);
  });

  const session = {
    hasTokens: () => false,
    devInitData: async () => ({ initData: 'auth_date=1&user=%7B%22id%22%3A5%7D&hash=x' }),
  };

  it('a desktop browser launches as a desktop client, not as iOS', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(DESKTOP_CHROME);
    const { context } = await prepareMockLaunch(session);
    expect(context.platform).toBe('tdesktop');
  });

  it('a phone launches as its own platform', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ANDROID);
    expect((await prepareMockLaunch(session)).context.platform).toBe('android');
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    expect((await prepareMockLaunch(session)).context.platform).toBe('ios');
  });

  it('?platform= still switches it, and is remembered', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(DESKTOP_CHROME);
    window.history.replaceState(null, '', '/?platform=android');
    expect((await prepareMockLaunch(session)).context.platform).toBe('android');
    window.history.replaceState(null, '', '/');
    expect((await prepareMockLaunch(session)).context.platform).toBe('android');
  });
});
