import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

import { bigintNumber } from '../../database/bigint-number.transformer.js';

/**
 * A ban of a Telegram id (GAME.md "Decisions for the launch round"): no foreign key to users, so it
 * outlives the account's deletion and holds when the same id signs up again. Lifting it deletes the
 * row (the audit log keeps the history); one that has ended stays until then but binds nothing.
 */
@Entity({ name: 'player_bans' })
export class PlayerBan {
  @PrimaryColumn({ name: 'tg_id', type: 'bigint', transformer: bigintNumber })
  tgId!: number;

  @Column({ type: 'text' })
  reason!: string;

  /** When it ends; null: until an admin lifts it. */
  @Column({ type: 'timestamptz', nullable: true })
  until!: Date | null;

  /** The admin's Telegram id, or `cli`. */
  @Column({ name: 'banned_by', type: 'varchar', length: 32 })
  bannedBy!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

/**
 * SQL: the player `tgId` (an SQL expression) is banned now. The deck, the feed, the share page and
 * the swipe's statement read it, so a ban and its end need no job.
 */
export function isBannedSql(tgId: string): string {
  return `EXISTS (SELECT 1 FROM player_bans b WHERE b.tg_id = ${tgId} AND (b.until IS NULL OR b.until > now()))`;
}
