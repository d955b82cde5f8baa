import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { BalanceDto } from '@mememint/contracts';

import { type BalancesChanged, LedgerEvents } from '../src/ledger/ledger-events.js';
import type { LedgerService } from '../src/ledger/ledger.service.js';
import { newPlayer } from './helpers/memes.js';
import { SocketRecorder } from './helpers/socket-recorder.js';
import type { TestApp } from './helpers/test-app.js';
import { payout, useLedgerApp } from './helpers/ledger.js';

// Booting an app (a cloned database) takes seconds on a busy two-core machine.
jest.setTimeout(30_000);

describe('ledger', () => {
  let t: TestApp;
  let ledger: LedgerService;
  const newUser = useLedgerApp((app, service) => {
    t = app;
    ledger = service;
  });

  describe('after-commit events', () => {
    let events: BalancesChanged[];
    let unsubscribe: () => void;
    beforeAll(() => {
      unsubscribe = t.app.get(LedgerEvents).subscribe((change) => {
        events.push(change);
      });
    });
    afterAll(() => unsubscribe());

    it('fire once the caller’s transaction commits, never inside it, one per user and call', async () => {
      const [a, b] = [await newUser(), await newUser()];
      events = [];
      await t.dataSource.transaction(async (em) => {
        await ledger.earnCoins(a, 3, { reason: 'swipe' }, em);
        await ledger.applyBulk(
          [
            { userId: a, kind: 'coins', delta: 2, reason: 'like', idempotencyKey: 'like:x' },
            { userId: b, kind: 'credits', delta: 5, reason: 'purchase', idempotencyKey: 'order:1' },
            { userId: b, kind: 'swipes', delta: 10, reason: 'purchase', idempotencyKey: 'order:1' },
          ],
          {},
          em,
        );
        expect(events).toEqual([]);
      });
      expect(events).toEqual([
        {
          userId: a,
          balances: expect.objectContaining({ memeCoins: 3 }),
          entries: [{ kind: 'coins', delta: 3, reason: 'swipe', earned: true }],
          at: expect.any(Date),
        },
        {
          userId: a,
          balances: expect.objectContaining({ memeCoins: 5 }),
          entries: [{ kind: 'coins', delta: 2, reason: 'like', earned: true }],
          at: expect.any(Date),
        },
        {
          userId: b,
          balances: {
            generationLimit: t.config.generation.newUserCredits + 5,
            memeCoins: 0,
            swipes: t.config.swipes.max + 10,
            balanceVersion: 2, // the opening grant, then this purchase
          },
          entries: [
            { kind: 'credits', delta: 5, reason: 'purchase', earned: false },
            { kind: 'swipes', delta: 10, reason: 'purchase', earned: false },
          ],
          at: expect.any(Date),
        },
      ]);
      // `at` is the rows' created_at: one transaction, one time.
      const [{ created_at: writtenAt }] = await t.dataSource.query(
        'SELECT DISTINCT created_at FROM ledger_entries WHERE user_id = ANY($1) AND reason IN ($2, $3, $4)',
        [[a, b], 'swipe', 'like', 'purchase'],
      );
      expect(events.map((event) => event.at)).toEqual([writtenAt, writtenAt, writtenAt]);
    });

    it('a rolled-back transaction, or a rolled-back savepoint inside a committed one, tells nothing', async () => {
      const tgId = await newUser();
      events = [];
      await expect(
        t.dataSource.transaction(async (em) => {
          await ledger.addCoins(tgId, 5, { reason: 'gift' }, em);
          await ledger.applyBulk([payout(tgId, 5)], {}, em);
          throw new Error('caller failed');
        }),
      ).rejects.toThrow('caller failed');
      expect(events).toEqual([]);

      await t.dataSource.transaction(async (em) => {
        await em
          .transaction(async (inner) => {
            await ledger.addCoins(tgId, 100, { reason: 'gift' }, inner);
            throw new Error('inner step failed');
          })
          .catch(() => undefined);
        await ledger.addCoins(tgId, 1, { reason: 'gift' }, em);
      });
      expect(events.map((event) => event.entries)).toEqual([
        [{ kind: 'coins', delta: 1, reason: 'gift', earned: false }],
      ]);
      expect(events[0]!.balances.memeCoins).toBe(1);
      expect(await ledger.findImbalances(tgId)).toEqual([]);
    });

    it('a change in the ledger’s own transaction tells at once; a repeat tells nothing', async () => {
      const tgId = await newUser();
      events = [];
      await ledger.addCoins(tgId, 5, { reason: 'gift', idempotencyKey: 'gift:1' });
      await ledger.addCoins(tgId, 5, { reason: 'gift', idempotencyKey: 'gift:1' });
      expect(events).toEqual([
        {
          userId: tgId,
          balances: expect.objectContaining({ memeCoins: 5 }),
          entries: [{ kind: 'coins', delta: 5, reason: 'gift', earned: false }],
          at: expect.any(Date),
        },
      ]);
    });

    it('push `balance` to the player’s sockets after commit, and nothing for a rollback', async () => {
      await t.app.listen(0, '127.0.0.1');
      const player = await newPlayer(t.server, t.config);
      const socket = await SocketRecorder.connect(t.server, player.token);
      try {
        await t.dataSource
          .transaction(async (em) => {
            await ledger.addCoins(player.tgId, 40, { reason: 'gift' }, em);
            throw new Error('rolled back');
          })
          .catch(() => undefined);
        await ledger.applyBulk([payout(player.tgId, 7)]);
        await ledger.addCoins(player.tgId, 1, { reason: 'gift' });
        await socket.until('balance', (balance) => balance.memeCoins === 8);
        // Events of one process arrive in order: the rolled-back 40 never came.
        expect(socket.of('balance').map((balance: BalanceDto) => balance.memeCoins)).toEqual([7, 8]);
      } finally {
        socket.close();
      }
    });
  });
});
