/** Why a player reports a meme (GAME.md "Decisions for the launch round": Reports). */
export const REPORT_REASONS = [
  'nudity',
  'violence',
  'hate',
  'harassment',
  'impersonation',
  'spam',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** A report's state: open until an admin hides or restores its meme. */
export const REPORT_STATUSES = ['open', 'closed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** The answer of `POST /v1/memes/{id}/report/`. */
export interface ReportResultDto {
  memeId: string;
  reason: ReportReason;
  /** Whether the meme is hidden now (by this report's count or before). */
  hidden: boolean;
}

/** One report, as admins see it. */
export interface ReportDto {
  reporterId: number;
  reason: ReportReason;
  status: ReportStatus;
  createdAt: string;
}

/** A reported meme with its reports (`GET /v1/admin/reports/`). */
export interface ReportedMemeDto {
  memeId: string;
  shareId: string;
  ownerId: number;
  text: string | null;
  imageUrl: string;
  isPublished: boolean;
  /** When it was hidden (by reports or an admin); null while visible. */
  hiddenAt: string | null;
  /** Its newest report's time, or when it was held for review (the list's order). */
  lastReportedAt: string;
  reports: ReportDto[];
  /**
   * Present while a generated result waits for an admin because the NSFW classifier scored it above the
   * thresholds: not publishable (409 IN_REVIEW) until restored (allowed) or hidden.
   */
  review?: { since: string; nsfw: NsfwScores | null };
}

/** A meme's moderation state after an admin's hide or restore. */
export interface MemeModerationDto {
  memeId: string;
  hiddenAt: string | null;
  /** Open reports this decision closed. */
  closedReports: number;
  /** Stakes returned (`stake-refund`) on the meme of the day's open bets. */
  refundedVotes: number;
}

/** A player's ban (`POST /v1/admin/users/{tgId}/ban/`); `until` null means until lifted. */
export interface BanDto {
  tgId: number;
  reason: string;
  until: string | null;
  createdAt: string;
}

/** One row of the admin audit log. */
export interface AuditEntryDto {
  id: string;
  /** The admin's Telegram id, `cli` for the admin CLI, `system` for automatic moderation. */
  actor: string;
  action: string;
  target: string;
  reason: string | null;
  before: unknown;
  after: unknown;
  idempotencyKey: string | null;
  createdAt: string;
}

/** The NSFW classifier's classes (nsfwjs's order), each scored 0–1, summing to 1. */
export const NSFW_CLASSES = ['drawing', 'hentai', 'neutral', 'porn', 'sexy'] as const;
export type NsfwClass = (typeof NSFW_CLASSES)[number];
export type NsfwScores = Record<NsfwClass, number>;

/**
 * Where an image counts as NSFW (the backend's NSFW_* variables): when its explicit score (porn + hentai)
 * reaches `explicit`, or its suggestive score (porn + hentai + sexy) reaches `suggestive`.
 */
export interface NsfwThresholds {
  explicit: number;
  suggestive: number;
}

/**
 * The defaults of the backend's NSFW_REFUSE_THRESHOLD and NSFW_SUGGESTIVE_THRESHOLD (docs/PERFORMANCE.md:
 * the labelled photos score at most 0.18 explicit).
 */
export const NSFW_DEFAULT_THRESHOLDS: NsfwThresholds = { explicit: 0.8, suggestive: 0.97 };

export function isNsfw(scores: NsfwScores, thresholds: NsfwThresholds): boolean {
  const explicit = scores.porn + scores.hentai;
  return explicit >= thresholds.explicit || explicit + scores.sexy >= thresholds.suggestive;
}

/** NSFW scores as the worker sends them (they travel through Redis: check before use). */
export function isNsfwScores(value: unknown): value is NsfwScores {
  const candidate = value as Partial<NsfwScores> | null;
  return NSFW_CLASSES.every((name) => typeof candidate?.[name] === 'number');
}
