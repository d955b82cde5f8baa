/** The Telegram clients the game runs on (docs/SPEC.md §1, §6). */
export const SUPPORTED_PLATFORMS = ['android', 'android_x', 'ios'] as const;

export function isSupportedPlatform(platform: string | undefined): boolean {
  return (SUPPORTED_PLATFORMS as readonly string[]).includes(platform ?? '');
}

/** Telegram's desktop and web clients: only admins pass on them (the operator console, issue 26). */
export const DESKTOP_PLATFORMS = ['tdesktop', 'macos', 'web', 'weba', 'webk', 'unigram'] as const;

export function isDesktopPlatform(platform: string | undefined): boolean {
  return (DESKTOP_PLATFORMS as readonly string[]).includes(platform ?? '');
}
