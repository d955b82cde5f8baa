import type { FeedItemDto, SwipeResultDto } from '@mememint/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';

import { ApiError } from '../../lib/api-errors';
import { useReloadOnNewMemes } from '../../lib/new-memes';
import { haptic } from '../../telegram/sdk';
import { DECK_SIZE, useDeckQuery } from './api/get-deck';
import { swipeKeys } from './api/keys';
import { useSwipeMeme } from './api/swipe-meme';

/** Cards left at which the next batch is asked for, so a swipe never waits on the network. */
export const REFILL_AT = 5;
/** Pictures (thumbnails) fetched ahead of the top card. */
const PRELOAD = 5;

/** Adds the cards of a new batch that the queue has not seen (a refetch deals some again). */
export function mergeDeck(
  queue: FeedItemDto[],
  batch: FeedItemDto[],
  seen: ReadonlySet<string>,
): FeedItemDto[] {
  const fresh = batch.filter((item) => !seen.has(item.id));
  return fresh.length ? [...queue, ...fresh] : queue;
}

export type SwipeProblem = 'noSwipes' | null;

/**
 * The deck: a local queue of cards fed by `GET /v1/swipes/` batches, the top card swiped away at once
 * (the call runs behind it), the next batch asked for while REFILL_AT cards are left, the pictures of
 * the next cards preloaded. On a slow link the first card's picture has the network to itself: the
 * cards under it and the preloads wait until it is in (`pictureIn`). A swipe refused for lack of
 * swipes or pace puts the card back on top.
 */
export function useSwipeDeck({
  onGift,
}: { onGift?: (gift: NonNullable<SwipeResultDto['gift']>) => void } = {}) {
  const deck = useDeckQuery();
  // New memes: "You have seen every meme" does not stay (issue 22, defect 3).
  useReloadOnNewMemes(swipeKeys.deck());
  const [queue, setQueue] = useState<FeedItemDto[]>([]);
  const [problem, setProblem] = useState<SwipeProblem>(null);
  /** The first top card's picture has loaded (or failed): the rest may use the network. */
  const [pictureIn, setPictureIn] = useState(false);
  const seen = useRef(new Set<string>());
  const swiped = useRef(new Map<string, FeedItemDto>());

  useEffect(() => {
    if (!deck.data) return;
    // Outside the state updater: React may call an updater twice, and `seen` must change once.
    const fresh = mergeDeck([], deck.data.items, seen.current);
    for (const item of fresh) seen.current.add(item.id);
    if (fresh.length) setQueue((current) => [...current, ...fresh]);
  }, [deck.data]);

  const swipe = useSwipeMeme({
    onSuccess: (answer) => {
      if (answer.gift) onGift?.(answer.gift);
    },
    onError: (error, { memeId }) => {
      if (!(error instanceof ApiError)) return;
      const noSwipes = error.status === 400 && error.body?.nextRefillAt !== undefined;
      if (noSwipes) setProblem('noSwipes');
      // No swipes left or too fast: nothing was spent, the card comes back on top.
      const card = swiped.current.get(memeId);
      if ((noSwipes || error.status === 429) && card) {
        setQueue((current) => (current.some((item) => item.id === memeId) ? current : [card, ...current]));
      }
    },
  });

  const lastBatchFull = (deck.data?.items.length ?? 0) >= DECK_SIZE;
  const { refetch, isFetching } = deck;
  useEffect(() => {
    if (queue.length <= REFILL_AT && lastBatchFull && !isFetching) void refetch();
  }, [queue.length, lastBatchFull, isFetching, refetch]);

  useEffect(() => {
    if (!pictureIn) return;
    for (const item of queue.slice(1, 1 + PRELOAD)) {
      const image = new Image();
      image.src = item.thumbnailUrl;
    }
  }, [queue, pictureIn]);

  const pictureSettled = useCallback(() => setPictureIn(true), []);

  const swipeTop = useCallback(
    (like: boolean) => {
      const top = queue[0];
      if (!top) return;
      haptic.tap();
      setProblem(null);
      swiped.current.set(top.id, top);
      setQueue((current) => current.slice(1));
      swipe.mutate({ memeId: top.id, like });
    },
    [queue, swipe],
  );

  const reload = useCallback(() => void refetch(), [refetch]);

  return {
    cards: queue,
    loading: deck.isPending,
    /** The deck could not be loaded (nothing to show but "Try again"). */
    failed: deck.isError && !deck.data,
    fetching: isFetching,
    problem,
    /** The first top card's picture is in: draw the cards under it. */
    pictureIn,
    pictureSettled,
    swipe: swipeTop,
    reload,
  };
}
