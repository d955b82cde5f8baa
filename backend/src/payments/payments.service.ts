import { randomUUID } from 'node:crypto';

import { Injectable, Logger, NotFoundException, type OnModuleInit } from '@nestjs/common';
import type { Message, PreCheckoutQuery } from '@grammyjs/types';
import {
  ErrorText,
  type DailyBonusDto,
  type InvoiceDto,
  isBoostActive,
  type OrderGrants,
  type PlanKind,
} from '@mememint/contracts';

import { Clock, utcDay } from '../common/clock.js';
import { localize } from '../common/localized-text.js';
import { isUuid } from '../common/uuid.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { BotApiClient } from '../telegram/bot-api.client.js';
import {
  BotApiError,
  BotApiUnavailableError,
  TelegramUnavailableException,
} from '../telegram/bot-api.errors.js';
import { InfluencerShareService } from '../squads/influencer-share.service.js';
import { TelegramUpdatesService } from '../telegram/telegram-updates.service.js';
import type { User } from '../users/entities/user.entity.js';
import { UserCountersService } from '../users/user-counters.service.js';
import { VisitsService } from '../visits/visits.service.js';
import type { Order } from './entities/order.entity.js';
import type { Plan } from './entities/plan.entity.js';
import { balanceChanges } from './order-grants.js';
import { PaymentsRepository } from './payments.repository.js';
import { Transactions } from '../database/transactions.js';

/** The ledger key of a day's boost bonus: one grant per player and UTC day. */
const dailyBonusKey = (day: string) => `boost-daily:${day}`;

/** Telegram Stars. */
const CURRENCY = 'XTR';

/** What Telegram shows a player whose payment we refuse at pre-checkout. */
const PRE_CHECKOUT_REFUSALS = {
  unknown: 'This order is no longer available. Please open the plan again.',
  otherUser: 'This order belongs to another account.',
  price: 'The price of this order has changed. Please open the plan again.',
} as const;

function grantsOf(plan: Plan): OrderGrants {
  switch (plan.kind) {
    case 'credit_pack':
      return { credits: plan.credits };
    case 'swipe_pack':
      return { swipes: plan.swipes };
    case 'boost':
      return { credits: plan.credits, boostDays: plan.boostDays, dailyCredits: plan.dailyCredits };
  }
}

/**
 * Orders paid with Telegram Stars (GAME.md "Payments"): the invoice link of a plan, Telegram's
 * pre-checkout question and payment report (webhook updates), the grants (through the ledger,
 * once per order) with the squad influencer's share, and the daily bonus of a running boost.
 * Refunds are refunds.service.ts.
 */
