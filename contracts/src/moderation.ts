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
  /** Its newest report's time (the list's order). */
  lastReportedAt: string;
  reports: ReportDto[];
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
