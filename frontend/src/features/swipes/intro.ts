/**
 * Stored flags of docs/SPEC.md §3 ("skip swipes intro"), per player on this device: a second player on
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

/** docs/SPEC.md §3 "swipes added in last 5 minutes": when the tip about swipes refilled or added shows. */
export const SWIPES_ADDED = 'swipes_added';
export const SWIPES_ADDED_WINDOW_MS = 5 * 60_000;

/** What the tip remembers per player: the balance last seen, and its last rise. */
export interface SwipesAdded {
  /** The swipe balance last seen. */
  seen: number;
  /** When the balance last went up (ms), and by how much. */
  addedAt: number | null;
  added: number;
  /** The tip for that rise has been shown (it shows once). */
  shown: boolean;
}

export function readSwipesAdded(tgId: number): SwipesAdded | null {
  try {
    const stored = globalThis.localStorage?.getItem(key(SWIPES_ADDED, tgId));
    return stored ? (JSON.parse(stored) as SwipesAdded) : null;
  } catch {
    return null;
  }
}

export function writeSwipesAdded(tgId: number, state: SwipesAdded): void {
  try {
    globalThis.localStorage?.setItem(key(SWIPES_ADDED, tgId), JSON.stringify(state));
  } catch {
    // private mode: the tip may show again
  }
}

/**
 * The next state once the balance `swipes` is seen at `now`: a rise (a refill, a purchase, a gift)
 * starts a new tip; the first balance ever seen is no rise.
 */
export function seeSwipes(state: SwipesAdded | null, swipes: number, now: number): SwipesAdded {
  if (state && swipes > state.seen)
    return { seen: swipes, addedAt: now, added: swipes - state.seen, shown: false };
  return {
    seen: swipes,
    addedAt: state?.addedAt ?? null,
    added: state?.added ?? 0,
    shown: state?.shown ?? false,
  };
}

/** Whether the tip shows now: a rise in the last 5 minutes whose tip has not been shown. */
export function swipesAddedDue(state: SwipesAdded, now: number): boolean {
  return !state.shown && state.addedAt !== null && now - state.addedAt < SWIPES_ADDED_WINDOW_MS;
}
