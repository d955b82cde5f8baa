import type { FaceRect } from './face-analysis.js';
import type { Gender, TemplateDto } from './memes.js';
import type { OrderGrants, OrderStatus, PlanKind } from './payments.js';
import type { BalanceAmounts, BalanceDto } from './user.js';

/** The balances an operator grants or takes (`POST /v1/admin/users/{tgId}/grants/`). */
export const GRANT_KINDS = ['credits', 'coins', 'swipes'] as const;
export type GrantKind = (typeof GRANT_KINDS)[number];

/** A template as admins see it (`GET /v1/admin/templates/`): every language, its use and state. */
export interface AdminTemplateDto extends Omit<TemplateDto, 'title' | 'faces'> {
  /** In English. */
  title: string;
  /** In the other languages (`{ru: '…'}`). */
  titles: Partial<Record<'ru', string>>;
  /** `caption` is in English; these in the other languages (`{ru: '…'}`). */
  captions: Partial<Record<'ru', string>>;
  /** Null for a template added before analyses and not analysed yet. */
  faces: FaceRect[] | null;
  /** Listed to players; a new template is stored disabled until an admin enables it. */
  enabled: boolean;
  /** Why an animation's analysis failed (it stays disabled), in English; null otherwise. */
  analysisError: string | null;
  /** Generations started from it (memes made from it are among them). */
  generations: number;
  memes: number;
}

/** `PATCH /v1/admin/templates/{id}/`: only the fields given change. */
export interface AdminTemplatePatch {
  title?: string;
  titles?: Partial<Record<'ru', string>>;
  caption?: string | null;
  /** A blank one removes that language's caption. */
  captions?: Partial<Record<'ru', string>>;
  tags?: string[];
  gender?: Gender | null;
  isPremium?: boolean;
}

/** One player in the admin's search (`GET /v1/admin/users/?q=`). */
export interface AdminUserSummaryDto extends BalanceAmounts {
  tgId: number;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
  infl: boolean;
  createdAt: string;
}

/** A player in full (`GET /v1/admin/users/{tgId}/`). */
export interface AdminUserDto extends AdminUserSummaryDto {
  /** Admin from ADMIN_TG_IDS (cannot be taken away here). */
  adminByConfig: boolean;
  languageCode: string;
  boostEnds: string | null;
  hasTon: boolean;
  generationsCount: number;
  invitedCount: number;
  friendsGenerated: number;
  referalCoins: number;
  referalId: number | null;
  /** Stars accrued from squad members' purchases. */
  referralSpending: number;
  squad: { id: number; title: string; isLeader: boolean } | null;
  ban: { reason: string; until: string | null } | null;
  /** Recent first. */
  orders: AdminOrderDto[];
  memes: { id: string; thumbnailUrl: string; isPublished: boolean; likes: number; createdAt: string }[];
  referrals: { tgId: number; username: string | null; firstName: string | null; createdAt: string }[];
}

/** One ledger row of a player (`GET /v1/admin/users/{tgId}/ledger/`). */
export interface AdminLedgerEntryDto {
  id: string;
  kind: GrantKind;
  delta: number;
  reason: string;
  earned: boolean;
  idempotencyKey: string | null;
  createdAt: string;
}

/** `POST /v1/admin/users/{tgId}/grants/`. */
export interface AdminGrantRequest {
  kind: GrantKind;
  /** Positive gives, negative takes (never below 0: 400 instead). */
  amount: number;
  reason: string;
  /** The operator's ticket: a grant under a used key changes nothing. */
  key: string;
}

export interface AdminGrantResultDto {
  tgId: number;
  /** False when the key had been used before: nothing changed. */
  applied: boolean;
  balances: BalanceDto;
}

/** `POST /v1/admin/users/{tgId}/influencer/` and `/admin/`. */
export interface AdminFlagRequest {
  on: boolean;
  reason?: string;
}

/** A Stars order (`GET /v1/admin/orders/`). */
export interface AdminOrderDto {
  id: string;
  userId: number;
  username: string | null;
  kind: PlanKind;
  stars: number;
  grants: OrderGrants;
  status: OrderStatus;
  createdAt: string;
  paidAt: string | null;
  refundedAt: string | null;
}

export interface AdminRefundResultDto {
  orderId: string;
  userId: number;
  takenBack: Partial<Record<GrantKind, number>>;
  boostDaysTakenBack: number;
}

/** The meme of the day's state of one contest day (`GET /v1/admin/feed/{date}/`). */
export interface AdminFeedDayDto {
  date: string;
  /** Whether the day has ended (UTC): only an ended day settles without `force`. */
  ended: boolean;
  settlement: {
    settledAt: string;
    memeId: string | null;
    authorId: number | null;
    likes: number;
    authorReward: number;
    pool: number;
    votes: number;
    winners: number;
    paidOut: number;
    refunded: number;
  } | null;
  /** Open (unsettled) or final tallies of the day's votes. */
  votes: { count: number; pool: number };
  /** The day's most liked memes, leader first. */
  leaders: { memeId: string; ownerId: number; thumbnailUrl: string; likes: number; votes: number }[];
}

/** One UTC day of the game's figures (`GET /v1/admin/figures/`). */
export interface AdminDayFiguresDto {
  day: string;
  newPlayers: number;
  activePlayers: number;
  generationsDone: number;
  generationsFailed: number;
  /** Failed generations whose credit came back (`generation-refund` rows). */
  generationsRefunded: number;
  swipes: number;
  /** Deck likes (liked swipes). */
  likes: number;
  betsPlaced: number;
  /** Coins staked. */
  betsStaked: number;
  /** Stakes returned (`stake-refund` rows) and their coins. */
  betsReturned: number;
  betsReturnedCoins: number;
  starsPaid: number;
  starsRefunded: number;
  coinsEarned: number;
  /** Coins taken from balances (votes, revokes, refunds). */
  coinsSpent: number;
}

export interface AdminQueueCountsDto {
  name: string;
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

export interface AdminFiguresDto {
  days: AdminDayFiguresDto[];
  queues: AdminQueueCountsDto[];
  /** When the daily figures were computed (they are cached briefly). */
  computedAt: string;
}
