import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { useSocket } from '../../lib/realtime';
import { feedKeys } from './api/keys';

/** `feed:settled`: a day's meme of the day is known, so the banner, the votes' outcomes and the pages reload. */
export function useFeedSettled(onSettled?: (payload: { date: string; memeId: string | null }) => void) {
  const socket = useSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const listener = (payload: { date: string; memeId: string | null }) => {
      void queryClient.invalidateQueries({ queryKey: feedKeys.all() });
      onSettled?.(payload);
    };
    socket.on('feed:settled', listener);
    return () => {
      socket.off('feed:settled', listener);
    };
  }, [socket, queryClient, onSettled]);
}
