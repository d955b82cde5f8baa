import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { SWIPE_MUTATION_KEY } from './api/swipe-meme';
import {
  readSwipesAdded,
  seeSwipes,
  SWIPES_ADDED_WINDOW_MS,
  swipesAddedDue,
  writeSwipesAdded,
} from './intro';

/**
 * The "swipes added in last 5 minutes" tip (docs/SPEC.md §3): follows the player's swipe balance, and
 * when it rose in the last 5 minutes shows the tip (at most once in 5 minutes, stored per player),
 * until dismissed or the 5 minutes are over. A swipe rolled back is no rise (swipesGivenBack), nor a
 * balance seen while swipes are in flight (their answers may not count each other). While
 * `enabled` is false (another tip is up) it waits.
 */
export function useSwipesAdded(tgId: number, swipes: number, enabled: boolean) {
  const queryClient = useQueryClient();
  const [tip, setTip] = useState<{ added: number; until: number } | null>(null);

  useEffect(() => {
    const now = Date.now();
    const swiping = queryClient.isMutating({ mutationKey: SWIPE_MUTATION_KEY }) > 0;
    const state = seeSwipes(readSwipesAdded(tgId), swipes, now, swiping);
    const due = enabled && swipesAddedDue(state, now);
    writeSwipesAdded(tgId, due ? { ...state, shownAt: now } : state);
    if (due) setTip({ added: state.added, until: state.addedAt! + SWIPES_ADDED_WINDOW_MS });
  }, [tgId, swipes, enabled, queryClient]);

  useEffect(() => {
    if (!tip) return;
    const timer = setTimeout(() => setTip(null), Math.max(0, tip.until - Date.now()));
    return () => clearTimeout(timer);
  }, [tip]);

  return { added: tip?.added ?? 0, visible: tip !== null, dismiss: () => setTip(null) };
}
