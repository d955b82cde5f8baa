import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

import { bigintNumber } from '../../database/bigint-number.transformer.js';

/**
 * A webhook update taken for processing, keyed by Telegram's `update_id`, so a redelivered update
 * is handled once. `processedAt` stays null while a delivery works on it; a claim left unfinished
 * (the process died) can be taken again after a while.
 */
@Entity({ name: 'telegram_updates' })
@Index('telegram_updates_received_idx', ['receivedAt'])
export class TelegramUpdate {
  @PrimaryColumn({ name: 'update_id', type: 'bigint', transformer: bigintNumber })
  updateId!: number;

  /** The update's kind (`message`, `pre_checkout_query`, …). */
  @Column({ type: 'varchar', length: 64 })
  kind!: string;

  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' })
  receivedAt!: Date;

  @Column({ name: 'processed_at', type: 'timestamptz', nullable: true })
  processedAt!: Date | null;
}
