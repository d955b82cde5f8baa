import type { Server, ServerResponse } from 'node:http';

import type { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';

import type { AppConfig } from './config/app.config.js';
import { RealtimeGateway } from './realtime/realtime.gateway.js';

/**
 * SIGTERM (or SIGINT) to an API replica under traffic: it closes the idle keep-alive connections first
 * (no request of theirs is lost), stops listening, answers the requests in flight and any later one
 * with `Connection: close` (so their clients open a new connection, to another replica, instead of
 * sending the next request down one that is about to close: a reset POST cannot tell whether it ran), drops its Socket.IO connections at the
 * transport (clients reconnect on their own, through the load balancer to another replica; a
 * server-side `disconnect` would tell them not to), lets the HTTP requests in flight finish for up to
 * SHUTDOWN_GRACE_SECONDS, and only then closes the app (Bull listeners, Redis, PostgreSQL) and exits 0.
 * Nest's own shutdown hooks are not used: Socket.IO's close closes the shared HTTP server first, so
 * Nest's wait for it returned at once and the database went away under the requests in flight.
 */
export function closeOnSignals(app: NestExpressApplication, config: AppConfig, logger: Logger): void {
  let stopping = false;
  const server = app.getHttpServer() as Server;
  const inFlight = new Set<ServerResponse>();
  server.on('request', (_req, res: ServerResponse) => {
    if (stopping) return lastOnItsConnection(res);
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal}: draining HTTP requests and sockets, then exiting`);
    server.closeIdleConnections();
    for (const res of inFlight) lastOnItsConnection(res);
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    app.get(RealtimeGateway, { strict: false }).dropConnections();
    const deadline = setTimeout(() => {
      logger.warn(`Requests still open after ${config.shutdownGraceSeconds} s: closing them`);
      server.closeAllConnections();
    }, config.shutdownGraceSeconds * 1000);
    await drained;
    clearTimeout(deadline);
    await app.close();
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      stop(signal).catch((error: unknown) => {
        logger.error({ error: String(error) }, 'Shutdown failed');
        process.exit(1);
      });
    });
  }
}

/**
 * This answer is the last on its connection: `Connection: close` when its headers are still to go,
 * else the connection ends once the answer is out.
 */
function lastOnItsConnection(res: ServerResponse): void {
  if (!res.headersSent) res.setHeader('Connection', 'close');
  else res.once('finish', () => res.socket?.end());
}
