import { afterAll, beforeAll } from '@jest/globals';
import type {
  BoostPlanDto,
  CreditPackDto,
  InvoiceDto,
  OrderStateDto,
  PlanListDto,
  SwipePackDto,
} from '@mememint/contracts';
import { FakeBotApi } from '@mememint/fake-bot-api';
import request from 'supertest';

import { Clock } from '../../src/common/clock.js';
import { LedgerService } from '../../src/ledger/ledger.service.js';
import { createTelegramTestApp, type TelegramTestApp } from './fake-telegram.js';
import { bearer, newPlayer, type Player } from './memes.js';

export const DAY_MS = 86_400_000;

/** A clock the test moves forward a day at a time. */
class TestClock extends Clock {
  offsetDays = 0;
  override now(): Date {
    return new Date(Date.now() + this.offsetDays * DAY_MS);
  }
}

/**
 * The payments suites: an app with the fake Bot API on a clock they move, the seeded plans, and their
 * calls. Registers the suite's beforeAll and afterAll; the app and plans are set once beforeAll ran.
 */
export function paymentsSuite() {
  const clock = new TestClock();
  const suite = {
    clock,
    t: undefined as unknown as TelegramTestApp,
    ledger: undefined as unknown as LedgerService,
    creditPacks: [] as CreditPackDto[],
    boosts: [] as BoostPlanDto[],
    swipePacks: [] as SwipePackDto[],
    buy: async (player: Player, path: string): Promise<InvoiceDto> =>
      (await request(suite.t.server).get(path).set(bearer(player)).expect(200)).body as InvoiceDto,
    slugOf: (invoice: InvoiceDto) => FakeBotApi.invoiceSlug(invoice.link),
    latestOrder: async (player: Player) =>
      (await request(suite.t.server).get('/api/v1/payment/success/').set(bearer(player)).expect(200))
        .body as OrderStateDto,
    ledgerRows: (player: Player, reason: string): Promise<{ kind: string; delta: number }[]> =>
      suite.t.dataSource.query(
        `SELECT kind, delta FROM ledger_entries WHERE user_id = $1 AND reason = $2 ORDER BY id`,
        [player.tgId, reason],
      ),
  };

  beforeAll(async () => {
    const t = await createTelegramTestApp({
      override: (builder) => builder.overrideProvider(Clock).useValue(clock),
    });
    suite.t = t;
    suite.ledger = t.app.get(LedgerService);
    const player = await newPlayer(t.server, t.config);
    const list = async <T>(path: string) =>
      ((await request(t.server).get(path).set(bearer(player)).expect(200)).body as PlanListDto<T>).items;
    suite.creditPacks = await list<CreditPackDto>('/api/v1/tariff/?tariffType=basic_generation');
    suite.boosts = await list<BoostPlanDto>('/api/v1/boost/');
    suite.swipePacks = await list<SwipePackDto>('/api/v1/meme_tariff/');
  });
  afterAll(() => suite.t.close());
  return suite;
}
