import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

import { bigintNumber } from '../../database/bigint-number.transformer.js';
import { User } from '../../users/entities/user.entity.js';
import { Quest } from './quest.entity.js';

/** A quest a player completed; its key makes the reward once per player and quest. */
@Entity({ name: 'quest_completions' })
export class QuestCompletion {
  @PrimaryColumn({ name: 'user_id', type: 'bigint', transformer: bigintNumber })
  userId!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @PrimaryColumn({ name: 'quest_id', type: 'integer' })
  questId!: number;

  @ManyToOne(() => Quest, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'quest_id' })
  quest?: Quest;

  /** As granted (coins after the multiplier). */
  @Column({ type: 'integer', default: 0 })
  coins!: number;

  @Column({ type: 'integer', default: 0 })
  credits!: number;

  @CreateDateColumn({ name: 'completed_at', type: 'timestamptz' })
  completedAt!: Date;
}
