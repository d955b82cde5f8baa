import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';

import { AppConfig } from '../config/app.config.js';
import { MetricsService } from './metrics.service.js';

/**
 * `/metrics` on its own port (METRICS_PORT), never on the public one: the ingress routes only the API
 * port, and Prometheus scrapes this one inside the cluster. Unset, no metrics endpoint is opened.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MetricsServer.name);
  private server?: http.Server;

  constructor(
    private readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {}

  /** The port it listens on (useful when configured as 0); undefined when off. */
  get port(): number | undefined {
    return (this.server?.address() as AddressInfo | null)?.port;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.metrics.port === undefined) return;
    const server = http.createServer((req, res) => {
      this.metrics.serve(req, res).catch((error: unknown) => {
        this.logger.error({ error: String(error) }, 'Serving /metrics failed');
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.metrics.port, resolve);
    });
    this.server = server;
    this.logger.log(`Prometheus metrics on port ${this.port} at /metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
