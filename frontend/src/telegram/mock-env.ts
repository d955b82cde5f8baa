import type { DevInitDataRequest, DevInitDataResponse } from '@mememint/contracts';

import { applyThemeColors, readInitData, type LaunchContext } from './launch';

/**
 * Outside Telegram (a desktop browser in development, end-to-end tests) the app imitates the client:
 * launch parameters with a switchable platform and theme, init data signed by the backend's
 * development login so the real login path runs, and Stars invoices paid through the fake Bot API
 * (`npm start` without a real bot token) so the real payment path runs too. The platform is the one the
 * browser really is (its user agent: a desktop browser gets the desktop notice, a phone's the game).
 * Switches: `?platform=ios|android|tdesktop…`, `?theme=light|dark`, `?lang=ru`, `?tgId=123`,
 * `?startapp=…`; a platform or theme asked for is remembered.
 * This part decides the launch (no SDK, on start-up's path); ./mock-bridge installs the imitated
 * client into the SDK once that is loaded, after the first screen.
 */
const PLATFORM_KEY = 'mm_dev_platform';
const THEME_KEY = 'mm_dev_theme';
const TG_ID_KEY = 'mm_dev_tg_id';

const LIGHT_THEME = {
  bg_color: '#ffffff',
  secondary_bg_color: '#f1f1f4',
  text_color: '#111111',
  hint_color: '#8a8a92',
  link_color: '#2678b6',
  button_color: '#2ea6ff',
  button_text_color: '#ffffff',
  header_bg_color: '#ffffff',
  bottom_bar_bg_color: '#ffffff',
  accent_text_color: '#2678b6',
  section_bg_color: '#ffffff',
  section_header_text_color: '#6d6d72',
  subtitle_text_color: '#8a8a92',
  destructive_text_color: '#e53935',
} as const;

const DARK_THEME = {
  bg_color: '#17212b',
  secondary_bg_color: '#0e1621',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  header_bg_color: '#17212b',
  bottom_bar_bg_color: '#17212b',
  accent_text_color: '#6ab2f2',
  section_bg_color: '#17212b',
  section_header_text_color: '#6ab3f3',
  subtitle_text_color: '#708499',
  destructive_text_color: '#ec3942',
} as const;

/**
 * The Telegram client a browser stands for (issue 22, defect 13): iPhones and iPads are `ios`
 * (iPadOS also calls itself a Mac, told apart by its touch screen), Android phones `android`, a Mac
 * `macos`, any other desktop `tdesktop`.
 */
export function platformOfBrowser(userAgent: string, maxTouchPoints = 0): string {
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios';
  if (/Android/.test(userAgent)) return 'android';
  if (/Macintosh/.test(userAgent)) return maxTouchPoints > 1 ? 'ios' : 'macos';
  return 'tdesktop';
}

function remembered(key: string, fromQuery: string | null, fallback: string): string {
  if (fromQuery) localStorage.setItem(key, fromQuery);
  return fromQuery ?? localStorage.getItem(key) ?? fallback;
}

/** The imitated client's launch parameters, as ./mock-bridge hands them to the SDK. */
export interface MockLaunch {
  platform: string;
  themeParams: Record<string, `#${string}`>;
  startParam?: string;
}

/**
 * Decides the imitated launch and signs the development init data (it stays out of the SDK's launch
 * parameters: the SDK insists on a `signature` field only real Telegram clients add). Sets the theme's
 * colours at once, as index.html does for a real launch.
 */
export async function prepareMockLaunch(session: {
  /** Both tokens are in the cookies already. */
  hasTokens: () => boolean;
  devInitData: (body: DevInitDataRequest) => Promise<DevInitDataResponse>;
}): Promise<{ context: LaunchContext; mock: MockLaunch }> {
  const query = new URLSearchParams(window.location.search);
  const platform = remembered(
    PLATFORM_KEY,
    query.get('platform'),
    platformOfBrowser(navigator.userAgent, navigator.maxTouchPoints),
  );
  const prefersDark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  const theme = remembered(THEME_KEY, query.get('theme'), prefersDark ? 'dark' : 'light');
  const themeParams = theme === 'dark' ? DARK_THEME : LIGHT_THEME;
  const startParam = query.get('startapp') ?? undefined;
  applyThemeColors(themeParams);

  // With a session in cookies and no explicit identity asked for, launch without a user: start-up
  // then reuses the cookies (docs/SPEC.md §4), as a reopened app would.
  const wantsIdentity = query.has('tgId') || query.has('lang') || startParam !== undefined;
  let initData: string | undefined;
  if (wantsIdentity || !session.hasTokens()) {
    const tgId = Number(remembered(TG_ID_KEY, query.get('tgId'), String(randomTgId())));
    try {
      ({ initData } = await session.devInitData({
        tgId,
        languageCode: query.get('lang') ?? navigator.language.split('-')[0],
        firstName: 'Dev',
        username: `dev${tgId}`,
        startParam,
      }));
    } catch {
      // No development login (a production build opened in a browser): no user, no game.
      initData = undefined;
    }
  }
  const mock = {
    platform: initData || session.hasTokens() ? platform : 'unknown',
    themeParams,
    startParam,
  };
  return { context: { platform: mock.platform, startParam, ...readInitData(initData) }, mock };
}

function randomTgId(): number {
  return 7_000_000_000 + Math.floor(Math.random() * 900_000_000);
}
