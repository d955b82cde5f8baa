import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AdminLedgerEntryDto, AdminOrderDto, AdminUserDto } from '@mememint/contracts';

import { mediaUrl } from '../../media/media-keys.js';

/** The user columns of a search hit, as SQL names them. */
interface UserRow {
  tg_id: string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  is_admin: boolean;
  infl: boolean;
  generation_limit: number;
  meme_coins: number;
  swipes: number;
  created_at: Date;
}

export interface OrderRow {
  id: string;
  user_id: string;
  username: string | null;
  kind: AdminOrderDto['kind'];
  stars: number;
  grants: AdminOrderDto['grants'];
  status: AdminOrderDto['status'];
  created_at: Date;
  paid_at: Date | null;
  refunded_at: Date | null;
}

const USER_COLUMNS = `u.tg_id, u.username, u.first_name, u.last_name, u.is_admin, u.infl,
  u.generation_limit, u.meme_coins, u.swipes, u.created_at`;

const ORDER_COLUMNS = `o.id, o.user_id, u.username, o.kind, o.stars, o.grants, o.status, o.created_at,
  o.paid_at, o.refunded_at`;

export function toAdminOrderDto(row: OrderRow): AdminOrderDto {
  return {
    id: row.id,
    userId: Number(row.user_id),
    username: row.username,
    kind: row.kind,
    stars: row.stars,
    grants: row.grants,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    paidAt: row.paid_at?.toISOString() ?? null,
    refundedAt: row.refunded_at?.toISOString() ?? null,
  };
}

export function toUserSummary(row: UserRow) {
  return {
    tgId: Number(row.tg_id),
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    isAdmin: row.is_admin,
    infl: row.infl,
    generationLimit: row.generation_limit,
    memeCoins: row.meme_coins,
    swipes: row.swipes,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * What the console reads about players across the feature tables (users, squads, orders, memes, the
 * ledger): read-only, one query per part. Changes go through the owning modules' services.
 */
@Injectable()
export class AdminPlayersRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A Telegram id exactly, or usernames and first names starting with `q`; newest players first. */
  async search(q: string, limit: number): Promise<UserRow[]> {
    const id = /^[1-9][0-9]{0,15}$/.test(q) ? q : null;
    const prefix = `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return this.dataSource.query(
      `SELECT ${USER_COLUMNS} FROM users u
        WHERE $1 = '' OR u.tg_id = $2::bigint OR u.username ILIKE $3 OR u.first_name ILIKE $3
        ORDER BY (u.tg_id = $2::bigint) DESC NULLS LAST, u.created_at DESC, u.tg_id DESC
        LIMIT $4`,
      [q, id, prefix, limit],
    );
  }

  async detail(tgId: number): Promise<(UserRow & DetailRow) | null> {
    const rows: (UserRow & DetailRow)[] = await this.dataSource.query(
      `SELECT ${USER_COLUMNS}, u.admin_by_config, u.language_code, u.boost_ends, u.has_ton,
              u.generations_count, u.invited_count, u.friends_generated, u.referal_coins, u.referal_id,
              u.referral_spending, s.id AS squad_id, s.title AS squad_title,
              (s.influencer_id = u.tg_id) AS squad_leader
         FROM users u
         LEFT JOIN squad_memberships sm ON sm.user_id = u.tg_id
         LEFT JOIN squads s ON s.id = sm.squad_id
        WHERE u.tg_id = $1`,
      [tgId],
    );
    return rows[0] ?? null;
  }

  async memes(tgId: number, limit: number): Promise<AdminUserDto['memes']> {
    const rows: {
      id: string;
      thumbnail_key: string;
      is_published: boolean;
      likes: number;
      created_at: Date;
    }[] = await this.dataSource.query(
      `SELECT id, thumbnail_key, is_published, likes, created_at FROM memes
          WHERE owner_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [tgId, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      thumbnailUrl: mediaUrl(row.thumbnail_key),
      isPublished: row.is_published,
      likes: row.likes,
      createdAt: row.created_at.toISOString(),
    }));
  }

  async referrals(tgId: number, limit: number): Promise<AdminUserDto['referrals']> {
    const rows: { tg_id: string; username: string | null; first_name: string | null; created_at: Date }[] =
      await this.dataSource.query(
        `SELECT tg_id, username, first_name, created_at FROM users
          WHERE referal_id = $1 ORDER BY created_at DESC, tg_id DESC LIMIT $2`,
        [tgId, limit],
      );
    return rows.map((row) => ({
      tgId: Number(row.tg_id),
      username: row.username,
      firstName: row.first_name,
      createdAt: row.created_at.toISOString(),
    }));
  }

  /** Orders newest first: one player's, or everyone's. */
  async orders(tgId: number | null, skip: number, take: number): Promise<[OrderRow[], number]> {
    const where = tgId === null ? '' : 'WHERE o.user_id = $3';
    const params = tgId === null ? [take, skip] : [take, skip, tgId];
    const [rows, count] = await Promise.all([
      this.dataSource.query(
        `SELECT ${ORDER_COLUMNS} FROM orders o JOIN users u ON u.tg_id = o.user_id ${where}
          ORDER BY o.created_at DESC, o.id DESC LIMIT $1 OFFSET $2`,
        params,
      ) as Promise<OrderRow[]>,
      this.dataSource.query(
        `SELECT count(*)::integer AS total FROM orders o ${tgId === null ? '' : 'WHERE o.user_id = $1'}`,
        tgId === null ? [] : [tgId],
      ) as Promise<{ total: number }[]>,
    ]);
    return [rows, count[0]!.total];
  }

  async order(id: string): Promise<OrderRow | null> {
    const rows: OrderRow[] = await this.dataSource.query(
      `SELECT ${ORDER_COLUMNS} FROM orders o JOIN users u ON u.tg_id = o.user_id WHERE o.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** A player's ledger rows, newest first. */
  async ledger(tgId: number, skip: number, take: number): Promise<[AdminLedgerEntryDto[], number]> {
    const [rows, count] = await Promise.all([
      this.dataSource.query(
        `SELECT id, kind, delta, reason, earned, idempotency_key, created_at FROM ledger_entries
          WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [tgId, take, skip],
      ) as Promise<
        {
          id: string;
          kind: AdminLedgerEntryDto['kind'];
          delta: number;
          reason: string;
          earned: boolean;
          idempotency_key: string | null;
          created_at: Date;
        }[]
      >,
      this.dataSource.query(`SELECT count(*)::integer AS total FROM ledger_entries WHERE user_id = $1`, [
        tgId,
      ]) as Promise<{ total: number }[]>,
    ]);
    return [
      rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        delta: row.delta,
        reason: row.reason,
        earned: row.earned,
        idempotencyKey: row.idempotency_key,
        createdAt: row.created_at.toISOString(),
      })),
      count[0]!.total,
    ];
  }
}

interface DetailRow {
  admin_by_config: boolean;
  language_code: string;
  boost_ends: Date | null;
  has_ton: boolean;
  generations_count: number;
  invited_count: number;
  friends_generated: number;
  referal_coins: number;
  referal_id: string | null;
  referral_spending: number;
  squad_id: number | null;
  squad_title: string | null;
  squad_leader: boolean | null;
}
