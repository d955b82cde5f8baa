import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';

import { PlayerVisitDay } from './entities/player-visit-day.entity.js';

@Injectable()
export class VisitsRepository {
  constructor(@InjectRepository(PlayerVisitDay) private readonly days: Repository<PlayerVisitDay>) {}

  async record(userId: number, day: string): Promise<void> {
    await this.days.query(
      `INSERT INTO player_visit_days (user_id, day) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [userId, day],
    );
  }

  /** Consecutive visit days ending on `day` (0 when that day has no visit). */
  async streakEndingOn(userId: number, day: string): Promise<number> {
    // Newest first, the k-th day of a run ending on `day` is day - (k - 1): day + k is constant.
    const [row]: { streak: number }[] = await this.days.query(
      `SELECT count(*)::int AS streak FROM (
         SELECT day + (row_number() OVER (ORDER BY day DESC))::int AS run
           FROM player_visit_days WHERE user_id = $1 AND day <= $2::date
       ) d
       WHERE run = $2::date + 1`,
      [userId, day],
    );
    return row?.streak ?? 0;
  }
}
