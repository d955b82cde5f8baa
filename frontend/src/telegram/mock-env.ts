import { emitEvent, mockTelegramEnv } from '@tma.js/sdk-react';
import type { DevInitDataRequest, DevInitDataResponse, DevTelegramResponse } from '@mememint/contracts';
import type { InvoiceStatus } from './sdk';

/**
 * Outside Telegram (a desktop browser in development, end-to-end tests) this imitates the client:
 * launch parameters with a switchable platform and theme, init data signed by the backend's
 * development login so the real login path runs, and Stars invoices paid through the fake Bot API
 * (`npm start` without a real bot token) so the real payment path runs too. Switches: `?platform=ios|android|tdesktop…`,
 * `?theme=light|dark`, `?lang=ru`, `?tgId=123`, `?startapp=…`; platform and theme are remembered.
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

/** A real Telegram client leaves one of these traces; a plain browser has none. */
export function isInsideTelegram(): boolean {
  const w = window as Window & { TelegramWebviewProxy?: unknown };
  return (
    w.TelegramWebviewProxy !== undefined ||
    window.location.hash.includes('tgWebAppData') ||
    window.location.hash.includes('tgWebAppPlatform') ||
    window.parent !== window
  );
}

function remembered(key: string, fromQuery: string | null, fallback: string): string {
  if (fromQuery) localStorage.setItem(key, fromQuery);
  return fromQuery ?? localStorage.getItem(key) ?? fallback;
}

/**
 * Installs the imitation and returns the development init data. It stays out of the SDK's launch
 * parameters: the SDK insists on a `signature` field only real Telegram clients add.
 */
export async function installMockEnv(session: {
  /** Both tokens are in the cookies already. */
  hasTokens: () => boolean;
  devInitData: (body: DevInitDataRequest) => Promise<DevInitDataResponse>;
  /** Where the fake Bot API is (the backend's development route). */
  devTelegram: () => Promise<DevTelegramResponse>;
  /** The signed-in player's Telegram id: who pays. */
  playerId: () => number | undefined;
}): Promise<string | undefined> {
  const query = new URLSearchParams(window.location.search);
  const platform = remembered(PLATFORM_KEY, query.get('platform'), 'ios');
  const prefersDark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
  const theme = remembered(THEME_KEY, query.get('theme'), prefersDark ? 'dark' : 'light');
  const themeParams = theme === 'dark' ? DARK_THEME : LIGHT_THEME;
  const startParam = query.get('startapp') ?? undefined;

  // With a session in cookies and no explicit identity asked for, launch without a user: start-up
  // then reuses the cookies (SEED-SPEC §4), as a reopened app would.
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

  const noInsets = { top: 0, bottom: 0, left: 0, right: 0 };
  mockTelegramEnv({
    resetPostMessage: true,
    launchParams: {
      tgWebAppPlatform: initData || session.hasTokens() ? platform : 'unknown',
      tgWebAppVersion: '8.0',
      tgWebAppThemeParams: themeParams,
      tgWebAppStartParam: startParam,
    },
    onEvent(event) {
      switch (event.name) {
        case 'web_app_request_theme':
          return emitEvent('theme_changed', { theme_params: themeParams });
        case 'web_app_request_viewport':
          return emitEvent('viewport_changed', {
            height: window.innerHeight,
            width: window.innerWidth,
            is_expanded: true,
            is_state_stable: true,
          });
        case 'web_app_request_safe_area':
          return emitEvent('safe_area_changed', noInsets);
        case 'web_app_request_content_safe_area':
          return emitEvent('content_safe_area_changed', noInsets);
        case 'web_app_open_invoice': {
          const { slug } = event.params as { slug: string };
          void payInvoice(slug, session).then((status) => emitEvent('invoice_closed', { slug, status }));
          return;
        }
      }
    },
  });
  return initData;
}

/**
 * Telegram's payment sheet, imitated: the player confirms (or cancels), then the fake Bot API plays
 * Telegram's side (pre_checkout_query to our webhook, then successful_payment) and the sheet closes
 * as the real one does: `paid`, or `failed` when the bot refused the pre-checkout or no fake is there.
 */
async function payInvoice(
  slug: string,
  session: { devTelegram: () => Promise<DevTelegramResponse>; playerId: () => number | undefined },
): Promise<InvoiceStatus> {
  if (!window.confirm('Pay this invoice with test Stars? (fake Bot API, no real money)')) return 'cancelled';
  try {
    const { fakeBotApiUrl } = await session.devTelegram();
    const id = session.playerId();
    if (!fakeBotApiUrl || id === undefined) return 'failed';
    const answer = await fetch(`${fakeBotApiUrl}/__fake/pay/${encodeURIComponent(slug)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: { id, first_name: 'Dev', username: `dev${id}` } }),
    });
    const result = (await answer.json()) as { preCheckout?: { ok?: boolean } };
    return answer.ok && result.preCheckout?.ok ? 'paid' : 'failed';
  } catch {
    return 'failed';
  }
}

function randomTgId(): number {
  return 7_000_000_000 + Math.floor(Math.random() * 900_000_000);
}
