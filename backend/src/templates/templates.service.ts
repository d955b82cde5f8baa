import { randomUUID } from 'node:crypto';
import { BadRequestException, Injectable } from '@nestjs/common';
import {
  ErrorText,
  type Gender,
  type Page,
  type SupportedLanguage,
  type TemplateDto,
} from '@mememint/contracts';
import { ImagesService } from '../media/images.service.js';
import { MediaKeys, mediaUrl } from '../media/media-keys.js';
import { MediaStore } from '@mememint/media';
import type { Template } from './entities/template.entity.js';
import { TemplatesRepository } from './templates.repository.js';

export interface TemplateFilter {
  page: number;
  pageSize: number;
  tag?: string;
  gender?: Gender;
  /** The player's language: titles come in it when the template has one. */
  language?: SupportedLanguage;
}

/** An admin's fields for a new template; a blank caption is none. */
export interface NewTemplate {
  /** In English. */
  title: string;
  /** In the other languages (`{ru: '…'}`). */
  titles?: Partial<Record<SupportedLanguage, string>>;
  caption?: string;
  tags?: string[];
  gender?: Gender;
  isPremium?: boolean;
}

/** A template as players see it: titled in their language when it has that title, else in English. */
function toTemplateDto(template: Template, language?: SupportedLanguage): TemplateDto {
  return {
    id: template.id,
    title: (language && template.titles[language]) || template.title,
    caption: template.caption,
    tags: template.tags,
    gender: template.gender,
    isPremium: template.isPremium,
    imageUrl: mediaUrl(template.imageKey),
    thumbnailUrl: mediaUrl(template.thumbnailKey),
    width: template.width,
    height: template.height,
    createdAt: template.createdAt.toISOString(),
  };
}

/** The photos players swap their faces into. */
@Injectable()
export class TemplatesService {
  constructor(
    private readonly templates: TemplatesRepository,
    private readonly images: ImagesService,
    private readonly storage: MediaStore,
  ) {}

  async list(filter: TemplateFilter): Promise<Page<TemplateDto>> {
    const [rows, total] = await this.templates.page({
      tag: filter.tag?.trim().toLowerCase(),
      gender: filter.gender,
      skip: (filter.page - 1) * filter.pageSize,
      take: filter.pageSize,
    });
    return {
      items: rows.map((row) => toTemplateDto(row, filter.language)),
      page: filter.page,
      pageSize: filter.pageSize,
      total,
    };
  }

  findById(id: string): Promise<Template | null> {
    return this.templates.findById(id);
  }

  /** Refused unless a face is found in it: a template without one can never be swapped into. */
  async create(adminId: number, upload: Buffer, fields: NewTemplate): Promise<TemplateDto> {
    const prepared = await this.images.prepare(upload);
    // Looked for in the stored bytes, the very image the worker will swap into.
    const faceCount = await this.images.countFaces(prepared.image);
    if (faceCount === 0) throw new BadRequestException(ErrorText.noFace);
    const id = randomUUID();
    const keys = MediaKeys.template(id);
    await this.storage.write(keys.image, prepared.image);
    await this.storage.write(keys.thumbnail, await this.images.thumbnail(prepared.image));
    const template = await this.templates.insert({
      id,
      title: fields.title,
      titles: Object.fromEntries(Object.entries(fields.titles ?? {}).filter(([, title]) => title?.trim())),
      caption: fields.caption?.trim() || null,
      tags: fields.tags ?? [],
      gender: fields.gender ?? null,
      isPremium: fields.isPremium ?? false,
      imageKey: keys.image,
      thumbnailKey: keys.thumbnail,
      width: prepared.width,
      height: prepared.height,
      faceCount,
      createdBy: adminId,
    });
    return toTemplateDto(template);
  }
}
