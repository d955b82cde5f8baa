import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';

import { bigintNumber } from '../../database/bigint-number.transformer.js';
import { User } from '../../users/entities/user.entity.js';

export const INFLUENCER_SHARE_KINDS = ['accrual', 'take-back'] as const;
export type InfluencerShareKind = (typeof INFLUENCER_SHARE_KINDS)[number];

/**
 * One change of an influencer's `referralSpending` (Stars): the share of a member's paid order, or
 * its take-back when that order is refunded. Once per charge id and kind; the influencer's
 * `referralSpending` always equals the sum of their rows' `share`.
 */
@Entity({ name: 'influencer_shares' })
@Index('influencer_shares_charge_kind_uq', ['chargeId', 'kind'], { unique: true })
@Index('influencer_shares_influencer_idx', ['influencerId', 'createdAt'])
@Check(
  'influencer_shares_sign',
  `("kind" = 'accrual' AND "share" >= 0) OR ("kind" = 'take-back' AND "share" <= 0)`,
)
export class InfluencerShare {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'influencer_id', type: 'bigint', transformer: bigintNumber })
  influencerId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'influencer_id' })
  influencer?: User;

  /** The squad member who paid. */
  @Column({ name: 'member_id', type: 'bigint', transformer: bigintNumber })
  memberId!: number;

  /** Telegram's `telegram_payment_charge_id` of the order. */
  @Column({ name: 'charge_id', type: 'varchar', length: 200 })
  chargeId!: string;

  @Column({ type: 'enum', enum: INFLUENCER_SHARE_KINDS, enumName: 'influencer_share_kind' })
  kind!: InfluencerShareKind;

  /** Stars the order cost. */
  @Column({ type: 'integer' })
  stars!: number;

  /** Stars added to (accrual) or taken from (take-back) `referralSpending`. */
  @Column({ type: 'integer' })
  share!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
