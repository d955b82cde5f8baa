import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { GIFT_KINDS, type GiftKind } from '@mememint/contracts';

import { bigintNumber } from '../../database/bigint-number.transformer.js';
import { User } from '../../users/entities/user.entity.js';

/**
 * A random gift a swipe rolled. Pending until opened; opening decides its kind and amount and grants
 * them once (the row is locked while it is opened, and the ledger row is keyed by its id).
 */
@Entity({ name: 'swipe_gifts' })
@Index('swipe_gifts_pending_idx', ['userId', 'createdAt'], { where: '"opened_at" IS NULL' })
export class SwipeGift {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'user_id', type: 'bigint', transformer: bigintNumber })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'opened_at', type: 'timestamptz', nullable: true })
  openedAt!: Date | null;

  @Column({ type: 'enum', enum: GIFT_KINDS, enumName: 'gift_kind', nullable: true })
  kind!: GiftKind | null;

  /** Coins, credits or swipes granted, or days of boost. */
  @Column({ type: 'integer', nullable: true })
  amount!: number | null;
}
