import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import {
  type ClientToServerEvents,
  LIVE_RATING_TABS,
  type LiveRatingTab,
  RATING_PERIODS,
  type RatingPeriod,
  type RatingUpdate,
  type RatingWatchAck,
  type ServerToClientEvents,
} from '@mememint/contracts';
import type { Server, Socket } from 'socket.io';

import { SOCKET_SERVER_OPTIONS } from '../realtime/socket-server-options.js';
import { boardName, type LiveBoard } from './live-boards.js';

type RatingServer = Server<ClientToServerEvents, ServerToClientEvents>;
type RatingSocket = Socket<ClientToServerEvents, ServerToClientEvents>;

/** Watchers of a board share a room, on whichever replica they are connected. */
function roomOf(board: LiveBoard): string {
  return `rating:${boardName(board)}`;
}

function parseBoard(request: unknown): LiveBoard | null {
  const { tab, period } = (request ?? {}) as { tab?: unknown; period?: unknown };
  return (LIVE_RATING_TABS as readonly unknown[]).includes(tab) &&
    (RATING_PERIODS as readonly unknown[]).includes(period)
    ? { tab: tab as LiveRatingTab, period: period as RatingPeriod }
    : null;
}

const BAD_REQUEST: RatingWatchAck = {
  ok: false,
  detail: `Give {tab: ${LIVE_RATING_TABS.join('|')}, period: ${RATING_PERIODS.join('|')}}`,
};

/**
 * `rating:watch` / `rating:unwatch` on the app's Socket.IO server (the realtime gateway's: same path,
 * its handshake authentication): a watcher joins the board's room, and `rating:update` is sent to
 * the room, which the Redis adapter carries to every replica.
 */
@WebSocketGateway(SOCKET_SERVER_OPTIONS)
export class RatingGateway {
  @WebSocketServer()
  private readonly server!: RatingServer;

  @SubscribeMessage('rating:watch')
  async watch(
    @ConnectedSocket() socket: RatingSocket,
    @MessageBody() request: unknown,
  ): Promise<RatingWatchAck> {
    const board = parseBoard(request);
    if (!board) return BAD_REQUEST;
    await socket.join(roomOf(board));
    return { ok: true };
  }

  @SubscribeMessage('rating:unwatch')
  async unwatch(
    @ConnectedSocket() socket: RatingSocket,
    @MessageBody() request: unknown,
  ): Promise<RatingWatchAck> {
    const board = parseBoard(request);
    if (!board) return BAD_REQUEST;
    await socket.leave(roomOf(board));
    return { ok: true };
  }

  /** Someone connected to this replica watches the board. */
  hasLocalWatchers(board: LiveBoard): boolean {
    return (this.server.of('/').adapter.rooms.get(roomOf(board))?.size ?? 0) > 0;
  }

  /** Sends the update to the board's watchers on every replica. */
  broadcast(update: RatingUpdate): void {
    this.server.to(roomOf(update)).emit('rating:update', update);
  }
}
