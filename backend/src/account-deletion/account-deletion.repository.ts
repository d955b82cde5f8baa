import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, Repository } from 'typeorm';

import { DeletedAccount } from './entities/deleted-account.entity.js';

/** What the deletion must clean up after its commit (outside the database). */
export interface AccountFootprint {
  infl: boolean;
  memeIds: string[];
  /** Every media key of the player's memes (images, thumbnails, captionless results, masks, analyses). */
  mediaKeys: string[];
  stickerSets: string[];
}

/**
 * deleted_accounts, and the deletion's statements over the tables that name the player. Deleting an
 * account must be one transaction across all of them (the books balance before and after), so the
 * statements that move rows to the tombstone live here together rather than one per module.
 */
@Injectable()
export class AccountDeletionRepository {
  constructor(@InjectRepository(DeletedAccount) private readonly deleted: Repository<DeletedAccount>) {}

  /** Whether this Telegram id had an account that was deleted. */
  wasDeleted(tgId: number, em: EntityManager = this.deleted.manager): Promise<boolean> {
    return em.existsBy(DeletedAccount, { tgId });
  }

  /** Locks the player's row and reads what the deletion touches; null when there is no such player. */
  async lockFootprint(em: EntityManager, tgId: number): Promise<AccountFootprint | null> {
    const users: { infl: boolean }[] = await em.query(`SELECT infl FROM users WHERE tg_id = $1 FOR UPDATE`, [
      tgId,
    ]);
    if (!users[0]) return null;
    const memes: {
      id: string;
      image_key: string;
      thumbnail_key: string;
      plain_image_key: string | null;
      video_key: string | null;
      generation_id: string | null;
    }[] = await em.query(
      `SELECT id, image_key, thumbnail_key, plain_image_key, video_key, generation_id FROM memes WHERE owner_id = $1`,
      [tgId],
    );
    const packs: { name: string }[] = await em.query(`SELECT name FROM sticker_packs WHERE owner_id = $1`, [
      tgId,
    ]);
    return {
      infl: users[0].infl,
      memeIds: memes.map((meme) => meme.id),
      mediaKeys: memes.flatMap((meme) => [
        meme.image_key,
        meme.thumbnail_key,
        `${meme.image_key}.analysis.json`,
        ...(meme.plain_image_key ? [meme.plain_image_key] : []),
        ...(meme.video_key ? [meme.video_key] : []),
        ...(meme.generation_id ? [`generations/${meme.generation_id}.mask.png`] : []),
      ]),
      stickerSets: packs.map((pack) => pack.name),
    };
  }

  /**
   * Moves what outlives the player to a new tombstone id: a users row without any name holding the
   * same balances, the ledger's rows (the books stay balanced, nothing earned moves to anyone), the
   * player's own stakes (they stay in their pools), paid orders (kept for accounting, now nameless)
   * and their promo codes (used up: they answer 410). Invitees keep a referrer that names nobody.
   */
  async moveToTombstone(em: EntityManager, tgId: number, tombstoneId: number): Promise<void> {
    await em.query(
      `INSERT INTO users (tg_id, created_at, generation_limit, meme_coins, swipes)
       SELECT $2, created_at, generation_limit, meme_coins, swipes FROM users WHERE tg_id = $1`,
      [tgId, tombstoneId],
    );
    await em.query(`UPDATE ledger_entries SET user_id = $2 WHERE user_id = $1`, [tgId, tombstoneId]);
    await em.query(`UPDATE ledger_keys SET user_id = $2 WHERE user_id = $1`, [tgId, tombstoneId]);
    await em.query(`UPDATE feed_votes SET user_id = $2 WHERE user_id = $1`, [tgId, tombstoneId]);
    await em.query(`UPDATE orders SET user_id = $2 WHERE user_id = $1`, [tgId, tombstoneId]);
    await em.query(`UPDATE promo_codes SET owner_id = $2, max_uses = uses WHERE owner_id = $1`, [
      tgId,
      tombstoneId,
    ]);
    await em.query(`UPDATE users SET referal_id = $2 WHERE referal_id = $1`, [tgId, tombstoneId]);
    await em.query(`UPDATE users SET ref_infl = NULL WHERE ref_infl = $1`, [tgId]);
  }

  /**
   * Deletes the player's row (its foreign keys take the rest: memes and their reports and votes,
   * sessions, generations, stickers, swipes, quests, visits, face, wallet, memberships) and likes
   * not yet paid to them, and remembers the Telegram id.
   */
  async deletePlayer(em: EntityManager, tgId: number): Promise<void> {
    await em.query(`DELETE FROM pending_likes WHERE author_id = $1`, [tgId]);
    await em.query(`DELETE FROM users WHERE tg_id = $1`, [tgId]);
    await em.query(`INSERT INTO deleted_accounts (tg_id) VALUES ($1) ON CONFLICT DO NOTHING`, [tgId]);
  }
}
