import {
  type BalanceDto,
  type ClientToServerEvents,
  compareEventIds,
  type EventMeta,
  type ServerToClientEvents,
  type SocketAuth,
} from '@mememint/contracts';
import { Manager, type Socket } from 'socket.io-client';

export type GameSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Socket.IO's event packet type. */
const EVENT_PACKET = 2;

function eventMetaOf(data: unknown): EventMeta | null {
  const last: unknown = Array.isArray(data) && data.length > 2 ? data[data.length - 1] : null;
  return typeof last === 'object' && last !== null && typeof (last as EventMeta).eventId === 'string'
    ? (last as EventMeta)
    : null;
}

/**
 * One Socket.IO connection per session, authenticated with the current JWT on every (re)connect. It
 * names the last event it got (`lastEventId`) when it reconnects, and the server sends what it missed
 * meanwhile; an event seen already (sent live and again with those) is dropped before any handler.
 */
export function connectSocket(getToken: () => string | undefined, url?: string): GameSocket {
  let lastEventId: string | undefined;
  const manager = new Manager(url ?? `${location.protocol}//${location.host}`, {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
  });
  // Registered before the socket's own listener, so it sees each packet first.
  manager.on('packet', (packet: { type: number; nsp: string; data?: unknown }) => {
    if (packet.type !== EVENT_PACKET) return;
    const meta = eventMetaOf(packet.data);
    if (!meta) return;
    if (lastEventId !== undefined && compareEventIds(meta.eventId, lastEventId) <= 0) {
      packet.nsp = '\u0000seen'; // no socket's namespace: nobody handles it again
      return;
    }
    lastEventId = meta.eventId;
  });
  return manager.socket('/', {
    auth: (cb: (data: object) => void) =>
      cb({ token: getToken() ?? '', ...(lastEventId ? { lastEventId } : {}) } satisfies SocketAuth),
  });
}

/** Consecutive refusals after which the socket stops renewing and stays down (the HTTP flow takes over). */
const MAX_RENEWALS = 3;
/** A renewal that got no answer (offline) is tried again after this long. */
const RENEWAL_RETRY_MS = 5000;

/**
 * What the session does with the socket: pushed balances update the user on screen, and a dropped
 * live connection says "Reconnecting" (not the first connect, which start-up covers). The server refuses
 * a handshake with a stale token and closes a socket when its token expires; Socket.IO does not retry
 * either by itself, so the tokens are renewed (`renewAuth`, the API client's one refresh) and the socket
 * connects again.
 */
export function watchSocket(
  socket: GameSocket,
  handlers: {
    onBalance: (balance: BalanceDto) => void;
    onReconnecting: () => void;
    /** Connected (again): what onReconnecting said is over. */
    onConnected?: () => void;
    getToken: () => string | undefined;
    renewAuth: (staleToken: string | undefined) => Promise<boolean>;
  },
): void {
  socket.on('balance', handlers.onBalance);
  let wasConnected = false;
  let renewals = 0;
  socket.on('connect', () => {
    wasConnected = true;
    renewals = 0;
    handlers.onConnected?.();
  });
  socket.io.on('reconnect_attempt', () => {
    if (wasConnected) handlers.onReconnecting();
  });

  const renewAndConnect = async () => {
    if (++renewals > MAX_RENEWALS) return;
    try {
      if (await handlers.renewAuth(handlers.getToken())) socket.connect();
    } catch {
      // The refresh got no answer (the network): the session stands, so try again in a while.
      setTimeout(() => void renewAndConnect(), RENEWAL_RETRY_MS);
    }
  };
  socket.on('connect_error', () => {
    // An active socket retries by itself (network trouble); an inactive one was refused by the server.
    if (!socket.active) void renewAndConnect();
  });
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') void renewAndConnect();
  });
}
