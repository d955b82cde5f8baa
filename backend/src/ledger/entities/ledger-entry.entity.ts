import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';

import { User } from '../../users/entities/user.entity.js';
import { bigintNumber } from '../../database/bigint-number.transformer.js';
import type { LedgerReason } from '../ledger-reasons.js';

/** The three money-like balances on the user row (GAME.md "Money-like balances"). */
export const BALANCE_KINDS = ['credits', 'coins', 'swipes'] as const;
export type BalanceKind = (typeof BALANCE_KINDS)[number];

/**
 * One change of one balance. A user's balance always equals the sum of its rows' `delta`.
 * `idempotencyKey` makes one-time grants unique per user and kind: the unique key lives in
 * `ledger_keys` (LedgerKey), since the table is partitioned by month of `created_at`
 * (PARTITION BY RANGE, made by the LedgerPartitions migration and LedgerPartitionsService; TypeORM
 * sees the parent only) and a partitioned table's unique keys must include that column.
 */
@Entity({ name: 'ledger_entries' })
@Index('ledger_entries_user_created_idx', ['userId', 'createdAt'])
// The admin figures' days (every player's rows of a day).
@Index('ledger_entries_created_idx', ['createdAt'])
export class LedgerEntry {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'user_id', type: 'bigint', transformer: bigintNumber })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'enum', enum: BALANCE_KINDS, enumName: 'balance_kind' })
  kind!: BalanceKind;

  @Column({ type: 'integer' })
  delta!: number;

  /** What the change was for: one of LEDGER_REASONS. */
  @Column({ type: 'varchar', length: 64 })
  reason!: LedgerReason;

  /** Coins the user earned (LEDGER_REASONS): ratings and the airdrop share are sums of these rows. */
  @Column({ type: 'boolean' })
  earned!: boolean;

  /** The thing the change belongs to (a generation id, a payment charge id, a date …). */
  @Column({ name: 'idempotency_key', type: 'varchar', length: 200, nullable: true })
  idempotencyKey!: string | null;

  /** The partition key, hence part of the primary key (`id` alone stays unique: one sequence). */
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', primary: true })
  createdAt!: Date;
}
