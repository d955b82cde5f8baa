import type { AppConfig } from '../config/app.config.js';

type TelegramNames = Pick<AppConfig['telegram'], 'botUsername' | 'appName'>;

/**
 * The mini app's link `https://t.me/<bot>/<app>` from the backend's config (the one source of both
 * names); with a start parameter the app opens with it (`?startapp=…`).
 */
export function miniAppLink(telegram: TelegramNames, startParam?: string): string {
  const link = `https://t.me/${telegram.botUsername}/${telegram.appName}`;
  return startParam === undefined ? link : `${link}?startapp=${encodeURIComponent(startParam)}`;
}

/** GAME.md "Referrals": `https://t.me/<bot>/<app>?startapp=ref_<tgId>`. */
export function inviteLink(telegram: TelegramNames, tgId: number): string {
  return miniAppLink(telegram, `ref_${tgId}`);
}
