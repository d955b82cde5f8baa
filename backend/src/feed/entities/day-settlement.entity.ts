import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

import { bigintNumber } from '../../database/bigint-number.transformer.js';

/**
 * A settled contest day. Its key is the date: a day settles once, however many replicas, jobs or
 * operators try, because the row is inserted in the same transaction as every payout of the day.
 */
@Entity({ name: 'day_settlements' })
export class DaySettlement {
  /** `YYYY-MM-DD` (UTC). */
  @PrimaryColumn({ type: 'date' })
  day!: string;

  /**
   * The meme of the day; null when nothing of that day was liked. A record of what was decided, so no
   * foreign key (the settlement runs where only its own tables are known, the admin command).
   */
  @Column({ name: 'meme_id', type: 'uuid', nullable: true })
  memeId!: string | null;

  @Column({ name: 'author_id', type: 'bigint', nullable: true, transformer: bigintNumber })
  authorId!: number | null;

  /** Likes the winner received during the day. */
  @Column({ type: 'integer', default: 0 })
  likes!: number;

  @Column({ name: 'author_reward', type: 'integer', default: 0 })
  authorReward!: number;

  @Column({ type: 'bigint', default: 0, transformer: bigintNumber })
  pool!: number;

  @Column({ name: 'winning_stakes', type: 'bigint', default: 0, transformer: bigintNumber })
  winningStakes!: number;

  @Column({ type: 'integer', default: 0 })
  votes!: number;

  @Column({ type: 'integer', default: 0 })
  winners!: number;

  @Column({ name: 'paid_out', type: 'bigint', default: 0, transformer: bigintNumber })
  paidOut!: number;

  @Column({ type: 'bigint', default: 0, transformer: bigintNumber })
  refunded!: number;

  /** Coins the rounding down left over, paid to the vote `remainderVoteId` (the largest stake on the winner). */
  @Column({ type: 'integer', default: 0 })
  remainder!: number;

  @Column({ name: 'remainder_vote_id', type: 'bigint', nullable: true })
  remainderVoteId!: string | null;

  @CreateDateColumn({ name: 'settled_at', type: 'timestamptz' })
  settledAt!: Date;
}
