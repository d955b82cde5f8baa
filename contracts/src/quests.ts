import type { BalanceDto } from './user.js';

/**
 * What a quest checks (GAME.md "Quests"): membership of a channel (`getChatMember`), invited
 * friends whose first generation succeeded, a first meme, a published meme, a connected TON
 * wallet, a sticker pack, days in a row with the app opened.
 */
export const QUEST_KINDS = [
  'channel',
  'invite_friends',
  'first_meme',
  'publish_meme',
  'ton_wallet',
  'sticker_pack',
  'visit_streak',
] as const;
export type QuestKind = (typeof QUEST_KINDS)[number];

export interface QuestReward {
  coins?: number;
  credits?: number;
}

/** `GET /api/v1/tasks/` item; texts in the player's language, `link` for quests done outside the app. */
export interface QuestDto {
  id: number;
  kind: QuestKind;
  title: string;
  description: string;
  link?: string;
  /** Coins before the earning multiplier. */
  reward: QuestReward;
  done: boolean;
}

export interface QuestListDto {
  items: QuestDto[];
}

/**
 * `GET /api/v1/tasks/check-task/{id}/`: `reward` (as granted, coins multiplied) the one time it is
 * granted, with the player's `balances` after it and their version when it changed any.
 */
export interface QuestCheckDto {
  done: boolean;
  reward?: QuestReward;
  balances?: BalanceDto;
}