@Injectable()
export class PaymentsService implements OnModuleInit {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    private readonly payments: PaymentsRepository,
    private readonly transactions: Transactions,
    private readonly ledger: LedgerService,
    private readonly counters: UserCountersService,
    private readonly bot: BotApiClient,
    private readonly updates: TelegramUpdatesService,
    private readonly visits: VisitsService,
    private readonly influencerShares: InfluencerShareService,
    private readonly realtime: RealtimeGateway,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.updates.on('pre_checkout_query', (query) => this.answerPreCheckout(query));
    this.updates.on('message', async (message) => {
      if (message.successful_payment) await this.completePayment(message as Message.SuccessfulPaymentMessage);
    });
    this.visits.onDailyVisit((user, day) => this.grantDailyBoostBonus(user, day));
  }

  /**
   * A pending order of an active plan of this kind, with its invoice link. The link comes first: when
   * Telegram cannot make one, nothing is stored (503).
   */
  async createOrder(user: User, kind: PlanKind, planId: number): Promise<InvoiceDto> {
    const plan = await this.payments.findActivePlan(planId, kind);
    if (!plan) throw new NotFoundException(ErrorText.planNotFound);
    const orderId = randomUUID();
    const title = localize(plan.title, user.languageCode);
    let link: string;
    try {
      link = await this.bot.call('createInvoiceLink', {
        title,
        description: localize(plan.description, user.languageCode),
        payload: orderId,
        provider_token: '',
        currency: CURRENCY,
        prices: [{ label: title, amount: plan.stars }],
      });
    } catch (error) {
      if (error instanceof BotApiError || error instanceof BotApiUnavailableError)
        throw new TelegramUnavailableException();
      throw error;
    }
    await this.payments.createOrder({
      id: orderId,
      userId: user.tgId,
      planId: plan.id,
      kind,
      stars: plan.stars,
      grants: grantsOf(plan),
      invoiceLink: link,
    });
    return { orderId, link };
  }

  /** The player's latest order (`GET /v1/payment/success/`). */
  async latestOrder(userId: number): Promise<Order> {
    const order = await this.payments.latestOrder(userId);
    if (!order) throw new NotFoundException(ErrorText.noOrdersYet);
    return order;
  }

  /** Telegram asks whether to take the payment: only for a pending order of this payer at its price. */
  private async answerPreCheckout(query: PreCheckoutQuery): Promise<void> {
    const order = isUuid(query.invoice_payload) ? await this.payments.findOrder(query.invoice_payload) : null;
    let refusal: string | null = null;
    if (!order || order.status !== 'pending') refusal = PRE_CHECKOUT_REFUSALS.unknown;
    else if (order.userId !== query.from.id) refusal = PRE_CHECKOUT_REFUSALS.otherUser;
    else if (order.stars !== query.total_amount || query.currency !== order.currency)
      refusal = PRE_CHECKOUT_REFUSALS.price;
    if (refusal)
      this.logger.warn(
        `Pre-checkout ${query.id} of ${query.from.id} refused: ${refusal} (${query.invoice_payload})`,
      );
    await this.bot.call(
      'answerPreCheckoutQuery',
      refusal
        ? { pre_checkout_query_id: query.id, ok: false, error_message: refusal }
        : { pre_checkout_query_id: query.id, ok: true },
    );
  }

  /**
   * Telegram took the Stars: the order becomes paid and grants what it sells, in one transaction,
   * once (the order row and the unique charge id stop a repeated report).
   */
  private async completePayment(message: Message.SuccessfulPaymentMessage): Promise<void> {
    const payment = message.successful_payment;
    const orderId = payment.invoice_payload;
    const payerId = message.from?.id;
    if (!isUuid(orderId) || payerId === undefined) {
      this.logger.error(`Payment ${payment.telegram_payment_charge_id} names no order of ours (${orderId})`);
      return;
    }
    const paid = await this.transactions.run(async (em) => {
      const order = await this.payments.markPaid(em, {
        orderId,
        userId: payerId,
        stars: payment.total_amount,
        currency: payment.currency,
        chargeId: payment.telegram_payment_charge_id,
      });
      if (!order) return null;
      const changes = balanceChanges(order.grants, 1);
      if (changes.length)
        await this.ledger.apply(
          order.userId,
          changes,
          { reason: 'purchase', idempotencyKey: `order:${order.id}` },
          em,
        );
      if (order.grants.boostDays) {
        const boostEnds = await this.counters.extendBoost(order.userId, order.grants.boostDays, em);
        await this.payments.setBoostEndsAfter(em, order.id, boostEnds);
      }
      // The squad influencer's share of these Stars (GAME.md "Squads", INFLUENCER_SHARE_PERCENT).
      await this.influencerShares.accrueForPaidOrder(
        { payerId: order.userId, stars: order.stars, chargeId: payment.telegram_payment_charge_id },
        em,
      );
      return order;
    });
    if (!paid) {
      const order = await this.payments.findOrder(orderId);
      if (order?.telegramPaymentChargeId !== payment.telegram_payment_charge_id)
        this.logger.error(
          `Payment ${payment.telegram_payment_charge_id} of ${payerId} for order ${orderId} matches no pending order ` +
            `(${order ? `${order.status}, ${order.stars} ${order.currency}` : 'unknown'}): refund it by hand`,
        );
      return;
    }
    this.logger.log(`Order ${paid.id} of ${paid.userId} paid (${paid.stars} ${paid.currency})`);
    this.realtime.emitToUser(paid.userId, 'order:paid', { orderId: paid.id });
  }

  /** The boost bonus credits granted to the player today (UTC), 0 when none. */
  async dailyBonusOfToday(userId: number): Promise<DailyBonusDto> {
    const day = utcDay(this.clock.now());
    const credits = await this.ledger.writtenUnder(userId, 'credits', dailyBonusKey(day));
    return { day, credits: credits ?? 0 };
  }

  /**
   * GAME.md "Credits and generation": a player with a running purchased boost gets its daily
   * credits on the first request of each UTC day, once (the ledger key names the day).
   */
  private async grantDailyBoostBonus(user: User, day: string): Promise<void> {
    const now = this.clock.now();
    if (!isBoostActive(user.boostEnds, now)) return;
    const credits = await this.payments.runningBoostDailyCredits(user.tgId, now);
    if (credits <= 0) return;
    const result = await this.ledger.addCredits(user.tgId, credits, {
      reason: 'boost-daily-bonus',
      idempotencyKey: dailyBonusKey(day),
    });
    if (result.applied) this.realtime.emitToUser(user.tgId, 'boost:daily-bonus', { credits, day });
  }
}
