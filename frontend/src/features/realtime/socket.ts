import type { ClientToServerEvents, ServerToClientEvents } from '@mememint/contracts';
import { io, type Socket } from 'socket.io-client';

export type GameSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** One Socket.IO connection per session, authenticated with the current JWT on every (re)connect. */
export function connectSocket(getToken: () => string | undefined): GameSocket {
  return io({
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    auth: (cb) => cb({ token: getToken() }),
  });
}
