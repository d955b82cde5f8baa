import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ErrorText, type OpenedGiftDto } from '@mememint/contracts';
import request from 'supertest';

import { Clock } from '../src/common/clock.js';
import { LedgerService } from '../src/ledger/ledger.service.js';
import { expectBooksBalanced, ledgerRows, seedMemes, swipe, swipesUsed as used } from './helpers/feed.js';
import { bearer, me, newPlayer } from './helpers/memes.js';
import { MovableClock } from './helpers/movable-clock.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

jest.setTimeout(60_000);

describe('swipe pace', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The rule's default is 300 ms; a longer interval keeps the test independent of the machine's speed.
    t = await createTestApp({ env: { SWIPE_MIN_INTERVAL_MS: '2000' } });
  });
  afterAll(() => t.close());

  it('answers 429 with retryAfter to a swipe sooner than SWIPE_MIN_INTERVAL_MS after the last, and charges nothing for it', async () => {
    const [author, player] = await Promise.all([
      newPlayer(t.server, t.config),
      newPlayer(t.server, t.config),
    ]);
    const [first, second] = await seedMemes(t, author, 2);

    const answers = await Promise.all([
      swipe(t.server, player, first!.id),
      swipe(t.server, player, second!.id),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 429]);
    const tooFast = answers.find((res) => res.status === 429)!;
    expect(tooFast.body.detail).toBe(ErrorText.requestLimitExceeded);
    expect(tooFast.body.retryAfter).toBeGreaterThan(0);
    expect(tooFast.body.retryAfter).toBeLessThanOrEqual(2);
    expect(await me(t.server, player)).toMatchObject({
      swipes: t.config.swipes.max - 1,
      memeCoins: 1,
      swipedCount: 1,
    });

    // Once the interval has passed the refused meme can be swiped: the 429 recorded nothing.
    await new Promise((resolve) => setTimeout(resolve, tooFast.body.retryAfter * 1000 + 50));
    const refused = [first!, second!][answers.indexOf(tooFast)]!;
    await swipe(t.server, player, refused.id).expect(200);
    await expectBooksBalanced(t);
  });
});

describe('swipe refill and boost gifts (a moved clock)', () => {
  let t: TestApp;
  const clock = new MovableClock();
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        SWIPE_MIN_INTERVAL_MS: '0',
        SWIPE_GIFT_CHANCE: '1',
        SWIPE_GIFT_WEIGHT_COINS: '0',
        SWIPE_GIFT_WEIGHT_CREDITS: '0',
        SWIPE_GIFT_WEIGHT_SWIPES: '0',
        SWIPE_GIFT_WEIGHT_BOOST: '1',
      },
      override: (builder) => builder.overrideProvider(Clock).useValue(clock),
    });
  });
  afterAll(() => t.close());

  it('refills one swipe per SWIPE_REFILL_SECONDS up to the maximum, lazily, and never cuts a purchased excess', async () => {
    const { max, refillSeconds } = t.config.swipes;
    const period = refillSeconds * 1000;
    const [author, player] = await Promise.all([
      newPlayer(t.server, t.config),
      newPlayer(t.server, t.config),
    ]);
    const memes = await seedMemes(t, author, 12);

    expect(await used(t, player)).toEqual({ usedToday: 0, swipes: max, max, nextRefillAt: null });
    // The refill clock starts at the swipe that takes the bar below its maximum.
    const startedAt = clock.now().getTime();
    for (const meme of memes.slice(0, 10)) await swipe(t.server, player, meme.id).expect(200);
    const afterSwipes = await used(t, player);
    expect(afterSwipes).toMatchObject({ usedToday: 10, swipes: max - 10 });
    const firstRefill = Date.parse(afterSwipes.nextRefillAt!);
    expect(firstRefill - startedAt).toBeGreaterThanOrEqual(period);

    // 2.5 periods later: two swipes back, the half period carries over to the next one.
    clock.advance(2.5 * period);
    const later = await used(t, player);
    expect(later.swipes).toBe(max - 8);
    expect(Date.parse(later.nextRefillAt!)).toBe(firstRefill + 2 * period);
    expect(await me(t.server, player)).toMatchObject({ swipes: max - 8 });

    // Hours later: full, and no further.
    clock.advance(3600 * 1000);
    expect(await used(t, player)).toMatchObject({ swipes: max, nextRefillAt: null });

    // A purchased excess stays: 20 over the maximum, one swipe, an hour later still 79.
    await t.app.get(LedgerService).addSwipes(player.tgId, 20, { reason: 'purchase' });
    await swipe(t.server, player, memes[10]!.id).expect(200);
    clock.advance(3600 * 1000);
    expect(await used(t, player)).toMatchObject({ swipes: max + 19, nextRefillAt: null });

    const refills = await ledgerRows(t, player.tgId, 'swipe-refill');
    expect(refills.reduce((sum, row) => sum + row.delta, 0)).toBe(10);
    await expectBooksBalanced(t);
  });

  it('a boost gift extends boostEnds by its days, from now or from the current end, whichever is later', async () => {
    const [author, player] = await Promise.all([
      newPlayer(t.server, t.config),
      newPlayer(t.server, t.config),
    ]);
    const memes = await seedMemes(t, author, 20);
    for (const meme of memes) await swipe(t.server, player, meme.id, false).expect(200);
    const day = 86_400_000;

    const first = (await request(t.server).get('/api/v1/swipes/gifts/apply/').set(bearer(player)).expect(200))
      .body as OpenedGiftDto;
    const before = await me(t.server, player);
    expect(first).toMatchObject({
      kind: 'boost',
      amount: 1,
      balances: {
        generationLimit: before.generationLimit,
        memeCoins: before.memeCoins,
        swipes: before.swipes,
      },
    });
    const firstEnd = Date.parse(before.boostEnds!);
    // Boosts run on real time (the database's clock), whatever the game clock says.
    expect(Math.abs(firstEnd - (Date.now() + day))).toBeLessThan(60_000);

    await request(t.server).get('/api/v1/swipes/gifts/apply/').set(bearer(player)).expect(200);
    expect(Date.parse((await me(t.server, player)).boostEnds!)).toBe(firstEnd + day);
    await expectBooksBalanced(t);
  });
});
