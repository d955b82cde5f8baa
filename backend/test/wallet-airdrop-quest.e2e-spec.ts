import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { AddTonRequest, QuestListDto } from '@mememint/contracts';
import request from 'supertest';

import { LedgerService } from '../src/ledger/ledger.service.js';
import { WalletLinkedHook } from '../src/wallet/wallet-linked.hook.js';
import { bearer, me, newPlayer } from './helpers/memes.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { airdrop, newTestWallet, type TestWallet, tonConnectReply } from './helpers/ton-wallet.js';

// Booting an app (a cloned database) takes seconds on a busy two-core machine.
jest.setTimeout(30_000);

describe('the quest seam of a linked wallet', () => {
  const linked: number[] = [];
  let failNext = false;

  /** Stands in for the quests module's hook: told of every link, inside its transaction. */
  class RecordingHook extends WalletLinkedHook {
    async walletLinked(userId: number): Promise<void> {
      if (failNext) {
        failNext = false;
        throw new Error('quest completion failed');
      }
      linked.push(userId);
    }
  }
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      override: (builder) => builder.overrideProvider(WalletLinkedHook).useClass(RecordingHook),
    });
  });
  afterAll(() => t.close());

  it('calls WalletLinkedHook for each link, and a failing hook links nothing', async () => {
    const player = await newPlayer(t.server, t.config);
    const domain = t.config.ton.proofDomains[0]!;
    const proof = async (wallet: TestWallet) =>
      tonConnectReply(wallet, {
        payload: (await request(t.server).get('/api/v1/users/ton-proof/payload/').set(bearer(player))).body
          .payload,
        domain,
      });
    const add = (body: AddTonRequest) =>
      request(t.server).post('/api/v1/users/add-ton/').set(bearer(player)).send(body);

    failNext = true;
    await add(await proof(newTestWallet('v4r2'))).expect(500);
    expect((await me(t.server, player)).hasTon).toBe(false);
    expect(await airdrop(t, player)).toMatchObject({ hasTon: false, address: null });

    await add(await proof(newTestWallet('v4r2'))).expect(200);
    expect(linked).toEqual([player.tgId]);
  });
});

describe('GET /api/v1/users/airdrop/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('shares all players’ earned coins by what each earned, leaving out coins not earned', async () => {
    const ledger = t.app.get(LedgerService);
    const [ann, bob, cid] = await Promise.all([1, 2, 3].map(() => newPlayer(t.server, t.config)));
    await ledger.earnCoins(ann.tgId, 30, { reason: 'referral' });
    await ledger.earnCoins(ann.tgId, 10, { reason: 'swipe' });
    await ledger.earnCoins(bob.tgId, 40, { reason: 'like' });
    await ledger.earnCoins(bob.tgId, 20, { reason: 'quest' });
    // Gifts, purchases and stakes are not earned; a spend is not a negative earning.
    await ledger.addCoins(ann.tgId, 500, { reason: 'gift' });
    await ledger.addCoins(cid.tgId, 1000, { reason: 'purchase' });
    await ledger.spendCoins(ann.tgId, 25, { reason: 'vote' });

    const [forAnn, forBob, forCid] = await Promise.all([ann, bob, cid].map((player) => airdrop(t, player)));

    expect(forAnn).toEqual({ hasTon: false, address: null, coins: 40, totalCoins: 100, share: 0.4 });
    expect(forBob).toMatchObject({ coins: 60, totalCoins: 100, share: 0.6 });
    expect(forCid).toMatchObject({ coins: 0, totalCoins: 100, share: 0 });
  });

  it('answers 401 without a token', async () => {
    await request(t.server).get('/api/v1/users/airdrop/').expect(401);
  });
});

describe('the "connect a TON wallet" quest', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('completes when a wallet is linked, once however often the player links', async () => {
    const player = await newPlayer(t.server, t.config);
    const domain = t.config.ton.proofDomains[0]!;
    const link = async (wallet: TestWallet) => {
      const { payload } = (
        await request(t.server).get('/api/v1/users/ton-proof/payload/').set(bearer(player)).expect(200)
      ).body as { payload: string };
      await request(t.server)
        .post('/api/v1/users/add-ton/')
        .set(bearer(player))
        .send(tonConnectReply(wallet, { payload, domain }))
        .expect(200);
    };
    const questDone = async () =>
      (
        (await request(t.server).get('/api/v1/tasks/').set(bearer(player)).expect(200)).body as QuestListDto
      ).items.find((quest) => quest.kind === 'ton_wallet')?.done;
    const questRows = async () =>
      (
        await t.dataSource.query(
          `SELECT count(*)::int AS n FROM ledger_entries WHERE user_id = $1 AND reason = 'quest'`,
          [player.tgId],
        )
      )[0].n as number;

    expect(await questDone()).toBe(false);
    await link(newTestWallet('v4r2'));
    expect(await questDone()).toBe(true);
    const rows = await questRows();
    expect(rows).toBeGreaterThan(0);
    await link(newTestWallet('v5r1'));
    expect(await questRows()).toBe(rows);
  });
});
