import {
  backButton,
  downloadFile,
  hapticFeedback,
  init,
  invoice,
  miniApp,
  openTelegramLink,
  retrieveLaunchParams,
  retrieveRawInitData,
  shareURL,
  swipeBehavior,
  themeParams,
  viewport,
} from '@tma.js/sdk-react';

/** What start-up needs from the launch: who, where, and the raw init data to log in with. */
export interface LaunchContext {
  platform: string;
  initDataRaw?: string;
  userId?: number;
  languageCode?: string;
  startParam?: string;
}

/**
 * Initialises the SDK and the phone-app behaviour of SEED-SPEC §2: theme colours as CSS variables,
 * the app expanded, vertical swipes (swipe-to-close) disabled. Features an old client lacks are skipped.
 */
export async function initTelegram(): Promise<LaunchContext> {
  const launch = retrieveLaunchParams();
  init();
  backButton.mount.ifAvailable();
  swipeBehavior.mount.ifAvailable();
  swipeBehavior.disableVertical.ifAvailable();
  themeParams.mount.ifAvailable();
  themeParams.bindCssVars.ifAvailable();
  miniApp.mount.ifAvailable();
  miniApp.bindCssVars.ifAvailable();
  try {
    const mounting = viewport.mount.ifAvailable();
    if (mounting.ok) await mounting.data;
    viewport.bindCssVars.ifAvailable();
    viewport.expand.ifAvailable();
  } catch {
    // Viewport data is cosmetic (CSS variables); the app works with the browser's own.
  }
  miniApp.ready.ifAvailable();

  return {
    platform: launch.tgWebAppPlatform,
    startParam: launch.tgWebAppStartParam,
    ...readInitData(retrieveRawInitData()),
  };
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

export const haptic = {
  tap: () => void hapticFeedback.impactOccurred.ifAvailable('light'),
  select: () => void hapticFeedback.selectionChanged.ifAvailable(),
  success: () => void hapticFeedback.notificationOccurred.ifAvailable('success'),
  error: () => void hapticFeedback.notificationOccurred.ifAvailable('error'),
};

export const telegramBackButton = {
  show: () => void backButton.show.ifAvailable(),
  hide: () => void backButton.hide.ifAvailable(),
  onClick: (listener: () => void): (() => void) => {
    const result = backButton.onClick.ifAvailable(listener);
    return result.ok ? result.data : () => undefined;
  },
};

/** Opens Telegram's share sheet; in a browser, the Web Share API or the t.me share page. */
export function shareLink(url: string, text: string): void {
  if (shareURL.ifAvailable(url, text).ok) return;
  const shareUrl = `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`;
  if (openTelegramLink.ifAvailable(shareUrl).ok) return;
  if (navigator.share) void navigator.share({ url, text }).catch(() => undefined);
  else window.open(shareUrl, '_blank', 'noopener');
}

/** Opens a t.me link inside Telegram (a sticker set, a channel), else in a new tab. */
export function openTelegram(url: string): void {
  if (!openTelegramLink.ifAvailable(url).ok) window.open(url, '_blank', 'noopener');
}

/** Saves a file through Telegram's download sheet (Bot API 8.0), else a browser download. */
export function saveFile(url: string, fileName: string): void {
  const absolute = new URL(url, window.location.href).href;
  const result = downloadFile.ifAvailable(absolute, fileName);
  if (result.ok) return;
  const link = document.createElement('a');
  link.href = absolute;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/** How Telegram's invoice sheet closed (`invoice_closed`). */
export type InvoiceStatus = 'paid' | 'cancelled' | 'failed' | 'pending';

/**
 * Opens a Stars invoice link (`https://t.me/$…`) in Telegram's payment sheet and resolves with how it
 * closed. Without the SDK's invoices (a plain browser) the link opens as a link and the payment is
 * `pending`: its outcome then arrives on the socket.
 */
export async function openInvoice(link: string): Promise<InvoiceStatus> {
  const opened = invoice.openUrl.ifAvailable(link);
  if (!opened.ok) {
    openTelegram(link);
    return 'pending';
  }
  const status = await opened.data;
  return status === 'paid' || status === 'cancelled' || status === 'pending' ? status : 'failed';
}
