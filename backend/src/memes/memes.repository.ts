import { Injectable } from '@nestjs/common';
import type { FaceRect } from '@mememint/contracts';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, IsNull, Not, Repository } from 'typeorm';

import { isUniqueViolation } from '../database/unique-violation.js';
import { isBannedSql } from '../moderation/entities/player-ban.entity.js';
import type { AnimationColumns } from '../media/animation-fields.js';
import { IN_FEED, Meme } from './entities/meme.entity.js';

/** A meme's columns as it is created (the rest are the table's defaults; unpublished, no contest day). */
export type NewMeme = Omit<
  Meme,
  | 'likes'
  | 'createdAt'
  | 'owner'
  | 'template'
  | 'firstPublishedAt'
  | 'contestDay'
  | 'faces'
  | 'faceIndexes'
  | 'hiddenAt'
  | 'reviewSince'
  | 'nsfwScores'
  | keyof AnimationColumns
> &
  Partial<Pick<Meme, 'reviewSince' | 'nsfwScores' | 'faceIndexes'> & AnimationColumns>;

/** A meme's moderation state, read under its row lock. */
export interface MemeModerationState {
  ownerId: number;
  contestDay: string | null;
  hiddenAt: Date | null;
  reviewSince: Date | null;
}

/** The memes table. */
@Injectable()
export class MemesRepository {
  constructor(@InjectRepository(Meme) private readonly memes: Repository<Meme>) {}

  /** Inserts a new meme (in the caller's transaction when given one); its defaults come back onto it. */
  async insert(values: NewMeme, em: EntityManager = this.memes.manager): Promise<Meme> {
    // An insert, not a save: the id is new, so no lookup first.
    const meme = em.create(Meme, values);
    await em.insert(Meme, meme);
    return meme;
  }

  async setFaces(id: string, faces: FaceRect[]): Promise<void> {
    await this.memes.update({ id }, { faces });
  }

  /**
   * Locks the meme's row for a moderation decision and answers its state; null when unknown. FOR NO
   * KEY UPDATE: a vote's insert (its foreign key shares the row) still goes on meanwhile.
   */
  async lockModerationState(em: EntityManager, id: string): Promise<MemeModerationState | null> {
    const rows: {
      owner_id: string;
      contest_day: string | null;
      hidden_at: Date | null;
      review_since: Date | null;
    }[] = await em.query(
      `SELECT owner_id, contest_day::text AS contest_day, hidden_at, review_since
         FROM memes WHERE id = $1 FOR NO KEY UPDATE`,
      [id],
    );
    const row = rows[0];
    return row
      ? {
          ownerId: Number(row.owner_id),
          contestDay: row.contest_day,
          hiddenAt: row.hidden_at,
          reviewSince: row.review_since,
        }
      : null;
  }

  /** An admin's decision ends a generated result's review (it may be published from then on). */
  async endReview(em: EntityManager, id: string): Promise<void> {
    await em.update(Meme, { id }, { reviewSince: null });
  }

  async setHiddenAt(em: EntityManager, id: string, hiddenAt: Date | null): Promise<void> {
    await em.update(Meme, { id }, { hiddenAt });
  }

  findById(id: string): Promise<Meme | null> {
    return this.memes.findOneBy({ id });
  }

  /** The owner and contest day of a meme that is in the feed now (one lean query: swipes read it each time). */
  async findInFeed(id: string): Promise<Pick<Meme, 'id' | 'ownerId' | 'contestDay'> | null> {
    const rows: { owner_id: string; contest_day: string | null }[] = await this.memes.query(
      `SELECT owner_id, contest_day::text AS contest_day FROM memes
        WHERE id = $1 AND ${IN_FEED} AND NOT ${isBannedSql('owner_id')}`,
      [id],
    );
    const row = rows[0];
    return row ? { id, ownerId: Number(row.owner_id), contestDay: row.contest_day } : null;
  }

  findOwn(ownerId: number, id: string): Promise<Meme | null> {
    return this.memes.findOneBy({ id, ownerId });
  }

  findOwnMany(ownerId: number, ids: string[]): Promise<Meme[]> {
    return ids.length ? this.memes.findBy({ id: In(ids), ownerId }) : Promise.resolve([]);
  }

  /** A published meme by its share id, with its owner loaded; not one hidden or of a banned author. */
  findPublishedWithOwner(shareId: string): Promise<Meme | null> {
    return this.memes
      .createQueryBuilder('m')
      .innerJoinAndSelect('m.owner', 'owner')
      .where(
        `m.share_id = :shareId AND m.is_published AND m.hidden_at IS NULL AND NOT ${isBannedSql('m.owner_id')}`,
        {
          shareId,
        },
      )
      .getOne();
  }

  findByGeneration(generationId: string): Promise<Meme | null> {
    return this.memes.findOneBy({ generationId });
  }

  /** Whether the player has published a meme (a generation's result, never an uploaded base). */
  hasPublished(ownerId: number): Promise<boolean> {
    return this.memes.existsBy({ ownerId, isPublished: true, generationId: Not(IsNull()) });
  }

  /** A player's memes, newest first, and how many there are. */
  /** A player's memes (swap results; their uploaded base photos are left out), newest first. */
  pageOfOwner(ownerId: number, skip: number, take: number): Promise<[Meme[], number]> {
    return this.memes.findAndCount({
      where: { ownerId, generationId: Not(IsNull()) },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip,
      take,
    });
  }

  /** Whether another published meme has this normalised caption. */
  isCaptionPublished(normalizedText: string, exceptId: string): Promise<boolean> {
    return this.memes
      .createQueryBuilder('m')
      .where('m.is_published AND m.normalized_text = :text AND m.id <> :id', {
        text: normalizedText,
        id: exceptId,
      })
      .getExists();
  }

  /** Saves a changed meme; a published caption already taken (the unique index decides a race) is null. */
  async saveUniqueCaption(meme: Meme): Promise<Meme | null> {
    try {
      return await this.memes.save(meme);
    } catch (error) {
      if (isUniqueViolation(error, 'memes_published_caption_uq')) return null;
      throw error;
    }
  }
}
