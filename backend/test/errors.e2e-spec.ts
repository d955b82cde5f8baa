import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Body, Controller, Get, Module, Post } from '@nestjs/common';
import { IsInt, IsString, Max, Min } from 'class-validator';
import request from 'supertest';
import { DataSource } from 'typeorm';

import { Public } from '../src/common/decorators/public.decorator.js';
import { LogLines } from './helpers/log-lines.js';
import { initDataFor, newTgId } from './helpers/telegram-login.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

class StakeDto {
  @IsString()
  memeId: string;

  @IsInt()
  @Min(1)
  @Max(2 ** 31 - 1)
  amount: number;
}

/** Routes that exercise the global pipe and filter the way feature controllers will. */
@Public()
@Controller('v1/probe')
class ProbeController {
  constructor(private readonly dataSource: DataSource) {}

  @Post('stake/')
  stake(@Body() body: StakeDto) {
    return { memeId: body.memeId, amount: body.amount, amountType: typeof body.amount };
  }

  @Get('crash/')
  crash(): never {
    throw new Error('database password is hunter2');
  }

  /** A query that fails in PostgreSQL with a player's name among its parameters. */
  @Get('query-crash/')
  async queryCrash(): Promise<never> {
    await this.dataSource.query('SELECT $1::text AS name, 1 / 0 AS boom', ['Ivan Secretname']);
    throw new Error('unreachable');
  }

