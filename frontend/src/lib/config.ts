/** Build-time settings (VITE_ env); none is secret — everything here ships in the bundle. */
export const config = {
  /** The bot's username and the mini app's short name: the invite link is t.me/<bot>/<app>. */
  botUsername: (import.meta.env.VITE_BOT_USERNAME as string | undefined) ?? 'MemeMintBot',
  appShortName: (import.meta.env.VITE_APP_SHORT_NAME as string | undefined) ?? 'app',
};

/** The mini app in Telegram: `https://t.me/<bot>/<app>`. */
export function appLink(): string {
  return `https://t.me/${config.botUsername}/${config.appShortName}`;
}

/** A link that opens a meme: the mini app with its share id as start parameter. */
export function memeLink(shareId: string): string {
  return `${appLink()}?startapp=meme_${shareId}`;
}

/** Where a player buys credits and boosts: the plans section of the profile. */
export const PLANS_PATH = '/profile#plans';
