import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { useSocket } from './realtime';

const publishedHere = new Set<() => void>();

/**
 * This player published a meme: the screens showing memes load again at once (everyone's
 * `memes:published` comes up to 10 s later).
 */
export function announcePublishedMeme(): void {
  for (const listener of publishedHere) listener();
}

/** Loads the query of `key` (a JSON query key) again, without cutting short a load under way. */
function reloader(queryClient: QueryClient, key: string): () => void {
  const queryKey = JSON.parse(key) as QueryKey;
  return () => void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
}

/**
 * Keeps a list of memes fresh (issue 22, defect 3): the query loads again when memes are published
 * (`memes:published` on the socket, or this player's own publish), when the player comes back to
 * the screen (it mounts again with the list in the cache) and when the app comes back to the
 * foreground. A load under way is not cut short for it.
 */
export function useReloadOnNewMemes(queryKey: QueryKey): void {
  const socket = useSocket();
  const queryClient = useQueryClient();
  const key = JSON.stringify(queryKey);

  useEffect(() => {
    const reload = reloader(queryClient, key);
    // Back on the screen: what the cache holds may be old. The first visit loads it anyway.
    const cached = queryClient.getQueriesData({ queryKey: JSON.parse(key) as QueryKey });
    if (cached.some(([, data]) => data !== undefined)) reload();
    const visible = () => {
      if (document.visibilityState === 'visible') reload();
    };
    publishedHere.add(reload);
    document.addEventListener('visibilitychange', visible);
    return () => {
      publishedHere.delete(reload);
      document.removeEventListener('visibilitychange', visible);
    };
  }, [queryClient, key]);

  useEffect(() => {
    if (!socket) return;
    const reload = reloader(queryClient, key);
    socket.on('memes:published', reload);
    return () => {
      socket.off('memes:published', reload);
    };
  }, [socket, queryClient, key]);
}