  /** PostgreSQL picks this statement as a deadlock's victim (SQLSTATE 40P01), as it may under load. */
  @Get('deadlock-victim/')
  async deadlockVictim(): Promise<never> {
    await this.dataSource.query(
      `DO $$ BEGIN RAISE EXCEPTION 'deadlock detected' USING ERRCODE = 'deadlock_detected'; END $$`,
    );
    throw new Error('unreachable');
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

describe('errors are {detail} with the right status', () => {
  let t: TestApp;
  const logs = new LogLines();
  beforeAll(async () => {
    t = await createTestApp({
      imports: [ProbeModule],
      env: { JSON_BODY_LIMIT: '2kb', LOG_LEVEL: 'error' },
      logs,
    });
  });
  afterAll(() => t.close());

  it('routes declared with a trailing slash match with and without it', async () => {
    const body = { memeId: 'm1', amount: 3 };
    await request(t.server).post('/api/v1/probe/stake/').send(body).expect(201);
    await request(t.server).post('/api/v1/probe/stake').send(body).expect(201);
  });

  it('an unknown route is 404 {detail}', async () => {
    const res = await request(t.server).get('/api/v1/nothing-here/').expect(404);
    expect(res.body).toEqual({ detail: expect.stringContaining('/api/v1/nothing-here/') });
  });

  it('an invalid field is 400 with a detail naming it', async () => {
    const res = await request(t.server)
      .post('/api/v1/probe/stake/')
      .send({ memeId: 'm1', amount: 0 })
      .expect(400);
    expect(res.body).toEqual({ detail: 'amount must not be less than 1' });
  });

  it('a value of the wrong type is 400 saying the type, not a size rule', async () => {
    const text = await request(t.server)
      .post('/api/v1/probe/stake/')
      .send({ memeId: 'm1', amount: '10' })
      .expect(400);
    expect(text.body).toEqual({ detail: 'amount must be an integer number' });
    const fraction = await request(t.server)
      .post('/api/v1/probe/stake/')
      .send({ memeId: 'm1', amount: 2.5 })
      .expect(400);
    expect(fraction.body).toEqual({ detail: 'amount must be an integer number' });
    const both = await request(t.server)
      .post('/api/v1/probe/stake/')
      .send({ memeId: 7, amount: '10' })
      .expect(400);
    expect(both.body).toEqual({ detail: 'memeId must be a string; amount must be an integer number' });
  });

  it('an unknown field is 400 naming it', async () => {
    const res = await request(t.server)
      .post('/api/v1/probe/stake/')
      .send({ memeId: 'm1', amount: 2, isAdmin: true })
      .expect(400);
    expect(res.body).toEqual({ detail: 'property isAdmin should not exist' });
  });

  it('a missing field is 400 naming it', async () => {
    const res = await request(t.server).post('/api/v1/probe/stake/').send({ amount: 2 }).expect(400);
    expect(res.body.detail).toContain('memeId');
  });

  it('malformed JSON is 400 {detail}', async () => {
    const res = await request(t.server)
      .post('/api/v1/probe/stake/')
      .set('Content-Type', 'application/json')
      .send('{"memeId": ')
      .expect(400);
    expect(res.body).toEqual({ detail: 'Request body is not valid JSON' });
  });

  it('a body over the limit is 413 {detail}', async () => {
    const res = await request(t.server)
      .post('/api/v1/probe/stake/')
      .send({ memeId: 'x'.repeat(4096), amount: 1 })
      .expect(413);
    expect(res.body).toEqual({ detail: 'Request body is too large' });
  });

  it('an unexpected error is 500 with a generic detail that leaks nothing', async () => {
    const res = await request(t.server).get('/api/v1/probe/crash/').expect(500);
    expect(res.body).toEqual({ detail: 'Internal server error' });
  });

  it('a deadlock victim (40P01) is 503 {detail, retryAfter}: rolled back whole, the client may retry (issue 28 #1)', async () => {
    const res = await request(t.server).get('/api/v1/probe/deadlock-victim/').expect(503);
    expect(res.body).toEqual({ detail: expect.any(String), retryAfter: 1 });
  });

  it('a 500 is logged with the request id and the path, never the query string or query parameters', async () => {
    await request(t.server)
      .get('/api/v1/probe/query-crash/?initData=user%3DIvan&token=abc')
      .set('X-Request-Id', 'crash-42')
      .expect(500);
    const lines = logs.lines.filter((line) => (line.req as { id?: string } | undefined)?.id === 'crash-42');
    expect(lines.length).toBeGreaterThan(0);
    const text = JSON.stringify(lines);
    expect(text).not.toContain('Secretname');
    expect(text).not.toContain('initData');
    expect(text).not.toContain('token=abc');
    const logged = lines.find((line) => line.context === 'Exceptions');
    expect(logged).toMatchObject({
      level: 50,
      req: { id: 'crash-42', method: 'GET', url: '/api/v1/probe/query-crash/' },
      error: {
        type: 'QueryFailedError',
        message: 'division by zero',
        code: '22012',
        query: 'SELECT $1::text AS name, 1 / 0 AS boom',
      },
    });
  });

  it('echoes a sane X-Request-Id and invents one otherwise', async () => {
    const given = await request(t.server).get('/api/health').set('X-Request-Id', 'abc-123').expect(200);
    expect(given.headers['x-request-id']).toBe('abc-123');
    const invented = await request(t.server).get('/api/health').set('X-Request-Id', 'bad id; x').expect(200);
    expect(invented.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const res = await request(t.server).get('/api/docs-json').expect(200);
    expect(Object.keys(res.body.paths)).toContain('/api/health');
    await request(t.server).get('/api/docs').expect(200);
  });
});

describe('a request that finds no free database connection in time', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { DATABASE_POOL_SIZE: '2', DATABASE_POOL_TIMEOUT_MS: '1000' } });
  });
  afterAll(() => t.close());

  it('is 503 {detail, retryAfter} with Retry-After, not a 500', async () => {
    // The pool's two connections, held: the login below waits for one and gives up.
    const held = [t.dataSource.createQueryRunner(), t.dataSource.createQueryRunner()];
    for (const runner of held) await runner.connect();
    try {
      const busy = await request(t.server)
        .post('/api/v1/auth/login/')
        .send({ initData: initDataFor(t.config, { id: newTgId(), first_name: 'Busy' }) })
        .expect(503);
      expect(busy.body).toEqual({ detail: 'The server is busy, try again in a moment', retryAfter: 1 });
      expect(busy.headers['retry-after']).toBe('1');
    } finally {
      for (const runner of held) await runner.release();
    }
    await request(t.server)
      .post('/api/v1/auth/login/')
      .send({ initData: initDataFor(t.config, { id: newTgId(), first_name: 'Later' }) })
      .expect(200);
  });
});
