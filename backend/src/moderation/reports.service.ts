import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import {
  ErrorCode,
  ErrorText,
  type Page,
  type ReportedMemeDto,
  type ReportReason,
  type ReportResultDto,
  type ReportStatus,
} from '@mememint/contracts';

import { AUDIT_ACTORS } from '../admin/audit/entities/audit-entry.entity.js';
import { AppConfig } from '../config/app.config.js';
import { Transactions } from '../database/transactions.js';
import { mediaUrl } from '../media/media-keys.js';
import { MemesService } from '../memes/memes.service.js';
import { MemeModerationService } from './meme-moderation.service.js';
import { ReportsRepository } from './reports.repository.js';

/**
 * Players' reports of memes (GAME.md "Decisions for the launch round"): one per player and meme;
 * a meme with MODERATION_HIDE_AFTER_REPORTS open reports is hidden pending an admin's decision.
 */
@Injectable()
export class ReportsService {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly memes: MemesService,
    private readonly moderation: MemeModerationService,
    private readonly transactions: Transactions,
    private readonly config: AppConfig,
  ) {}

  async report(userId: number, memeId: string, reason: ReportReason): Promise<ReportResultDto> {
    const meme = await this.memes.findInFeed(memeId);
    if (!meme) throw new NotFoundException(ErrorText.memeNotFound);
    if (meme.ownerId === userId) throw new BadRequestException(ErrorText.ownMemeReport);
    // Under the meme's row lock, so concurrent reports count one after another.
    const open = await this.transactions.run(async (em) => {
      const state = await this.memes.lockModerationState(em, memeId);
      if (!state || state.hiddenAt) throw new NotFoundException(ErrorText.memeNotFound);
      if (!(await this.reports.insert(em, memeId, userId, reason)))
        throw new ConflictException({ detail: ErrorText.alreadyReported, code: ErrorCode.alreadyReported });
      return this.reports.countOpen(em, memeId);
    });
    const hidden = open >= this.config.moderation.hideAfterReports;
    if (hidden) {
      await this.moderation.hide(memeId, {
        actor: AUDIT_ACTORS.system,
        reason: `${open} open reports`,
        closesReports: false,
      });
    }
    return { memeId, reason, hidden };
  }

  async page(status: ReportStatus | null, page: number, pageSize: number): Promise<Page<ReportedMemeDto>> {
    const [rows, total] = await this.reports.page(status, (page - 1) * pageSize, pageSize);
    return {
      items: rows.map((row) => ({
        memeId: row.id,
        shareId: row.share_id,
        ownerId: Number(row.owner_id),
        text: row.text,
        imageUrl: mediaUrl(row.image_key),
        isPublished: row.is_published,
        hiddenAt: row.hidden_at?.toISOString() ?? null,
        lastReportedAt: row.last_reported_at.toISOString(),
        ...(row.review_since
          ? { review: { since: row.review_since.toISOString(), nsfw: row.nsfw_scores } }
          : {}),
        reports: row.reports.map((report) => ({
          reporterId: Number(report.reporterId),
          reason: report.reason,
          status: report.status,
          createdAt: new Date(report.createdAt).toISOString(),
        })),
      })),
      page,
      pageSize,
      total,
    };
  }
}
