import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { QuestKind } from '@mememint/contracts';
import type { EntityManager, Repository } from 'typeorm';

import { QuestCompletion } from './entities/quest-completion.entity.js';
import { Quest } from './entities/quest.entity.js';

export type NewQuest = Pick<Quest, 'kind' | 'title' | 'description'> &
  Partial<
    Pick<Quest, 'link' | 'chatId' | 'target' | 'rewardCoins' | 'rewardCredits' | 'sortOrder' | 'isActive'>
  >;
export type QuestChanges = Partial<Omit<NewQuest, 'kind'>>;

/** The SQL of quests and their completions. */
@Injectable()
export class QuestsRepository {
  constructor(
    @InjectRepository(Quest) private readonly quests: Repository<Quest>,
    @InjectRepository(QuestCompletion) private readonly completions: Repository<QuestCompletion>,
  ) {}

  listActive(): Promise<Quest[]> {
    return this.quests.find({ where: { isActive: true }, order: { sortOrder: 'ASC', id: 'ASC' } });
  }

  listActiveOfKind(kind: QuestKind): Promise<Quest[]> {
    return this.quests.findBy({ kind, isActive: true });
  }

  findActive(id: number): Promise<Quest | null> {
    return this.quests.findOneBy({ id, isActive: true });
  }

  create(quest: NewQuest): Promise<Quest> {
    return this.quests.save(this.quests.create(quest));
  }

  /** Null when no such quest exists. */
  async update(id: number, changes: QuestChanges): Promise<Quest | null> {
    if (Object.keys(changes).length > 0) await this.quests.update({ id }, changes);
    return this.quests.findOneBy({ id });
  }

  async completedQuestIds(userId: number): Promise<Set<number>> {
    const rows = await this.completions.find({ select: { questId: true }, where: { userId } });
    return new Set(rows.map((row) => row.questId));
  }

  isCompleted(userId: number, questId: number): Promise<boolean> {
    return this.completions.existsBy({ userId, questId });
  }

  /**
   * Records the completion unless it exists: true for the one caller that inserted it. Concurrent
   * callers wait on the key until the first commits, then find it taken.
   */
  async insertCompletion(em: EntityManager, userId: number, questId: number): Promise<boolean> {
    const rows: unknown[] = await em.query(
      `INSERT INTO quest_completions (user_id, quest_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING quest_id`,
      [userId, questId],
    );
    return rows.length > 0;
  }

  async setGranted(
    em: EntityManager,
    userId: number,
    questId: number,
    coins: number,
    credits: number,
  ): Promise<void> {
    await em.update(QuestCompletion, { userId, questId }, { coins, credits });
  }
}
