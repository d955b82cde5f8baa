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
import { Meme } from '../../memes/entities/meme.entity.js';
import { User } from '../../users/entities/user.entity.js';

/**
 * A feed vote: a like that stakes coins on the meme becoming the meme of its contest day. One per
 * player and meme. Its outcome and payout follow from it and its day's settlement row
 * (`votePayoutSql`), so settling a day writes no vote row.
 */
@Entity({ name: 'feed_votes' })
@Index('feed_votes_user_meme_uq', ['userId', 'memeId'], { unique: true })
@Index('feed_votes_day_meme_idx', ['day', 'memeId'])
@Index('feed_votes_user_created_idx', ['userId', 'createdAt'])
@Check('feed_votes_amount_positive', '"amount" > 0')
export class FeedVote {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'user_id', type: 'bigint', transformer: bigintNumber })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ name: 'meme_id', type: 'uuid' })
  memeId!: string;

  @ManyToOne(() => Meme, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'meme_id' })
  meme?: Meme;

  /** The meme's contest day (UTC), `YYYY-MM-DD`. */
  @Column({ type: 'date' })
  day!: string;

  /** Coins staked. */
  @Column({ type: 'integer' })
  amount!: number;

  /**
   * When its stake came back before the day was settled (`stake-refund`: the meme was hidden or its
   * author deleted it); such a vote is out of the day's pool, as if the meme had not run.
   */
  @Column({ name: 'returned_at', type: 'timestamptz', nullable: true })
  returnedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
