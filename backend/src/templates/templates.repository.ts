import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, IsNull, LessThan, Repository } from 'typeorm';
import type { FaceRect, Gender } from '@mememint/contracts';

import type { AnimationColumns } from '../media/animation-fields.js';
import { Template } from './entities/template.entity.js';

/** A new row: disabled unless said otherwise. */
export type NewTemplateRow = Omit<
  Template,
  'createdAt' | 'creator' | 'enabled' | keyof AnimationColumns | 'analysis' | 'analysisError' | 'defaultFace'
> &
  Partial<AnimationColumns & Pick<Template, 'enabled' | 'analysis' | 'analysisError' | 'defaultFace'>>;

/** What an admin edits and switches. */
export type TemplateFields = Pick<
  Template,
  'title' | 'titles' | 'caption' | 'captions' | 'tags' | 'gender' | 'isPremium' | 'enabled'
>;

export interface TemplateUsage {
  generations: number;
  memes: number;
}

/** The templates table. */
@Injectable()
export class TemplatesRepository {
  constructor(@InjectRepository(Template) private readonly templates: Repository<Template>) {}

  /**
   * Newest first, optionally with a tag (lower case) and a gender, only enabled ones unless `all`
   * (the admin's list); and how many match. With a `preferredGender` (the player's), a sort and not a
   * filter: that gender's templates first, then those for anyone, then the rest, each newest first.
   */
  page(filter: {
    tag?: string;
    gender?: Gender;
    preferredGender?: Gender | null;
    all?: boolean;
    skip: number;
    take: number;
  }): Promise<[Template[], number]> {
    const query = this.templates.createQueryBuilder('t');
    if (filter.preferredGender)
      query
        .addSelect(
          'CASE WHEN t.gender = :preferredGender THEN 0 WHEN t.gender IS NULL THEN 1 ELSE 2 END',
          'gender_rank',
        )
        .setParameter('preferredGender', filter.preferredGender)
        .orderBy('gender_rank', 'ASC');
    query.addOrderBy('t.created_at', 'DESC').addOrderBy('t.id', 'DESC');
    if (!filter.all) query.andWhere('t.enabled');
    if (filter.tag !== undefined) query.andWhere(':tag = ANY(t.tags)', { tag: filter.tag });
    if (filter.gender !== undefined) query.andWhere('t.gender = :gender', { gender: filter.gender });
    return query.skip(filter.skip).take(filter.take).getManyAndCount();
  }

  findById(id: string): Promise<Template | null> {
    return this.templates.findOneBy({ id });
  }

  /** Templates added before analyses, oldest first. */
  findUnanalysed(): Promise<Template[]> {
    return this.templates.find({ where: { faces: IsNull() }, order: { createdAt: 'ASC' } });
  }

  async setFaces(id: string, faces: FaceRect[], defaultFace: number): Promise<void> {
    await this.templates.update({ id }, { faces, faceCount: faces.length, defaultFace });
  }

  /** Generations and memes made from each template, by id (a template absent from the map has none). */
  async usage(
    ids: readonly string[],
    em: EntityManager = this.templates.manager,
  ): Promise<Map<string, TemplateUsage>> {
    if (ids.length === 0) return new Map();
    const rows: { id: string; generations: number; memes: number }[] = await em.query(
      `SELECT t.id,
              (SELECT count(*) FROM generations g WHERE g.template_id = t.id)::integer AS generations,
              (SELECT count(*) FROM memes m WHERE m.template_id = t.id)::integer AS memes
         FROM templates t WHERE t.id = ANY($1::uuid[])`,
      [ids],
    );
    return new Map(rows.map((row) => [row.id, { generations: row.generations, memes: row.memes }]));
  }

  /** Locks the row (the admin's edits of one template queue); null when there is none. */
  lock(em: EntityManager, id: string): Promise<Template | null> {
    return em.getRepository(Template).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  async update(em: EntityManager, id: string, changes: Partial<TemplateFields>): Promise<void> {
    await em.getRepository(Template).update({ id }, changes);
  }

  async remove(em: EntityManager, id: string): Promise<void> {
    await em.getRepository(Template).delete({ id });
  }

  /** Animations whose analysis is still pending though uploaded before `before`, oldest first. */
  findPendingAnalyses(before: Date, limit: number): Promise<Template[]> {
    return this.templates.find({
      where: { analysis: 'pending', createdAt: LessThan(before) },
      order: { createdAt: 'ASC' },
      take: limit,
    });
  }

  /**
   * Writes what an animation's analysis found, once: only a template still pending changes (a report
   * heard twice, by several replicas, settles it once). Answers the row as it now is, or null.
   */
  async finishAnalysis(id: string, values: Partial<Template>): Promise<Template | null> {
    const result = await this.templates.update({ id, analysis: 'pending' }, values);
    if (!result.affected) return null;
    return this.findById(id);
  }

  insert(values: NewTemplateRow): Promise<Template> {
    return this.templates.save(this.templates.create(values));
  }
}
