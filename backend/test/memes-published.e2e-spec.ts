import { setTimeout } from 'node:timers/promises';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import request from 'supertest';

import { publishMeme, seedMemes } from './helpers/feed.js';
import { bearer, newPlayer } from './helpers/memes.js';
import { SocketRecorder } from './helpers/socket-recorder.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

jest.setTimeout(90_000);

const INTERVAL_MS = 5000;

/**
 * `memes:published` (issue 22, defect 3): to everyone, at most once per interval across replicas,
 * with the count of memes published since the last one — through real sockets on two API replicas
 * that share the database and Redis.
 */
describe('memes:published', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    const env = { MEMES_PUBLISHED_INTERVAL_MS: String(INTERVAL_MS) };
    first = await createTestApp({ env });
    second = await createTestApp({
      replicaOf: first,
      env,
    });
    for (const replica of [first, second]) await replica.app.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    await second?.app.close();
    await first?.close();
  });

  it('tells everyone on every replica once, with the count, however many replicas publish', async () => {
    const [alice, bob, watcher] = await Promise.all([
      newPlayer(first.server, first.config),
      newPlayer(first.server, first.config),
      newPlayer(first.server, first.config),
    ]);
    const [aliceMemes, bobMemes] = await Promise.all([
      seedMemes(first, alice, 3, { publish: false }),
      seedMemes(first, bob, 2, { publish: false }),
    ]);
    // A player who publishes nothing, on each replica.
    const here = await SocketRecorder.connect(first.server, watcher.token);
    const there = await SocketRecorder.connect(second.server, watcher.token);
    const arrivals: number[] = [];
    here.socket.on('memes:published', () => arrivals.push(performance.now()));
    const total = (socket: SocketRecorder) =>
      socket.of('memes:published').reduce((sum, { count }) => sum + count, 0);
    try {
      // The first publish after a quiet interval: sent at once.
      await publishMeme(first.server, alice, aliceMemes[0]!.id);
      await here.until('memes:published');
      await there.until('memes:published');

      // Three more, on both replicas, inside the interval: one event when it ends, counting them all.
      await Promise.all([
        publishMeme(second.server, bob, bobMemes[0]!.id),
        publishMeme(first.server, alice, aliceMemes[1]!.id),
        publishMeme(second.server, bob, bobMemes[1]!.id),
      ]);
      await here.until('memes:published', () => total(here) === 4);
      await there.until('memes:published', () => total(there) === 4);
      for (const socket of [here, there])
        expect(socket.of('memes:published')).toEqual([{ count: 1 }, { count: 3 }]);
      expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(INTERVAL_MS * 0.95);

      // Once an interval passed with nothing published, the next publish is sent at once again.
      while ((await first.redis.exists('memes-published:window')) === 1) await setTimeout(100);
      await publishMeme(second.server, alice, aliceMemes[2]!.id);
      await here.until('memes:published', () => total(here) === 5);
      await there.until('memes:published', () => total(there) === 5);
      for (const socket of [here, there])
        expect(socket.of('memes:published')).toEqual([{ count: 1 }, { count: 3 }, { count: 1 }]);
    } finally {
      here.close();
      there.close();
    }
  });

  it('editing a published meme or publishing it again is no new meme', async () => {
    const [author, watcher] = await Promise.all([
      newPlayer(first.server, first.config),
      newPlayer(first.server, first.config),
    ]);
    const [meme] = await seedMemes(first, author, 1);
    const socket = await SocketRecorder.connect(first.server, watcher.token);
    try {
      while ((await first.redis.exists('memes-published:window')) === 1) await setTimeout(100);
      // Changes of an already published meme: none counts.
      const patch = (body: object) =>
        request(first.server).patch(`/api/v1/memes/${meme!.id}/`).set(bearer(author)).send(body).expect(200);
      await patch({ text: `New words ${author.tgId}` });
      await patch({ isPublished: true });
      expect(await first.redis.get('memes-published:count')).toBeNull();
      // A new meme published by someone else is: the socket gets exactly that one.
      const other = await newPlayer(first.server, first.config);
      const [fresh] = await seedMemes(first, other, 1, { publish: false });
      await publishMeme(first.server, other, fresh!.id);
      expect(await socket.until('memes:published')).toEqual({ count: 1 });
    } finally {
      socket.close();
    }
  });
});
