import type * as TelegramSdk from './sdk-parts';

/**
 * Telegram's SDK, loaded once the first screen is up (`startTelegram`): on a weak phone its code
 * (with valibot and fp-ts) and its start cost more than the rest of start-up, which needs only the
 * launch parameters (./launch reads them without it). Until it is there, haptics are skipped, the
 * back button's calls wait for it, and links, shares and downloads take the browser's way.
 */
let sdk: typeof TelegramSdk | undefined;
let started: Promise<typeof TelegramSdk> | undefined;
let sdkStarted: (module: typeof TelegramSdk) => void = () => undefined;
const whenStarted = new Promise<typeof TelegramSdk>((resolve) => (sdkStarted = resolve));

/** Runs `call` with the started SDK: now, or once it has started. */
function withSdk(call: (module: typeof TelegramSdk) => void): void {
  if (sdk) call(sdk);
  else void whenStarted.then(call);
}

/**
 * Loads and initialises the SDK (once) and the phone-app behaviour of docs/SPEC.md §2: theme colours as
 * CSS variables, the app expanded, vertical swipes (swipe-to-close) disabled, then `ready`. Features an
 * old client lacks are skipped. `beforeInit` installs the imitated client outside Telegram.
 */
export function startTelegram(beforeInit?: () => Promise<void>): Promise<void> {
  started ??= (async () => {
    const module = await import('./sdk-parts');
    await beforeInit?.();
    const { backButton, init, miniApp, swipeBehavior, themeParams, viewport } = module;
    init();
    backButton.mount.ifAvailable();
    swipeBehavior.mount.ifAvailable();
    swipeBehavior.disableVertical.ifAvailable();
    themeParams.mount.ifAvailable();
    themeParams.bindCssVars.ifAvailable();
    miniApp.mount.ifAvailable();
    miniApp.bindCssVars.ifAvailable();
    miniApp.ready.ifAvailable();
    sdk = module;
    sdkStarted(module);
    try {
      const mounting = viewport.mount.ifAvailable();
      if (mounting.ok) await mounting.data;
      viewport.bindCssVars.ifAvailable();
      viewport.expand.ifAvailable();
    } catch {
      // Viewport data is cosmetic (CSS variables); the app works with the browser's own.
    }
    return module;
  })();
  // A failed load (the network dropped) is tried again by the next call.
  void started.catch(() => (started = undefined));
  return started.then(() => undefined);
}

export const haptic = {
  tap: () => void sdk?.hapticFeedback.impactOccurred.ifAvailable('light'),
  select: () => void sdk?.hapticFeedback.selectionChanged.ifAvailable(),
  success: () => void sdk?.hapticFeedback.notificationOccurred.ifAvailable('success'),
  error: () => void sdk?.hapticFeedback.notificationOccurred.ifAvailable('error'),
};

export const telegramBackButton = {
  show: () => withSdk((module) => void module.backButton.show.ifAvailable()),
  hide: () => withSdk((module) => void module.backButton.hide.ifAvailable()),
  onClick: (listener: () => void): (() => void) => {
    let off: (() => void) | undefined;
    let removed = false;
    withSdk((module) => {
      if (removed) return;
      const result = module.backButton.onClick.ifAvailable(listener);
      if (result.ok) off = result.data;
    });
    return () => {
      removed = true;
      off?.();
    };
  },
};

/** Opens Telegram's share sheet; in a browser, the Web Share API or the t.me share page. */
export function shareLink(url: string, text: string): void {
  if (sdk?.shareURL.ifAvailable(url, text).ok) return;
  const shareUrl = `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`;
  if (sdk?.openTelegramLink.ifAvailable(shareUrl).ok) return;
  if (navigator.share) void navigator.share({ url, text }).catch(() => undefined);
  else window.open(shareUrl, '_blank', 'noopener');
}

/** Opens a t.me link inside Telegram (a sticker set, a channel), else in a new tab. */
export function openTelegram(url: string): void {
  if (!sdk?.openTelegramLink.ifAvailable(url).ok) window.open(url, '_blank', 'noopener');
}

/** Saves a file through Telegram's download sheet (Bot API 8.0), else a browser download. */
export function saveFile(url: string, fileName: string): void {
  const absolute = new URL(url, window.location.href).href;
  if (sdk?.downloadFile.ifAvailable(absolute, fileName).ok) return;
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
  // Started after start-up: a player who pays before it is in waits for it.
  const module = started && (await started.catch(() => undefined));
  const opened = module?.invoice.openUrl.ifAvailable(link);
  if (!opened?.ok) {
    openTelegram(link);
    return 'pending';
  }
  const status = await opened.data;
  return status === 'paid' || status === 'cancelled' || status === 'pending' ? status : 'failed';
}
