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

/** What the tip remembers per player: the balance last seen, its last rise, and when the tip last showed. */
export interface SwipesAdded {
  /** The swipe balance last seen. */
  seen: number;
  /** When the balance last went up (ms), and by how much. */
  addedAt: number | null;
  added: number;
  /** When the tip last showed (ms): it shows at most once in 5 minutes. */
  shownAt: number | null;
}

export function readSwipesAdded(tgId: number): SwipesAdded | null {
  try {
    const stored = globalThis.localStorage?.getItem(key(SWIPES_ADDED, tgId));
    if (!stored) return null;
    const state = JSON.parse(stored) as SwipesAdded & { shown?: boolean };
    // Stored before the tip remembered when it showed: a shown tip counts as shown at its rise.
    return { ...state, shownAt: state.shownAt ?? (state.shown ? state.addedAt : null) };
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
 * is remembered for the tip; the first balance ever seen is no rise, nor one seen while `swiping`
 * (an answer that does not count the swipes still in flight puts their optimistic -1 back).
 */
export function seeSwipes(
  state: SwipesAdded | null,
  swipes: number,
  now: number,
  swiping = false,
): SwipesAdded {
  if (state && swipes > state.seen && !swiping)
    return { seen: swipes, addedAt: now, added: swipes - state.seen, shownAt: state.shownAt };
  return {
    seen: swipes,
    addedAt: state?.addedAt ?? null,
    added: state?.added ?? 0,
    shownAt: state?.shownAt ?? null,
  };
}

/**
 * Whether the tip shows now: a rise in the last 5 minutes that came after the tip last showed, and
 * the tip has not shown in the last 5 minutes (several rises in a row make one tip, not one each).
 */
export function swipesAddedDue(state: SwipesAdded, now: number): boolean {
  if (state.addedAt === null || now - state.addedAt >= SWIPES_ADDED_WINDOW_MS) return false;
  return (
    state.shownAt === null || (state.shownAt < state.addedAt && now - state.shownAt >= SWIPES_ADDED_WINDOW_MS)
  );
}

/**
 * Swipes given back by a refused or failed swipe (its optimistic -1 rolled back): no rise, so the
 * balance last seen takes them in before the bar shows them again.
 */
export function swipesGivenBack(tgId: number, count: number): void {
  const state = readSwipesAdded(tgId);
  if (state) writeSwipesAdded(tgId, { ...state, seen: state.seen + count });
}
