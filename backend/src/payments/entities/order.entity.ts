import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import {
  ORDER_STATUSES,
  type OrderGrants,
  type OrderStatus,
  PLAN_KINDS,
  type PlanKind,
} from '@mememint/contracts';

import { bigintNumber } from '../../database/bigint-number.transformer.js';
import { User } from '../../users/entities/user.entity.js';
import { Plan } from './plan.entity.js';

/**
 * One purchase of a plan with Telegram Stars: pending from the invoice link, paid once Telegram
 * reports the payment (its charge id is unique, so a payment credits once), refunded by an admin.
 * The price and grants are the plan's at the time of the order.
 */
@Entity({ name: 'orders' })
@Index('orders_user_created_idx', ['userId', 'createdAt'])
export class Order {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'user_id', type: 'bigint', transformer: bigintNumber })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ name: 'plan_id', type: 'integer' })
  planId!: number;

  @ManyToOne(() => Plan, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'plan_id' })
  plan?: Plan;

  @Column({ type: 'enum', enum: PLAN_KINDS, enumName: 'plan_kind' })
  kind!: PlanKind;

  @Column({ type: 'integer' })
  stars!: number;

  @Column({ type: 'varchar', length: 3, default: 'XTR' })
  currency!: string;

  @Column({ type: 'jsonb' })
  grants!: OrderGrants;

  @Column({ type: 'enum', enum: ORDER_STATUSES, enumName: 'order_status', default: 'pending' })
  status!: OrderStatus;

  @Column({ name: 'invoice_link', type: 'text' })
  invoiceLink!: string;

  @Index('orders_charge_id_uq', { unique: true, where: '"telegram_payment_charge_id" IS NOT NULL' })
  @Column({ name: 'telegram_payment_charge_id', type: 'varchar', length: 255, nullable: true })
  telegramPaymentChargeId!: string | null;

  /** A boost: where `boostEnds` stood after this purchase (its daily bonus applies until then). */
  @Column({ name: 'boost_ends_after', type: 'timestamptz', nullable: true })
  boostEndsAfter!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt!: Date | null;

  @Column({ name: 'refunded_at', type: 'timestamptz', nullable: true })
  refundedAt!: Date | null;
}
