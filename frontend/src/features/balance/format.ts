/** Two decimals at most, cut rather than rounded so 999 999 never reads as "1000K". */
function shortDecimal(value: number): string {
  const cut = Math.floor(value * 100) / 100;
  return String(Number(cut.toFixed(2)));
}

/** Coin balance of the top menu (docs/SPEC.md §2): plain below 1000, else K or M. */
export function formatCoins(value: number): string {
  const n = Math.max(0, Math.floor(value));
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${shortDecimal(n / 1000)}K`;
  return `${shortDecimal(n / 1_000_000)}M`;
}

/** A whole number as the player's language writes it ("2,501,259", "2 501 259"). */
export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(value);
}

/** The swipe bar's scale: current over 60, or over current once a purchase took it past 60. */
export const SWIPE_BAR_MAX = 60;

export function swipeBar(current: number): { current: number; max: number; fraction: number } {
  const value = Math.max(0, current);
  const max = Math.max(SWIPE_BAR_MAX, value);
  return { current: value, max, fraction: value / max };
}

/** Below 1 credit the generation limit is reached (docs/SPEC.md §4). */
export function isLimitReached(generationLimit: number): boolean {
  return generationLimit < 1;
}
