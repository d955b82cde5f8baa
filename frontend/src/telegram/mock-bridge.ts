import { emitEvent, mockTelegramEnv } from '@tma.js/sdk-react';
import type { DevTelegramResponse } from '@mememint/contracts';

import type { MockLaunch } from './mock-env';
import type { InvoiceStatus } from './sdk';

type HapticParams = { type: string; style?: string; notification_type?: string };
declare global {
  interface Window {
    /** The haptic feedback the imitated client was asked for, in order. */
    __telegramHaptics?: HapticParams[];
  }
}

/**
 * The imitated Telegram client (./mock-env decides its launch) installed into the SDK, before the SDK
 * starts: it answers the SDK's requests (theme, viewport, safe areas) and plays the payment sheet.
 */
export function installMockBridge(
  launch: MockLaunch,
  session: {
    /** Where the fake Bot API is (the backend's development route). */
    devTelegram: () => Promise<DevTelegramResponse>;
    /** The signed-in player's Telegram id: who pays. */
    playerId: () => number | undefined;
  },
): void {
  const { themeParams } = launch;
  const noInsets = { top: 0, bottom: 0, left: 0, right: 0 };
  mockTelegramEnv({
    resetPostMessage: true,
    launchParams: {
      tgWebAppPlatform: launch.platform,
      tgWebAppVersion: '8.0',
      tgWebAppThemeParams: themeParams,
      tgWebAppStartParam: launch.startParam,
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
        case 'web_app_trigger_haptic_feedback':
          // What the phone would feel, kept for the e2e to read (the imitated client only).
          (window.__telegramHaptics ??= []).push(event.params as HapticParams);
          return;
        case 'web_app_open_invoice': {
          const { slug } = event.params as { slug: string };
          void payInvoice(slug, session).then((status) => emitEvent('invoice_closed', { slug, status }));
          return;
        }
      }
    },
  });
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
