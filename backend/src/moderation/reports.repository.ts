import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';
import type { NsfwScores, ReportReason, ReportStatus } from '@mememint/contracts';

import { MemeReport } from './entities/meme-report.entity.js';

/** A reported meme with its reports of the listed status, as the admin list reads it. */
export interface ReportedMemeRow {
  id: string;
  share_id: string;
  owner_id: string;
  text: string | null;
  image_key: string;
  is_published: boolean;
  hidden_at: Date | null;
  review_since: Date | null;
  nsfw_scores: NsfwScores | null;
  last_reported_at: Date;
  reports: { reporterId: string | number; reason: ReportReason; status: ReportStatus; createdAt: string }[];
}

/** The meme_reports table. */
@Injectable()
export class ReportsRepository {
  constructor(@InjectRepository(MemeReport) private readonly reports: Repository<MemeReport>) {}

  /** Records a report; false when this player has reported this meme before. */
  async insert(
    em: EntityManager,
    memeId: string,
    reporterId: number,
    reason: ReportReason,
  ): Promise<boolean> {
    const rows: unknown[] = await em.query(
      `INSERT INTO meme_reports (meme_id, reporter_id, reason) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING 1`,
      [memeId, reporterId, reason],
    );
    return rows.length > 0;
  }

  /** Distinct players with an open report of the meme. */
  async countOpen(em: EntityManager, memeId: string): Promise<number> {
    const [row]: { count: number }[] = await em.query(
      `SELECT count(*)::integer AS count FROM meme_reports WHERE meme_id = $1 AND status = 'open'`,
      [memeId],
    );
    return row!.count;
  }

  /** Closes the meme's open reports (an admin decided); answers how many. */
  async closeOpen(em: EntityManager, memeId: string): Promise<number> {
    const result = await em.update(MemeReport, { memeId, status: 'open' }, { status: 'closed' });
    return result.affected ?? 0;
  }

  /**
   * Memes with reports of `status` (all when null), and generated results held for review by the NSFW
   * classifier (open until an admin decides), newest first, with those reports.
   */
  async page(status: ReportStatus | null, skip: number, take: number): Promise<[ReportedMemeRow[], number]> {
    const queued = `SELECT meme_id, created_at AS at FROM meme_reports WHERE $1::text IS NULL OR status = $1
                    UNION ALL
                    SELECT id, review_since FROM memes
                     WHERE review_since IS NOT NULL AND ($1::text IS NULL OR $1 = 'open')`;
    const [rows, [count]] = await Promise.all([
      this.reports.query(
        `WITH reported AS (
                SELECT meme_id, max(at) AS last_reported_at FROM (${queued}) queued GROUP BY meme_id
                 ORDER BY last_reported_at DESC, meme_id LIMIT $2 OFFSET $3)
         SELECT m.id, m.share_id, m.owner_id, m.text, m.image_key, m.is_published, m.hidden_at,
                m.review_since, m.nsfw_scores, r.last_reported_at,
                coalesce((SELECT json_agg(json_build_object('reporterId', x.reporter_id, 'reason', x.reason,
                                                   'status', x.status, 'createdAt', x.created_at)
                                 ORDER BY x.created_at DESC, x.id DESC)
                   FROM meme_reports x WHERE x.meme_id = m.id AND ($1::text IS NULL OR x.status = $1)),
                         '[]') AS reports
           FROM reported r JOIN memes m ON m.id = r.meme_id
          ORDER BY r.last_reported_at DESC, m.id`,
        [status, take, skip],
      ) as Promise<ReportedMemeRow[]>,
      this.reports.query(`SELECT count(DISTINCT meme_id)::integer AS total FROM (${queued}) queued`, [
        status,
      ]) as Promise<{ total: number }[]>,
    ]);
    return [rows, count!.total];
  }
}
