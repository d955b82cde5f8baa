import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { BalanceDto, FeedVoteDto, OpenedGiftDto, SwipeResultDto } from '@mememint/contracts';
import request from 'supertest';

import { LedgerService } from '../src/ledger/ledger.service.js';
import { seedMemes, swipe } from './helpers/feed.js';
import { bearer, me, newPlayer, type Player } from './helpers/memes.js';
import { SocketRecorder } from './helpers/socket-recorder.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

jest.setTimeout(30_000);

/**
 * The balances' version (contracts' BalanceVersioned): every change of a player's balances raises it,
 * through each of the ledger's writers, and every answer and `balance` event carrying balances carries
 * the version they are of, so a client can drop a late, older one.
 */
describe('balance version', () => {
  let t: TestApp;
  let ledger: LedgerService;
  const sockets: SocketRecorder[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        SWIPE_MIN_INTERVAL_MS: '0',
        SWIPE_GIFT_EVERY: '1',
        SWIPE_GIFT_CHANCE: '1',
        SWIPE_DECK_JITTER: '0',
        // A gift that changes a balance (a boost changes none).
        SWIPE_GIFT_WEIGHT_BOOST: '0',
      },
    });
    ledger = t.app.get(LedgerService);
    await t.app.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  async function versionOf(player: Player): Promise<number> {
    return (await me(t.server, player)).balanceVersion;
  }

  it('rises by one with each change, through every writer; a repeat or a rollback leaves it', async () => {
    const player = await newPlayer(t.server, t.config);
    const opened = await versionOf(player);
    expect(opened).toBeGreaterThan(0); // the opening grant

    const granted = await ledger.addCoins(player.tgId, 5, { reason: 'gift', idempotencyKey: 'version:1' });
    expect(granted.balances.balanceVersion).toBe(opened + 1);
    const repeated = await ledger.addCoins(player.tgId, 5, { reason: 'gift', idempotencyKey: 'version:1' });
    expect(repeated).toMatchObject({ applied: false, balances: { balanceVersion: opened + 1 } });

    // Several balances in one change: one version.
    const both = await ledger.apply(
      player.tgId,
      [
        { kind: 'credits', delta: 1 },
        { kind: 'swipes', delta: 1 },
      ],
      { reason: 'admin-grant' },
    );
    expect(both.balances.balanceVersion).toBe(opened + 2);

    await t.dataSource
      .transaction(async (em) => {
        await ledger.addCoins(player.tgId, 40, { reason: 'gift' }, em);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await versionOf(player)).toBe(opened + 2);

    const bulk = await ledger.applyBulk([
      { userId: player.tgId, kind: 'coins', delta: 3, reason: 'gift', idempotencyKey: 'version:bulk' },
    ]);
    expect(bulk.balances.get(player.tgId)?.balanceVersion).toBe(opened + 3);
    expect(await versionOf(player)).toBe(opened + 3);
  });

  it('a swipe, a gift and a vote answer the version their balances are of, and the socket pushes the same', async () => {
    const [author, player] = await Promise.all([
      newPlayer(t.server, t.config),
      newPlayer(t.server, t.config),
    ]);
    await ledger.addCoins(player.tgId, 50, { reason: 'gift' });
    const [first, second] = await seedMemes(t, author, 2);
    const socket = await SocketRecorder.connect(t.server, player.token);
    sockets.push(socket);
    const start = await versionOf(player);

    const swiped = (await swipe(t.server, player, first!.id).expect(200)).body as SwipeResultDto;
    expect(swiped.balanceVersion).toBe(start + 1);
    const gift = (await request(t.server).get('/api/v1/swipes/gifts/apply/').set(bearer(player)).expect(200))
      .body as OpenedGiftDto;
    expect(gift.balances.balanceVersion).toBe(start + 2);
    const vote = (
      await request(t.server).post(`/api/v1/feed/${second!.id}/`).set(bearer(player)).send({}).expect(200)
    ).body as FeedVoteDto;
    expect(vote.balanceVersion).toBe(start + 3);
    expect(await versionOf(player)).toBe(start + 3);

    await socket.until('balance', (balance) => balance.balanceVersion === start + 3);
    const pushed = socket.of('balance').map((balance: BalanceDto) => balance.balanceVersion);
    expect(pushed).toEqual([start + 1, start + 2, start + 3]);
    expect(socket.of('balance').at(-1)).toMatchObject({ memeCoins: vote.memeCoins });
  });
});
