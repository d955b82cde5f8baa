import type { StickerPackProgress } from '@mememint/contracts';
import { useEffect, useState } from 'react';

import { useSocket } from '../../lib/realtime';

/** The latest `stickers:progress` while `active` (a pack being made or changed); null otherwise. */
export function useStickerProgress(active: boolean): StickerPackProgress | null {
  const socket = useSocket();
  const [progress, setProgress] = useState<StickerPackProgress | null>(null);
  useEffect(() => {
    if (!active || !socket) return;
    const onProgress = (payload: StickerPackProgress) => setProgress(payload);
    socket.on('stickers:progress', onProgress);
    return () => {
      socket.off('stickers:progress', onProgress);
      setProgress(null);
    };
  }, [active, socket]);
  return active ? progress : null;
}
