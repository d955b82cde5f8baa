/**
 * Stored flags of SEED-SPEC §3 ("skip swipes intro"), per player on this device: a second player on
 * the same phone sees the intro too.
 */
const key = (name: string, tgId: number) => `mm_${name}:${tgId}`;

export function isFlagSet(name: string, tgId: number): boolean {
  try {
    return globalThis.localStorage?.getItem(key(name, tgId)) === '1';
  } catch {
    return false;
  }
}

export function setFlag(name: string, tgId: number): void {
  try {
    globalThis.localStorage?.setItem(key(name, tgId), '1');
  } catch {
    // private mode: the intro shows again next time
  }
}

export const SKIP_SWIPES_INTRO = 'skip_swipes_intro';
