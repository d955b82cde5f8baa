import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { isUuid } from '../common/uuid.js';
import { Transactions } from '../database/transactions.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { InfluencerShareService } from '../squads/influencer-share.service.js';
import { BotApiClient } from '../telegram/bot-api.client.js';
import { BotApiError } from '../telegram/bot-api.errors.js';
import { UserCountersService } from '../users/user-counters.service.js';
import { balanceChanges } from './order-grants.js';
import { OrderNotFoundError, OrderNotRefundableError } from './payments.errors.js';
import { PaymentsRepository } from './payments.repository.js';

export interface RefundOutcome {
  orderId: string;
  userId: number;
  /** What was taken back per balance (clamped at 0). */
  takenBack: Partial<Record<'credits' | 'coins' | 'swipes', number>>;
  boostDaysTakenBack: number;
}

/** Refunds of paid orders (the operator's `refund` command): Telegram first, then our books. */
@Injectable()
export class RefundsService {
  private readonly logger = new Logger(RefundsService.name);

  constructor(
    private readonly payments: PaymentsRepository,
    private readonly transactions: Transactions,
    private readonly ledger: LedgerService,
    private readonly counters: UserCountersService,
    private readonly bot: BotApiClient,
    private readonly influencerShares: InfluencerShareService,
  ) {}

  /**
   * Refunds a paid order's Stars (`refundStarPayment`) and takes back what it granted, clamped at 0,
   * and the boost days it added. Telegram first: if it refuses, nothing changes here. A refund that
   * Telegram had already made (a rerun after a failure) completes our side.
   */
  async refundOrder(
    orderId: string,
    // Work that commits with the refund (the admin's audit row).
    within?: (em: EntityManager, outcome: RefundOutcome) => Promise<void>,
  ): Promise<RefundOutcome> {
    const order = isUuid(orderId) ? await this.payments.findOrder(orderId) : null;
    if (!order) throw new OrderNotFoundError(orderId);
    if (order.status !== 'paid' || !order.telegramPaymentChargeId)
      throw new OrderNotRefundableError(orderId, order.status);
    try {
      await this.bot.call('refundStarPayment', {
        user_id: order.userId,
        telegram_payment_charge_id: order.telegramPaymentChargeId,
      });
    } catch (error) {
      if (!(error instanceof BotApiError && error.description.includes('CHARGE_ALREADY_REFUNDED')))
        throw error;
    }
    return this.transactions.run(async (em) => {
      const refunded = await this.payments.markRefunded(em, orderId);
      if (!refunded) throw new OrderNotRefundableError(orderId, 'refunded');
      const changes = balanceChanges(refunded.grants, -1);
      const result = changes.length
        ? await this.ledger.apply(
            refunded.userId,
            changes,
            { reason: 'purchase-refund', idempotencyKey: `order-refund:${orderId}`, allowPartial: true },
            em,
          )
        : null;
      const boostDays = refunded.grants.boostDays ?? 0;
      if (boostDays) await this.counters.extendBoost(refunded.userId, -boostDays, em);
      // GAME.md "Decisions" → Squads: the influencer's share of this charge is taken back.
      await this.influencerShares.takeBackForRefund(order.telegramPaymentChargeId!, em);
      const outcome: RefundOutcome = {
        orderId,
        userId: refunded.userId,
        takenBack: Object.fromEntries(
          Object.entries(result?.deltas ?? {}).map(([kind, delta]) => [kind, -(delta ?? 0)]),
        ),
        boostDaysTakenBack: boostDays,
      };
      await within?.(em, outcome);
      this.logger.log(`Order ${orderId} of ${refunded.userId} refunded`);
      return outcome;
    });
  }
}
