import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { PLAN_KINDS, type PlanKind } from '@mememint/contracts';

import type { LocalizedText } from '../../common/localized-text.js';

/**
 * Something players buy with Telegram Stars (GAME.md "Payments"). A credit pack grants `credits`;
 * a boost grants `boostDays` of premium, `credits` once as its bonus and `dailyCredits` each UTC day;
 * a swipe pack grants `swipes`. Seeded by a migration, edited by admins; a retired plan is
 * deactivated, never deleted (orders refer to it).
 */
@Entity({ name: 'plans' })
@Index('plans_kind_order_idx', ['kind', 'sortOrder'])
@Check(
  'plans_amounts_valid',
  '"stars" > 0 AND "credits" >= 0 AND "swipes" >= 0 AND "boost_days" >= 0 AND "daily_credits" >= 0',
)
export class Plan {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'enum', enum: PLAN_KINDS, enumName: 'plan_kind' })
  kind!: PlanKind;

  @Column({ type: 'jsonb' })
  title!: LocalizedText;

  @Column({ type: 'jsonb' })
  description!: LocalizedText;

  /** Price in Telegram Stars (XTR). */
  @Column({ type: 'integer' })
  stars!: number;

  @Column({ type: 'integer', default: 0 })
  credits!: number;

  @Column({ type: 'integer', default: 0 })
  swipes!: number;

  @Column({ name: 'boost_days', type: 'integer', default: 0 })
  boostDays!: number;

  @Column({ name: 'daily_credits', type: 'integer', default: 0 })
  dailyCredits!: number;

  @Column({ name: 'sort_order', type: 'integer', default: 0 })
  sortOrder!: number;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
