import { useSyncExternalStore } from 'react';

/**
 * Whether the API told this player they are banned (403 BANNED on a write), and until when (null:
 * until the moderators lift it). The layout shows the banned screen instead of the game meanwhile.
 */
export interface BanNotice {
  until: string | null;
}

let notice: BanNotice | null = null;
const listeners = new Set<() => void>();

export const banned = {
  set: (until: string | null) => {
    notice = { until };
    listeners.forEach((listener) => listener());
  },
  /** Tests (and a new sign-in) start clean. */
  reset: () => {
    notice = null;
    listeners.forEach((listener) => listener());
  },
  current: () => notice,
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The ban the API last reported, or null. */
export function useBanNotice(): BanNotice | null {
  return useSyncExternalStore(subscribe, banned.current, () => null);
}
