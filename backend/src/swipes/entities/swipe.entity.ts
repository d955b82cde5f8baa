import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

import { bigintNumber } from '../../database/bigint-number.transformer.js';
import { Meme } from '../../memes/entities/meme.entity.js';
import { User } from '../../users/entities/user.entity.js';

/**
 * One swipe of one meme by one player: the key makes a repeat impossible (409). A like's row with its
 * time is what the meme of the day counts (GAME.md Decisions), never the meme's lagging `likes`.
 */
@Entity({ name: 'swipes' })
@Index('swipes_user_created_idx', ['userId', 'createdAt'])
@Index('swipes_meme_likes_idx', ['memeId', 'createdAt'], { where: '"liked"' })
export class Swipe {
  @PrimaryColumn({ name: 'user_id', type: 'bigint', transformer: bigintNumber })
  userId!: number;

  @PrimaryColumn({ name: 'meme_id', type: 'uuid' })
  memeId!: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @ManyToOne(() => Meme, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'meme_id' })
  meme?: Meme;

  @Column({ type: 'boolean' })
  liked!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
