import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { QUEST_KINDS, type QuestKind } from '@mememint/contracts';

import type { LocalizedText } from '../../common/localized-text.js';

/**
 * A quest (GAME.md "Quests"): what it checks (`kind`, with `target` for counts and `chatId` for a
 * channel; no chat id means NEWS_CHANNEL_ID) and what it pays once. Seeded by a migration; admins
 * add and edit them, and retire them instead of deleting.
 */
@Entity({ name: 'quests' })
@Check('quests_values_valid', '"target" >= 1 AND "reward_coins" >= 0 AND "reward_credits" >= 0')
export class Quest {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'enum', enum: QUEST_KINDS, enumName: 'quest_kind' })
  kind!: QuestKind;

  @Column({ type: 'jsonb' })
  title!: LocalizedText;

  @Column({ type: 'jsonb' })
  description!: LocalizedText;

  /** Where "Go" leads (a channel's t.me link); a news channel quest without one uses NEWS_CHANNEL_LINK. */
  @Column({ type: 'text', nullable: true })
  link!: string | null;

  /** A channel quest's chat (`@username` or id); null = NEWS_CHANNEL_ID. */
  @Column({ name: 'chat_id', type: 'varchar', length: 64, nullable: true })
  chatId!: string | null;

  /** Friends for `invite_friends`, days for `visit_streak`; 1 otherwise. */
  @Column({ type: 'integer', default: 1 })
  target!: number;

  /** Coins before the earning multiplier. */
  @Column({ name: 'reward_coins', type: 'integer', default: 0 })
  rewardCoins!: number;

  @Column({ name: 'reward_credits', type: 'integer', default: 0 })
  rewardCredits!: number;

  @Column({ name: 'sort_order', type: 'integer', default: 0 })
  sortOrder!: number;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
