import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import {
  type BalanceDto,
  ErrorText,
  type QuestCheckDto,
  type QuestKind,
  type QuestReward,
} from '@mememint/contracts';
import type { EntityManager } from 'typeorm';

import { AppConfig } from '../config/app.config.js';
import { type BalanceChange, LedgerService } from '../ledger/ledger.service.js';
import { MemesService } from '../memes/memes.service.js';
import { BotApiClient } from '../telegram/bot-api.client.js';
import {
  BotApiError,
  BotApiUnavailableError,
  TelegramUnavailableException,
} from '../telegram/bot-api.errors.js';
import type { User } from '../users/entities/user.entity.js';
import { UserCountersService } from '../users/user-counters.service.js';
import { VisitsService } from '../visits/visits.service.js';
import type { Quest } from './entities/quest.entity.js';
import { type NewQuest, type QuestChanges, QuestsRepository } from './quests.repository.js';
import { Transactions } from '../database/transactions.js';

/** A quest paid this time: its reward and, when it changed any, the balances after it (their version set). */
interface QuestGrant {
  reward: QuestReward;
  balances?: BalanceDto;
}

/** Kinds another module completes when the thing happens (there is nothing for a check to look at). */
type CompletedElsewhere = Extract<QuestKind, 'sticker_pack' | 'ton_wallet'>;

export interface QuestWithState {
  quest: Quest;
  done: boolean;
}

/**
 * Quests (GAME.md "Quests"): checks whether a player did what a quest asks and, the first time, pays
 * its reward (coins are earned: ×m) and counts it in `tasksCount`, once per player and quest.
 */
@Injectable()
export class QuestsService {
  private readonly logger = new Logger(QuestsService.name);

  constructor(
    private readonly quests: QuestsRepository,
    private readonly transactions: Transactions,
    private readonly ledger: LedgerService,
    private readonly counters: UserCountersService,
    private readonly memes: MemesService,
    private readonly visits: VisitsService,
    private readonly bot: BotApiClient,
    private readonly config: AppConfig,
  ) {}

  async list(userId: number): Promise<QuestWithState[]> {
    const [quests, completed] = await Promise.all([
      this.quests.listActive(),
      this.quests.completedQuestIds(userId),
    ]);
    return quests.map((quest) => ({ quest, done: completed.has(quest.id) }));
  }

  /** Where a quest's "Go" leads. */
  linkOf(quest: Quest): string | undefined {
    if (quest.link) return quest.link;
    return quest.kind === 'channel' && quest.chatId === null
      ? this.config.telegram.newsChannelLink
      : undefined;
  }

  /** Checks a quest now; `reward` is set the one time it is granted. A Bot API failure grants nothing (503). */
  async check(user: User, questId: number): Promise<QuestCheckDto> {
    const quest = await this.quests.findActive(questId);
    if (!quest) throw new NotFoundException(ErrorText.taskNotFound);
    if (await this.quests.isCompleted(user.tgId, quest.id)) return { done: true };
    if (!(await this.passes(quest, user))) return { done: false };
    const granted = await this.grant(user.tgId, quest);
    return granted ? { done: true, ...granted } : { done: true };
  }

  /**
   * For the modules that see it happen (stickers: a pack made; wallet: a wallet connected): grants
   * every active quest of that kind the player has not done. Pass the caller's transaction to make
   * the grant part of it. Answers what was granted this time.
   */
  async complete(userId: number, kind: CompletedElsewhere, em?: EntityManager): Promise<QuestReward[]> {
    const granted: QuestReward[] = [];
    for (const quest of await this.quests.listActiveOfKind(kind)) {
      const grant = await this.grant(userId, quest, em);
      if (grant) granted.push(grant.reward);
    }
    return granted;
  }

  create(quest: NewQuest): Promise<Quest> {
    return this.quests.create(quest);
  }

  async update(id: number, changes: QuestChanges): Promise<Quest> {
    const quest = await this.quests.update(id, changes);
    if (!quest) throw new NotFoundException(ErrorText.taskNotFound);
    return quest;
  }

  private async passes(quest: Quest, user: User): Promise<boolean> {
    switch (quest.kind) {
      case 'channel':
        return this.isChannelMember(quest.chatId ?? this.config.telegram.newsChannelId, user.tgId);
      case 'invite_friends':
        return user.friendsGenerated >= quest.target;
      case 'first_meme':
        return user.generationsCount >= 1;
      case 'publish_meme':
        return this.memes.hasPublished(user.tgId);
      case 'ton_wallet':
        return user.hasTon;
      case 'sticker_pack':
        // Completed by the stickers module when Telegram made the pack.
        return false;
      case 'visit_streak':
        return (await this.visits.currentStreak(user.tgId)) >= quest.target;
    }
  }

  private async isChannelMember(chatId: string, userId: number): Promise<boolean> {
    try {
      const member = await this.bot.call('getChatMember', { chat_id: chatId, user_id: userId });
      return (
        member.status === 'creator' ||
        member.status === 'administrator' ||
        member.status === 'member' ||
        (member.status === 'restricted' && member.is_member)
      );
    } catch (error) {
      if (error instanceof BotApiError) {
        // "chat not found", "member list is inaccessible": the bot is not the channel's admin.
        this.logger.error(`Channel quest cannot check ${chatId}: ${error.description}`);
        throw new TelegramUnavailableException();
      }
      if (error instanceof BotApiUnavailableError) throw new TelegramUnavailableException();
      throw error;
    }
  }

  /**
   * Pays a quest once: the completion row's key decides which of concurrent callers pays.
   */
  private grant(userId: number, quest: Quest, em?: EntityManager): Promise<QuestGrant | null> {
    const run = async (tx: EntityManager): Promise<QuestGrant | null> => {
      if (!(await this.quests.insertCompletion(tx, userId, quest.id))) return null;
      const changes: BalanceChange[] = [];
      if (quest.rewardCoins) changes.push({ kind: 'coins', delta: quest.rewardCoins });
      if (quest.rewardCredits) changes.push({ kind: 'credits', delta: quest.rewardCredits });
      const result = changes.length
        ? await this.ledger.apply(
            userId,
            changes,
            { reason: 'quest', idempotencyKey: `quest:${quest.id}` },
            tx,
          )
        : null;
      const deltas = result?.deltas ?? {};
      await this.quests.setGranted(tx, userId, quest.id, deltas.coins ?? 0, deltas.credits ?? 0);
      await this.counters.recordTaskDone(userId, tx);
      const reward: QuestReward = {
        ...(deltas.coins ? { coins: deltas.coins } : {}),
        ...(deltas.credits ? { credits: deltas.credits } : {}),
      };
      return result ? { reward, balances: result.balances } : { reward };
    };
    if (em?.queryRunner?.isTransactionActive) return run(em);
    return em ? em.transaction(run) : this.transactions.run(run);
  }
}
