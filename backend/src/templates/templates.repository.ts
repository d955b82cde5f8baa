import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import type { FaceRect, Gender } from '@mememint/contracts';
import { Template } from './entities/template.entity.js';

export type NewTemplateRow = Omit<Template, 'createdAt' | 'creator'>;

/** The templates table. */
@Injectable()
export class TemplatesRepository {
  constructor(@InjectRepository(Template) private readonly templates: Repository<Template>) {}

  /** Newest first, optionally with a tag (lower case) and a gender; and how many match. */
  page(filter: { tag?: string; gender?: Gender; skip: number; take: number }): Promise<[Template[], number]> {
    const query = this.templates
      .createQueryBuilder('t')
      .orderBy('t.created_at', 'DESC')
      .addOrderBy('t.id', 'DESC');
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

  async setFaces(id: string, faces: FaceRect[]): Promise<void> {
    await this.templates.update({ id }, { faces, faceCount: faces.length });
  }

  insert(values: NewTemplateRow): Promise<Template> {
    return this.templates.save(this.templates.create(values));
  }
}
