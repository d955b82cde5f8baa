import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';

import { LedgerService } from '../src/ledger/ledger.service.js';
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

  it('count ledger entries written by reason once their transaction commits', async () => {
    const ledger = t.app.get(LedgerService);
    const before = sample(await scrape(), 'mememint_ledger_writes_total{reason="admin-grant"}') ?? 0;
    await ledger.addCredits(player.tgId, 2, { reason: 'admin-grant', idempotencyKey: 'metrics-1' });
    await ledger.addCredits(player.tgId, 2, { reason: 'admin-grant', idempotencyKey: 'metrics-1' });
    await ledger.addCredits(player.tgId, 1, { reason: 'admin-grant' });
    expect(sample(await scrape(), 'mememint_ledger_writes_total{reason="admin-grant"}')).toBe(before + 2);
  });

  it('count the refusals of the rate limits by limit', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_AUTH_FAILURES_PER_ADDRESS: '1' } });
    try {
      const login = () =>
        request(limited.server).post('/api/v1/auth/login/').send({ initData: 'user=x&hash=0' });
      await login().expect(401);
      await login().expect(429);
      await login().expect(429);
      const text = await limited.app.get(MetricsService).registry.metrics();
      expect(sample(text, 'mememint_rate_limit_refusals_total{limit="auth-failures:address"}')).toBe(2);
    } finally {
      await limited.close();
    }
  });
});
