import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

import { User } from '../../users/entities/user.entity.js';
import { bigintNumber } from '../../database/bigint-number.transformer.js';
import { BALANCE_KINDS, type BalanceKind } from './ledger-entry.entity.js';

/**
 * The idempotency keys of the ledger, unique per user and kind across every month: unpartitioned,
 * written by the same statement as the keyed row of `ledger_entries` it names (by id and
 * `created_at`, the partitioned table's primary key; no foreign key, as PostgreSQL 15 cannot check one
 * against a partitioned table's key cheaply and the two rows are only ever written together).
 */
@Entity({ name: 'ledger_keys' })
export class LedgerKey {
  @PrimaryColumn({ name: 'user_id', type: 'bigint', transformer: bigintNumber })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @PrimaryColumn({ type: 'enum', enum: BALANCE_KINDS, enumName: 'balance_kind' })
  kind!: BalanceKind;

  @PrimaryColumn({ name: 'idempotency_key', type: 'varchar', length: 200 })
  idempotencyKey!: string;

  @Column({ name: 'entry_id', type: 'bigint' })
  entryId!: string;

  /** The entry's `created_at`: with `entryId`, finds it in its month's partition. */
  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
