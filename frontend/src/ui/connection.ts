import { useSyncExternalStore } from 'react';

/**
 * The one place the app says its connection is in trouble (issue 22: toasts stacked over the heading
 * and "Reconnecting" lingered): a request that could not reach the server, or the live socket
 * reconnecting. Each clears on its own good news: a request answered (or the device back online),
 * the socket connected again.
 */
export type ConnectionTrouble = 'offline' | 'reconnecting' | null;

let unreachable = false;
let reconnecting = false;
const listeners = new Set<() => void>();

function set(next: { unreachable?: boolean; reconnecting?: boolean }): void {
  const before = connectionTrouble();
  unreachable = next.unreachable ?? unreachable;
  reconnecting = next.reconnecting ?? reconnecting;
  if (connectionTrouble() !== before) listeners.forEach((listener) => listener());
}

/** What the banner says: no network beats a reconnecting socket. */
export function connectionTrouble(): ConnectionTrouble {
  if (unreachable || (typeof navigator !== 'undefined' && !navigator.onLine)) return 'offline';
  return reconnecting ? 'reconnecting' : null;
}

export const connection = {
  /** A request could not reach the server. */
  unreachable: () => set({ unreachable: true }),
  /** A request was answered: the network is there. */
  reachable: () => set({ unreachable: false }),
  reconnecting: () => set({ reconnecting: true }),
  connected: () => set({ reconnecting: false, unreachable: false }),
  /** Tests start clean. */
  reset: () => set({ unreachable: false, reconnecting: false }),
};

/** Calls `listener` whenever what the banner says changes. */
export function subscribeConnection(listener: () => void): () => void {
  listeners.add(listener);
  const online = () => set({ unreachable: false });
  window.addEventListener('online', online);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', online);
    window.removeEventListener('offline', listener);
  };
}

export function useConnectionTrouble(): ConnectionTrouble {
  return useSyncExternalStore(subscribeConnection, connectionTrouble, () => null);
}
