import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';

import { PlayerBan } from './entities/player-ban.entity.js';

interface BanRow {
  tg_id: string;
  reason: string;
  until: Date | null;
  banned_by: string;
  created_at: Date;
}

function toBan(row: BanRow): PlayerBan {
  return Object.assign(new PlayerBan(), {
    tgId: Number(row.tg_id),
    reason: row.reason,
    until: row.until,
    bannedBy: row.banned_by,
    createdAt: row.created_at,
  });
}

/** The player_bans table. */
@Injectable()
export class BansRepository {
  constructor(@InjectRepository(PlayerBan) private readonly bans: Repository<PlayerBan>) {}

  /** The player's ban in force now, or null (none, or it has ended). */
  async findActive(tgId: number): Promise<PlayerBan | null> {
    const rows: BanRow[] = await this.bans.query(
      `SELECT * FROM player_bans WHERE tg_id = $1 AND (until IS NULL OR until > now())`,
      [tgId],
    );
    return rows[0] ? toBan(rows[0]) : null;
  }

  /** The ban row (in force or ended), locked for a change. */
  async lock(em: EntityManager, tgId: number): Promise<PlayerBan | null> {
    const rows: BanRow[] = await em.query(`SELECT * FROM player_bans WHERE tg_id = $1 FOR UPDATE`, [tgId]);
    return rows[0] ? toBan(rows[0]) : null;
  }

  /** Bans (again) from now, for `days` or until lifted (null). */
  async upsert(
    em: EntityManager,
    ban: { tgId: number; reason: string; days: number | null; bannedBy: string },
  ): Promise<PlayerBan> {
    const rows: BanRow[] = await em.query(
      `INSERT INTO player_bans (tg_id, reason, until, banned_by)
       VALUES ($1, $2, now() + $3::integer * interval '1 day', $4)
       ON CONFLICT (tg_id) DO UPDATE
         SET reason = excluded.reason, until = excluded.until, banned_by = excluded.banned_by, created_at = now()
       RETURNING *`,
      [ban.tgId, ban.reason, ban.days, ban.bannedBy],
    );
    return toBan(rows[0]!);
  }

  async delete(em: EntityManager, tgId: number): Promise<void> {
    await em.delete(PlayerBan, { tgId });
  }
}
