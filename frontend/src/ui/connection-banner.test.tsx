import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { act, render, screen } from '@testing-library/react';
import { Server } from 'socket.io';
import { describe, expect, it } from 'vitest';

import { NetworkError } from '../lib/api-errors';
import { connectSocket, watchSocket } from '../lib/socket';
import { reportError } from '../lib/services';
import { connection, connectionTrouble, subscribeConnection } from './connection';
import { ConnectionBanner } from './ConnectionBanner';
import { ToastHost } from './ToastHost';

describe('the connection banner', () => {
  it('says it once however many calls fail, then goes when a request is answered', () => {
    render(
      <>
        <ConnectionBanner />
        <ToastHost />
      </>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => {
      reportError(new NetworkError(true));
      reportError(new NetworkError(false));
      connection.reconnecting();
    });
    // One line, the network first: no stack of toasts over the heading.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByTestId('connection-banner')).toHaveTextContent('Bad internet connection');
    act(() => connection.reachable());
    expect(screen.getByTestId('connection-banner')).toHaveTextContent('Reconnecting');
  });

  it('says "Reconnecting" while the live socket is down, and nothing once it is connected again', async () => {
    const http = createServer();
    const io = new Server(http, { path: '/socket.io' });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const said: Array<string | null> = [];
    const unsubscribe = subscribeConnection(() => said.push(connectionTrouble()));
    const client = connectSocket(() => 'jwt', `http://127.0.0.1:${(http.address() as AddressInfo).port}`);
    try {
      watchSocket(client, {
        onBalance: () => undefined,
        onReconnecting: connection.reconnecting,
        onConnected: connection.connected,
        getToken: () => 'jwt',
        renewAuth: () => Promise.resolve(false),
      });
      await new Promise((resolve) => client.once('connect', () => resolve(null)));
      expect(said).toEqual([]);

      const back = new Promise((resolve) => client.once('connect', () => resolve(null)));
      for (const socket of io.sockets.sockets.values()) socket.conn.close(); // the network drops
      await back;
      // It said "Reconnecting" while the socket was down, and nothing once it was back.
      expect(said).toEqual(['reconnecting', null]);
    } finally {
      unsubscribe();
      client.disconnect();
      await new Promise<void>((resolve) => void io.close(() => resolve()));
    }
  });
});
