import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { ClientToServerEvents, ServerToClientEvents } from '@mememint/contracts';
import { Server } from 'socket.io';

import { connectSocket, type GameSocket } from '../lib/socket';

/** A real Socket.IO server on a free port and the app's socket connected to it. */
export async function startSocketServer() {
  const http = createServer();
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(http, { path: '/socket.io' });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const client: GameSocket = connectSocket(
    () => 'jwt',
    `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
  );
  await new Promise<void>((resolve) => client.once('connect', () => resolve()));
  return {
    io,
    client,
    close: async () => {
      client.disconnect();
      await new Promise<void>((resolve) => void io.close(() => resolve()));
    },
  };
}
