import type { PendingGiftsDto } from '@mememint/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';

import { useSocket } from '../../lib/realtime';
import { haptic } from '../../telegram/sdk';
import { useGifts } from './api/get-gifts';
import { swipeKeys } from './api/keys';

/**
 * The player's unopened gifts: the list from the API, and each gift a swipe rolls (the swipe's answer
 * or `gift:received` on the socket, whichever comes first) added at once.
 */
export function usePendingGifts() {
  const gifts = useGifts();
  const queryClient = useQueryClient();
  const socket = useSocket();

  const add = useCallback(
    (gift: { id: string }) => {
      queryClient.setQueryData<PendingGiftsDto>(swipeKeys.gifts(), (list) => {
        const items = list?.items ?? [];
        if (items.some((item) => item.id === gift.id)) return list;
        haptic.success();
        return { items: [...items, { id: gift.id, createdAt: new Date().toISOString() }] };
      });
    },
    [queryClient],
  );

  useEffect(() => {
    if (!socket) return;
    socket.on('gift:received', add);
    return () => {
      socket.off('gift:received', add);
    };
  }, [socket, add]);

  return { pending: gifts.data?.items ?? [], add };
}
