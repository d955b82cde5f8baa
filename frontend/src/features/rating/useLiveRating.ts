import type {
  LiveRatingTab,
  RatingPeriod,
  RatingPlayersResponse,
  RatingSquadsResponse,
  RatingUpdate,
} from '@mememint/contracts';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect } from 'react';

import { useSocket } from '../../lib/realtime';
import { ratingKeys } from './api/keys';

type Board = InfiniteData<RatingPlayersResponse | RatingSquadsResponse | null, number>;

/** The first page of a board replaced by the top entries an update carries (later pages stay). */
export function applyUpdate(
  board: Board | undefined,
  update: RatingUpdate,
  myTgId: number,
): Board | undefined {
  if (!board?.pages[0]) return board;
  const first = board.pages[0];
  let next: RatingPlayersResponse | RatingSquadsResponse;
  if (update.tab === 'global') {
    const players = first as RatingPlayersResponse;
    const mine = update.items.find((entry) => entry.tgId === myTgId);
    next = {
      ...players,
      items: update.items,
      me: mine ? { rank: mine.rank, score: mine.score } : players.me,
    };
  } else {
    next = { ...(first as RatingSquadsResponse), items: update.items };
  }
  return { ...board, pages: [next, ...board.pages.slice(1)] };
}

/**
 * Live board while the screen shows it: `rating:watch` on mount (and again after a reconnect), each
 * `rating:update` of this board written into the cached first page, `rating:unwatch` on leave.
 */
export function useLiveRating(tab: LiveRatingTab | null, period: RatingPeriod, myTgId: number) {
  const socket = useSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket || !tab) return;
    const request = { tab, period };
    const watch = () => void socket.emit('rating:watch', request);
    const onUpdate = (update: RatingUpdate) => {
      if (update.tab !== tab || update.period !== period) return;
      queryClient.setQueryData<Board>(ratingKeys.board(tab, period), (board) =>
        applyUpdate(board, update, myTgId),
      );
    };
    socket.on('rating:update', onUpdate);
    socket.on('connect', watch);
    if (socket.connected) watch();
    return () => {
      socket.off('rating:update', onUpdate);
      socket.off('connect', watch);
      socket.emit('rating:unwatch', request);
    };
  }, [socket, tab, period, myTgId, queryClient]);
}
