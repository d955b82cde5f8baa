import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { bigintNumber } from '../../database/bigint-number.transformer.js';

/**
 * A like (a swipe like or a feed vote) not yet added to its meme's count and its author's coins.
 * Likes are written here, one row each, by the request that makes them; a short-interval batch moves
 * them onto the meme and the author (MemeLikesService.flush), so a viral meme's row and its author's
 * balance are written once per batch instead of once per like. No foreign keys: inserting a like
 * must not lock the meme's or the author's row.
 */
@Entity({ name: 'pending_likes' })
@Index('pending_likes_meme_idx', ['memeId'])
export class PendingLike {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'meme_id', type: 'uuid' })
  memeId!: string;

  @Column({ name: 'author_id', type: 'bigint', transformer: bigintNumber })
  authorId!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
