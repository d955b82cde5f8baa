import type { Server } from 'node:http';

import type { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';

import type { AppConfig } from './config/app.config.js';
import { RealtimeGateway } from './realtime/realtime.gateway.js';

/**
 * SIGTERM (or SIGINT) to an API replica under traffic: it stops listening, tells keep-alive clients to
 * reconnect (`Connection: close` on every answer from then on), drops its Socket.IO connections at the
 * transport (clients reconnect on their own, through the load balancer to another replica; a
 * server-side `disconnect` would tell them not to), lets the HTTP requests in flight finish for up to
 * SHUTDOWN_GRACE_SECONDS, and only then closes the app (Bull listeners, Redis, PostgreSQL) and exits 0.
 * Nest's own shutdown hooks are not used: Socket.IO's close closes the shared HTTP server first, so
 * Nest's wait for it returned at once and the database went away under the requests in flight.
 */
export function closeOnSignals(app: NestExpressApplication, config: AppConfig, logger: Logger): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal}: draining HTTP requests and sockets, then exiting`);
    const server = app.getHttpServer() as Server;
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    server.on('request', (_req, res) => res.setHeader('Connection', 'close'));
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
