import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { AppConfig } from '../config/app.config.js';
import { Transactions } from '../database/transactions.js';
import { UserCountersService } from '../users/user-counters.service.js';
import { InfluencerSharesRepository } from './influencer-shares.repository.js';
import { SquadsRepository } from './squads.repository.js';

/** A paid Stars order of a player, as payments knows it. */
export interface PaidOrder {
  /** tgId of the player who paid. */
  payerId: number;
  /** Stars the order cost (XTR amount). */
  stars: number;
  /** Telegram's `telegram_payment_charge_id`: one share per charge. */
  chargeId: string;
}

/** What an accrual or take-back wrote (or, on a repeat, had written). */
export interface InfluencerShareResult {
  influencerId: number;
  /** Stars added to `referralSpending` (negative for a take-back). */
  share: number;
  /** False when this charge id had been handled already: nothing changed this time. */
  applied: boolean;
}

/**
 * The squad influencer's share of what members spend (GAME.md "Decisions": Squads):
 * INFLUENCER_SHARE_PERCENT of each paid order, rounded down to whole Stars, accrues in the
 * influencer's `referralSpending`; a refund takes it back. Both are once per charge id, and
 * `referralSpending` always equals the sum of the influencer's `influencer_shares` rows.
 */
@Injectable()
export class InfluencerShareService {
  constructor(
    private readonly shares: InfluencerSharesRepository,
    private readonly squads: SquadsRepository,
    private readonly counters: UserCountersService,
    private readonly transactions: Transactions,
    private readonly config: AppConfig,
  ) {}

  /**
   * Payments calls this when an order is paid, in the transaction that credits it (pass its
   * EntityManager). The influencer of the squad the payer is in then gets the share; nothing for a
   * player outside a squad, for an influencer's own orders, or for a share that rounds to 0.
   * A repeat of the charge id changes nothing and answers the first result with `applied: false`.
   */
  async accrueForPaidOrder(order: PaidOrder, manager?: EntityManager): Promise<InfluencerShareResult | null> {
    if (!Number.isSafeInteger(order.stars) || order.stars < 0)
      throw new Error(`Bad Stars amount ${order.stars}.`);
    return this.inTransaction(manager, async (em) => {
      const previous = await this.shares.findByCharge(em, order.chargeId, 'accrual');
      if (previous) return { influencerId: previous.influencerId, share: previous.share, applied: false };
      const membership = await this.squads.findMembership(order.payerId, em);
      const squad = membership?.squadId ? await this.squads.findById(membership.squadId, em) : null;
      if (!squad || squad.influencerId === order.payerId) return null;
      const share = Math.floor((order.stars * this.config.referrals.influencerSharePercent) / 100);
      if (share === 0) return null;
      const row = { influencerId: squad.influencerId, memberId: order.payerId, chargeId: order.chargeId };
      if (!(await this.shares.insertOnce(em, 'accrual', { ...row, stars: order.stars, share }))) {
        // A concurrent call with the same charge id committed first.
        const winner = (await this.shares.findByCharge(em, order.chargeId, 'accrual'))!;
        return { influencerId: winner.influencerId, share: winner.share, applied: false };
      }
      await this.counters.addReferralSpending(squad.influencerId, share, em);
      return { influencerId: squad.influencerId, share, applied: true };
    });
  }

  /**
   * Payments calls this when a paid order is refunded: what its charge accrued is taken back from
   * the same influencer, once. Null when the charge accrued nothing.
   */
  takeBackForRefund(chargeId: string, manager?: EntityManager): Promise<InfluencerShareResult | null> {
    return this.inTransaction(manager, async (em) => {
      const accrual = await this.shares.findByCharge(em, chargeId, 'accrual');
      if (!accrual) return null;
      const takeBack = {
        influencerId: accrual.influencerId,
        memberId: accrual.memberId,
        chargeId,
        stars: accrual.stars,
        share: -accrual.share,
      };
      const applied = await this.shares.insertOnce(em, 'take-back', takeBack);
      if (applied) await this.counters.addReferralSpending(accrual.influencerId, takeBack.share, em);
      return { influencerId: accrual.influencerId, share: takeBack.share, applied };
    });
  }

  private inTransaction<T>(manager: EntityManager | undefined, work: (em: EntityManager) => Promise<T>) {
    return manager?.queryRunner?.isTransactionActive ? work(manager) : this.transactions.run(work);
  }
}
