import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { OrderGrants, PlanKind } from '@mememint/contracts';
import type { EntityManager, Repository } from 'typeorm';

import { Order } from './entities/order.entity.js';
import { Plan } from './entities/plan.entity.js';

export type NewPlan = Pick<Plan, 'kind' | 'title' | 'description' | 'stars'> &
  Partial<Pick<Plan, 'credits' | 'swipes' | 'boostDays' | 'dailyCredits' | 'sortOrder' | 'isActive'>>;
export type PlanChanges = Partial<Omit<NewPlan, 'kind'>>;

export type NewOrder = Pick<Order, 'id' | 'userId' | 'planId' | 'kind' | 'stars' | 'grants' | 'invoiceLink'>;

/** The SQL of plans and orders. */
@Injectable()
export class PaymentsRepository {
  constructor(
    @InjectRepository(Plan) private readonly plans: Repository<Plan>,
    @InjectRepository(Order) private readonly orders: Repository<Order>,
  ) {}

  listActivePlans(kind: PlanKind): Promise<Plan[]> {
    return this.plans.find({ where: { kind, isActive: true }, order: { sortOrder: 'ASC', id: 'ASC' } });
  }

  findActivePlan(id: number, kind: PlanKind): Promise<Plan | null> {
    return this.plans.findOneBy({ id, kind, isActive: true });
  }

  listPlans(): Promise<Plan[]> {
    return this.plans.find({ order: { kind: 'ASC', sortOrder: 'ASC', id: 'ASC' } });
  }

  createPlan(plan: NewPlan): Promise<Plan> {
    return this.plans.save(this.plans.create(plan));
  }

  /** Null when no such plan exists. */
  async updatePlan(id: number, changes: PlanChanges): Promise<Plan | null> {
    if (Object.keys(changes).length > 0) await this.plans.update({ id }, changes);
    return this.plans.findOneBy({ id });
  }

  async createOrder(order: NewOrder): Promise<void> {
    await this.orders.insert(order);
  }

  findOrder(id: string, em?: EntityManager): Promise<Order | null> {
    return (em?.getRepository(Order) ?? this.orders).findOneBy({ id });
  }

  latestOrder(userId: number): Promise<Order | null> {
    return this.orders.findOne({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /**
   * Marks a pending order paid by this charge, when it is that payer's and the amount matches; the
   * row lock makes concurrent deliveries of one payment wait, and the later ones find it paid.
   */
  async markPaid(
    em: EntityManager,
    payment: { orderId: string; userId: number; stars: number; currency: string; chargeId: string },
  ): Promise<Order | null> {
    const result = await em
      .createQueryBuilder()
      .update(Order)
      .set({ status: 'paid', telegramPaymentChargeId: payment.chargeId, paidAt: () => 'now()' })
      .where(
        `id = :orderId AND status = 'pending' AND user_id = :userId AND stars = :stars AND currency = :currency`,
        payment,
      )
      .returning('*')
      .execute();
    const row = (result.raw as Record<string, unknown>[])[0];
    return row ? this.fromRow(row) : null;
  }

  async setBoostEndsAfter(em: EntityManager, orderId: string, boostEndsAfter: Date): Promise<void> {
    await em.update(Order, { id: orderId }, { boostEndsAfter });
  }

  /** A paid order becomes refunded (once: null when it was not paid any more). */
  async markRefunded(em: EntityManager, orderId: string): Promise<Order | null> {
    const result = await em
      .createQueryBuilder()
      .update(Order)
      .set({ status: 'refunded', refundedAt: () => 'now()' })
      .where(`id = :orderId AND status = 'paid'`, { orderId })
      .returning('*')
      .execute();
    const row = (result.raw as Record<string, unknown>[])[0];
    return row ? this.fromRow(row) : null;
  }

  /** The daily credits of the player's paid boosts still running at `now` (0 for none or gift boosts only). */
  async runningBoostDailyCredits(userId: number, now: Date): Promise<number> {
    const [row]: { credits: number | null }[] = await this.orders.query(
      `SELECT max((grants->>'dailyCredits')::int) AS credits FROM orders
        WHERE user_id = $1 AND kind = 'boost' AND status = 'paid' AND boost_ends_after > $2`,
      [userId, now],
    );
    return row?.credits ?? 0;
  }

  private fromRow(row: Record<string, unknown>): Order {
    return Object.assign(new Order(), {
      id: row.id as string,
      userId: Number(row.user_id),
      planId: row.plan_id as number,
      kind: row.kind as PlanKind,
      stars: row.stars as number,
      currency: row.currency as string,
      grants: row.grants as OrderGrants,
      status: row.status as Order['status'],
      invoiceLink: row.invoice_link as string,
      telegramPaymentChargeId: row.telegram_payment_charge_id as string | null,
      boostEndsAfter: row.boost_ends_after as Date | null,
      createdAt: row.created_at as Date,
      paidAt: row.paid_at as Date | null,
      refundedAt: row.refunded_at as Date | null,
    });
  }
}
