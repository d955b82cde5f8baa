import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, LessThan, Repository } from 'typeorm';
import type { GenerationStage } from '@mememint/contracts';

import { Generation, OPEN_GENERATION_STATUSES } from './entities/generation.entity.js';
import { PlayerFace } from './entities/player-face.entity.js';

const OPEN_STATUSES_SQL = OPEN_GENERATION_STATUSES.map((status) => `'${status}'`).join(', ');

/** A generation as it is recorded when it is queued. */
export type NewGeneration = Pick<
  Generation,
  'id' | 'userId' | 'templateId' | 'sourceMemeId' | 'faceKey' | 'targetKey' | 'text' | 'cost'
>;

/** What finishing a generation needs to know about it. */
export type ClosedGeneration = Pick<Generation, 'userId' | 'templateId' | 'text' | 'cost'>;

/** The generations and player_faces tables. */
@Injectable()
export class GenerationsRepository {
  constructor(
    @InjectRepository(Generation) private readonly generations: Repository<Generation>,
    @InjectRepository(PlayerFace) private readonly faces: Repository<PlayerFace>,
  ) {}

  /** Records a queued generation inside the transaction that charges for it. */
  async insert(em: EntityManager, generation: NewGeneration): Promise<void> {
    await em.insert(Generation, { ...generation, status: 'queued', stage: 'queued', progress: 0 });
  }

  /** The player's queued-or-running generations (inside the transaction that locked the player). */
  countOpen(em: EntityManager, userId: number): Promise<number> {
    return em.countBy(Generation, { userId, status: In([...OPEN_GENERATION_STATUSES]) });
  }

  findOwn(userId: number, id: string): Promise<Generation | null> {
    return this.generations.findOneBy({ id, userId });
  }

  async setRating(id: string, rating: number): Promise<void> {
    await this.generations.update({ id }, { rating });
  }

  /**
   * Seconds until the player's free generation of the window is available again (null or ≤ 0:
   * now). A failed free generation does not use up the window.
   */
  async freeGenerationWait(
    em: EntityManager,
    userId: number,
    intervalMinutes: number,
  ): Promise<number | null> {
    const [window]: { wait_seconds: number | null }[] = await em.query(
      `SELECT CEIL(EXTRACT(EPOCH FROM (MAX(created_at) + make_interval(mins => $2) - now())))::integer AS wait_seconds
         FROM generations
        WHERE user_id = $1 AND cost = 0 AND status <> 'failed'`,
      [userId, intervalMinutes],
    );
    return window?.wait_seconds ?? null;
  }

  /**
   * Moves an open generation's progress forward; a report not ahead of the stored one (stale, or a
   * retried job starting over) changes nothing. Answers the owner when it moved, else null.
   */
  async advanceProgress(id: string, stage: GenerationStage, progress: number): Promise<number | null> {
    const updated = await this.generations
      .createQueryBuilder()
      .update(Generation)
      .set({ status: 'processing', stage, progress })
      .where('id = :id AND status IN (:...open)', { id, open: OPEN_GENERATION_STATUSES })
      .andWhere('(progress, stage) < (:progress, CAST(:stage AS generation_stage))', { progress, stage })
      .returning('user_id')
      .execute();
    const row = (updated.raw as { user_id: string }[])[0];
    return row ? Number(row.user_id) : null;
  }

  /**
   * Moves an open generation to its outcome in one statement, which also locks its row: of two
   * replicas closing it at once, the second finds it no longer open and gets null.
   */
  async closeOpen(
    em: EntityManager,
    id: string,
    changes: Partial<Generation>,
  ): Promise<ClosedGeneration | null> {
    const closed = await em
      .createQueryBuilder()
      .update(Generation)
      .set(changes)
      .where('id = :id AND status IN (:...open)', { id, open: OPEN_GENERATION_STATUSES })
      .returning('user_id, template_id, text, cost')
      .execute();
    const row = (
      closed.raw as { user_id: string; template_id: string | null; text: string | null; cost: number }[]
    )[0];
    return row
      ? { userId: Number(row.user_id), templateId: row.template_id, text: row.text, cost: row.cost }
      : null;
  }

  /** Open generations unchanged since `quietSince`, oldest first. */
  findStale(quietSince: Date, limit: number): Promise<Generation[]> {
    return this.generations.find({
      where: { status: In([...OPEN_GENERATION_STATUSES]), updatedAt: LessThan(quietSince) },
      order: { createdAt: 'ASC' },
      take: limit,
    });
  }

  /** The player's current face photo, if they have uploaded one. */
  async findFaceKey(userId: number): Promise<string | null> {
    return (await this.faces.findOneBy({ userId }))?.faceKey ?? null;
  }

  async saveFaceKey(userId: number, faceKey: string): Promise<void> {
    await this.faces.upsert({ userId, faceKey }, ['userId']);
  }

  /**
   * Players whose current face was set before `cutoff` and who used the app on no day from it on,
   * with no open generation (one queued still needs the face): the face retention job's.
   */
  async staleFaceOwners(cutoff: string, limit: number): Promise<number[]> {
    const rows: { user_id: string }[] = await this.faces.query(
      `SELECT f.user_id FROM player_faces f
        WHERE f.updated_at < $1::date
          AND NOT EXISTS (SELECT 1 FROM player_visit_days v WHERE v.user_id = f.user_id AND v.day >= $1::date)
          AND NOT EXISTS (SELECT 1 FROM generations g
                           WHERE g.user_id = f.user_id AND g.status IN (${OPEN_STATUSES_SQL}))
        ORDER BY f.user_id LIMIT $2`,
      [cutoff, limit],
    );
    return rows.map((row) => Number(row.user_id));
  }

  /** The player has no current face any more. */
  async deleteFaceKey(userId: number): Promise<void> {
    await this.faces.delete({ userId });
  }
}
