/** The Telegram clients the game runs on (docs/SPEC.md §1, §6). */
export const SUPPORTED_PLATFORMS = ['android', 'android_x', 'ios'] as const;

export function isSupportedPlatform(platform: string | undefined): boolean {
  return (SUPPORTED_PLATFORMS as readonly string[]).includes(platform ?? '');
}
