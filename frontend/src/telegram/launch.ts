/**
 * What start-up needs from Telegram's launch, read without the SDK: the SDK (with valibot and fp-ts,
 * ≈17 KB br, and ≈150 ms of CPU to evaluate and start, ≈600 ms on the bench's 4× slower phone) is
 * loaded after the first screen (`startTelegram` in ./sdk), so the launch parameters are read here
 * the way it reads them.
 */

/** What start-up needs from the launch: who, where, and the raw init data to log in with. */
export interface LaunchContext {
  platform: string;
  initDataRaw?: string;
  userId?: number;
  languageCode?: string;
  startParam?: string;
}

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

/** The SDK's session storage key for the launch parameters (a reload after navigation finds them). */
const STORED_LAUNCH_PARAMS = 'tapps/launchParams';

/** A URL's query and fragment as one query string, as the SDK reads them. */
const queryOf = (url: string) => url.replace(/^[^?#]*[?#]/, '').replace(/[?#]/g, '&');

/**
 * The launch parameters from the same sources as the SDK's `retrieveLaunchParams`, in its order: the
 * current URL, the URL the page was loaded with (a client-side navigation drops the fragment), the
 * copy the SDK keeps in session storage. Undefined when none carries a platform and a version.
 */
export function readLaunchParams(): LaunchContext | undefined {
  const sources = [
    () => window.location.href,
    () => performance.getEntriesByType?.('navigation')[0]?.name,
    () => {
      const stored = sessionStorage.getItem(STORED_LAUNCH_PARAMS);
      return stored ? `?${JSON.parse(stored) as string}` : undefined;
    },
  ];
  for (const source of sources) {
    let params: URLSearchParams;
    try {
      const url = source();
      if (!url) continue;
      params = new URLSearchParams(queryOf(url));
    } catch {
      continue;
    }
    const platform = params.get('tgWebAppPlatform');
    if (!platform || !params.get('tgWebAppVersion')) continue;
    try {
      sessionStorage.setItem(STORED_LAUNCH_PARAMS, JSON.stringify(params.toString()));
    } catch {
      // No storage: a reload after navigating loses the launch, as with the SDK.
    }
    return {
      platform,
      startParam: params.get('tgWebAppStartParam') ?? undefined,
      ...readInitData(params.get('tgWebAppData') ?? undefined),
    };
  }
  return undefined;
}

/** The user id and language carried by raw init data (a query string with a JSON `user`). */
export function readInitData(
  raw: string | undefined,
): Pick<LaunchContext, 'initDataRaw' | 'userId' | 'languageCode'> {
  if (!raw) return {};
  try {
    const user = JSON.parse(new URLSearchParams(raw).get('user') ?? 'null') as {
      id?: unknown;
      language_code?: unknown;
    } | null;
    if (typeof user?.id !== 'number') return {};
    return {
      initDataRaw: raw,
      userId: user.id,
      languageCode: typeof user.language_code === 'string' ? user.language_code : undefined,
    };
  } catch {
    return {};
  }
}

/** Telegram's theme colours as the CSS variables the SDK binds (`--tg-theme-bg-color`…). */
export function applyThemeColors(colors: Record<string, string>): void {
  for (const [key, value] of Object.entries(colors))
    document.documentElement.style.setProperty(`--tg-theme-${key.replace(/_/g, '-')}`, value);
}
