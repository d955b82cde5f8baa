import type { GatewayMetadata } from '@nestjs/websockets';

/**
 * The app's one Socket.IO server (under `/socket.io`): every gateway on it declares the same options,
 * since Nest makes the server with whichever gateway comes first. `perMessageDeflate` stays off
 * (engine.io's default, pinned): with it on, a room broadcast loses its WebSocket frame encoded once
 * for the room, and each watcher's copy is framed (and compressed) on its own — the live boards'
 * fan-out cost (docs/perf-log/rating.md "Rating: live board fan-out").
 */
export const SOCKET_SERVER_OPTIONS = {
  path: '/socket.io',
  serveClient: false,
  perMessageDeflate: false,
} satisfies GatewayMetadata;
