import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { MetricsServer } from '../src/metrics/metrics.server.js';
import { MetricsService } from '../src/metrics/metrics.service.js';
import { bearer, newPlayer, type Player } from './helpers/memes.js';
import { SocketRecorder } from './helpers/socket-recorder.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** The value of one series in Prometheus' text format (`name{labels} value`), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('Prometheus metrics', () => {
  let t: TestApp;
  let player: Player;
  let scrape: () => Promise<string>;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    player = await newPlayer(t.server, t.config);
    const port = t.app.get(MetricsServer).port;
    scrape = async () => {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      return res.text();
    };
  });
  afterAll(() => t.close());

  it('are served on their own port only, never on the public one', async () => {
    await request(t.server).get('/metrics').expect(404);
    await request(t.server).get('/api/metrics').expect(404);
    const port = t.app.get(MetricsServer).port;
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    expect(await scrape()).toContain('# TYPE process_resident_memory_bytes gauge');
  });

  it('time HTTP requests by route template, not by raw path', async () => {
    for (let i = 0; i < 3; i++) {
      await request(t.server)
        .get(`/api/v1/memes/generations/${randomUUID()}/status`)
        .set(bearer(player))
        .expect(404);
    }
    await request(t.server).get('/api/health').expect(200);
    await request(t.server).get(`/api/nothing/${randomUUID()}`).expect(404);
    const text = await scrape();
    expect(
      sample(
        text,
        'mememint_http_request_duration_seconds_count{method="GET",route="/api/v1/memes/generations/:id/status",status_code="404"}',
      ),
    ).toBe(3);
    expect(
      sample(
        text,
        'mememint_http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(
        text,
        'mememint_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}',
      ),
    ).toBe(1);
    expect(text).not.toMatch(/route="[^"]*[0-9a-f]{8}-[0-9a-f]{4}/);
  });

  it('count the sockets open on this replica when scraped', async () => {
    expect(sample(await scrape(), 'mememint_socket_connections')).toBe(0);
    const sockets = [
      await SocketRecorder.connect(t.server, player.token),
      await SocketRecorder.connect(t.server, player.token),
    ];
    expect(sample(await scrape(), 'mememint_socket_connections')).toBe(2);
    sockets[0]!.close();
    // The server sees the close a moment later.
    for (let i = 0; i < 50 && sample(await scrape(), 'mememint_socket_connections') !== 1; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(sample(await scrape(), 'mememint_socket_connections')).toBe(1);
    sockets[1]!.close();
  });

  it('have the rate-limit and ledger counters ready for their callers', async () => {
    const metrics = t.app.get(MetricsService);
    metrics.countRateLimitRefusal('login');
    metrics.countLedgerWrites('generation', 2);
    const text = await scrape();
    expect(sample(text, 'mememint_rate_limit_refusals_total{limit="login"}')).toBe(1);
    expect(sample(text, 'mememint_ledger_writes_total{reason="generation"}')).toBe(2);
  });
});
