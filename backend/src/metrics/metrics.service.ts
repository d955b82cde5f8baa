import type { IncomingMessage, ServerResponse } from 'node:http';

import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds: from a cached read to a slow upload. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The API's Prometheus metrics, one registry per app (tests boot several in one process). Other
 * modules count through the methods here: the rate limits call `countRateLimitRefusal`, the ledger
 * `countLedgerWrites` (both to be wired where those live; the counters are exported from the start
 * so dashboards and alerts can be written against them).
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  private readonly httpDuration = new Histogram({
    name: 'mememint_http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status, from arrival to the last byte sent',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });

  private readonly rateLimitRefusals = new Counter({
    name: 'mememint_rate_limit_refusals_total',
    help: 'Requests answered 429 by a rate limit, by limit',
    labelNames: ['limit'] as const,
    registers: [this.registry],
  });

  private readonly ledgerWrites = new Counter({
    name: 'mememint_ledger_writes_total',
    help: 'Ledger entries written (balance changes), by reason',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  private readonly swipeBatchSize = new Histogram({
    name: 'mememint_swipe_batch_size',
    help: 'Swipes per batch statement (group commit: they grow with the load)',
    buckets: [1, 2, 5, 10, 20, 50, 100],
    registers: [this.registry],
  });

  private readonly ratingBoardComputations = new Counter({
    name: 'mememint_rating_board_computations_total',
    help: 'Live boards this replica computed for a broadcast (one per board and interval across replicas)',
    registers: [this.registry],
  });

  private readonly ratingBroadcastDuration = new Histogram({
    name: 'mememint_rating_broadcast_duration_seconds',
    help: 'The live board broadcast call: one update encoded and written to every watcher of this replica',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** A gauge read when Prometheus scrapes (e.g. open sockets), so nothing has to keep it current. */
  gaugeAtScrape(name: string, help: string, read: () => number): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  countRateLimitRefusal(limit: string): void {
    this.rateLimitRefusals.inc({ limit });
  }

  countLedgerWrites(reason: string, entries = 1): void {
    this.ledgerWrites.inc({ reason }, entries);
  }

  countRatingBoardComputation(): void {
    this.ratingBoardComputations.inc();
  }

  observeRatingBroadcast(seconds: number): void {
    this.ratingBroadcastDuration.observe(seconds);
  }

  observeSwipeBatch(swipes: number): void {
    this.swipeBatchSize.observe(swipes);
  }

  /**
   * Express middleware timing every request under the route template it matched
   * (`/api/v1/memes/:id`), never the raw path: ids would make a series per request. Requests no
   * route matched are `static` (the mini app's files) or `unmatched` (404s).
   */
  httpMiddleware() {
    return (req: Request, res: Response, next: NextFunction): void => {
      const end = this.httpDuration.startTimer();
      res.once('finish', () => {
        const template = req.route?.path as string | undefined;
        end({
          method: req.method,
          route:
            template === undefined ? (res.statusCode < 400 ? 'static' : 'unmatched') : req.baseUrl + template,
          status_code: res.statusCode,
        });
      });
      next();
    };
  }

  /** `GET /metrics` in Prometheus' text format; anything else is 404. */
  async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not found"}');
      return;
    }
    const body = await this.registry.metrics();
    res.writeHead(200, { 'content-type': this.registry.contentType }).end(body);
  }
}
