import type { BalanceDto, ClientToServerEvents, ServerToClientEvents } from '@mememint/contracts';
import { io, type Socket } from 'socket.io-client';

export type GameSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** One Socket.IO connection per session, authenticated with the current JWT on every (re)connect. */
export function connectSocket(getToken: () => string | undefined, url?: string): GameSocket {
  const options = {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    auth: (cb: (data: object) => void) => cb({ token: getToken() }),
  };
  return url ? io(url, options) : io(options);
}

/**
 * What the session does with the socket: pushed balances update the user on screen, and a dropped
 * live connection says "Reconnecting" (not the first connect, which start-up covers).
 */
export function watchSocket(
  socket: GameSocket,
  handlers: { onBalance: (balance: BalanceDto) => void; onReconnecting: () => void },
): void {
  socket.on('balance', handlers.onBalance);
  let wasConnected = false;
  socket.on('connect', () => (wasConnected = true));
  socket.io.on('reconnect_attempt', () => {
    if (wasConnected) handlers.onReconnecting();
  });
}
