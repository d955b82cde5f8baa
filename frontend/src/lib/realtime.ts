import { createContext, useContext } from 'react';

import type { GameSocket } from './socket';

/**
 * The session's one Socket.IO connection (null until signed in), provided by the app's realtime
 * provider. Its events are typed by the maps in contracts (`ServerToClientEvents`).
 */
export const RealtimeContext = createContext<GameSocket | null>(null);

export function useSocket(): GameSocket | null {
  return useContext(RealtimeContext);
}
