import { randomUUID } from 'node:crypto';

import { BadRequestException, Injectable, ServiceUnavailableException } from '@nestjs/common';
import {
  analysisKeyOf,
  defaultFaceIndex,
  ErrorText,
  type FaceRect,
  type Gender,
  type Page,
  type SupportedLanguage,
  type TemplateDto,
  toFaceRect,
} from '@mememint/contracts';
import { MediaStore } from '@mememint/media';

import { AppConfig } from '../config/app.config.js';
import { analysisError, type AnalysisOutcome, AnalysisQueue } from '../face-analysis/analysis-queue.js';
import { ImagesService } from '../media/images.service.js';
import { MediaKeys } from '../media/media-keys.js';
import type { Template } from './entities/template.entity.js';
import { animationContainer, TemplateAnimationsService } from './template-animations.service.js';
import { type NewTemplate, newTemplateFields, toTemplateDto } from './template-fields.js';
import { TemplatesRepository } from './templates.repository.js';

export interface TemplateFilter {
  page: number;
  pageSize: number;
  tag?: string;
  gender?: Gender;
  /** The player's gender (Profile): that gender's templates first, then those for anyone, then the rest. */
  preferredGender?: Gender | null;
  /** The player's language: titles and captions come in it when the template has them. */
  language?: SupportedLanguage;
}

const analysisUnavailable = () => new ServiceUnavailableException(ErrorText.faceAnalysisUnavailable);

/** What `analyseExisting` did with one template added before analyses. */
export type ExistingTemplateAnalysis = 'analysed' | 'no-face' | 'unavailable';

/** The photos players swap their faces into. */
@Injectable()
export class TemplatesService {
  constructor(
    private readonly templates: TemplatesRepository,
    private readonly images: ImagesService,
    private readonly storage: MediaStore,
    private readonly analyses: AnalysisQueue,
    private readonly config: AppConfig,
    private readonly animations: TemplateAnimationsService,
  ) {}

  async list(filter: TemplateFilter): Promise<Page<TemplateDto>> {
    const [rows, total] = await this.templates.page({
      tag: filter.tag?.trim().toLowerCase(),
      gender: filter.gender,
      preferredGender: filter.preferredGender ?? null,
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

  /**
   * Refused unless a face is found in it: a template without one can never be swapped into. The
   * inference worker analyses the stored bytes (the very image it will swap into) once, and keeps the
   * record beside them for every swap; the API process loads no model.
   */
  async create(adminId: number, upload: Buffer, fields: NewTemplate): Promise<TemplateDto> {
    // An animated GIF, MP4 or WEBM is an animated template: probed here, analysed later in the worker.
    const container = animationContainer(upload);
    if (container) return this.animations.create(adminId, upload, container, fields);
    const prepared = await this.images.prepare(upload);
    if (!this.analyses.isReady()) throw analysisUnavailable();
    const id = randomUUID();
    const keys = MediaKeys.template(id);
    await this.storage.write(keys.image, prepared.image);
    const outcome = await this.analyse(keys.image, true);
    if (outcome.state !== 'completed' || outcome.result.faces.length === 0) {
      await Promise.all([this.storage.remove(keys.image), this.storage.remove(analysisKeyOf(keys.image))]);
      const noFace = () => new BadRequestException(ErrorText.noFace);
      throw outcome.state === 'completed'
        ? noFace()
        : analysisError(outcome, { noFace, unavailable: analysisUnavailable });
    }
    const faces = outcome.result.faces.map((face) => toFaceRect(face.box));
    const defaultFace = defaultFaceIndex(outcome.result.faces);
    await this.storage.write(keys.thumbnail, await this.images.thumbnail(prepared.image));
    const template = await this.templates.insert({
      id,
      ...newTemplateFields(fields),
      imageKey: keys.image,
      thumbnailKey: keys.thumbnail,
      width: prepared.width,
      height: prepared.height,
      faceCount: faces.length,
      faces,
      defaultFace,
      createdBy: adminId,
    });
    return toTemplateDto(template);
  }

  /**
   * Analyses one template added before analyses (`npm run admin -- analyse-templates`): its faces are
   * listed from then on and its swaps skip detection. Until then it works as before (the worker analyses
   * it on every swap). One without a face is listed with none, and left alone from then on.
   */
  async analyseExisting(template: Template): Promise<ExistingTemplateAnalysis> {
    const outcome = await this.analyse(template.imageKey);
    let faces: FaceRect[];
    let defaultFace = 0;
    if (outcome.state === 'completed') {
      faces = outcome.result.faces.map((face) => toFaceRect(face.box));
      defaultFace = defaultFaceIndex(outcome.result.faces);
    } else if (outcome.state === 'failed' && outcome.failure.code === 'NO_FACE') faces = [];
    else return 'unavailable';
    await this.templates.setFaces(template.id, faces, defaultFace);
    return faces.length > 0 ? 'analysed' : 'no-face';
  }

  /** Templates added before analyses, oldest first. */
  findUnanalysed(): Promise<Template[]> {
    return this.templates.findUnanalysed();
  }

  /** An admin's new template is screened like a player's upload; one added before is not again. */
  private analyse(imageKey: string, screen = false): Promise<AnalysisOutcome> {
    return this.analyses.analyse({ imageKey, kind: 'template' }, this.config.generation.analysisTimeoutMs, {
      screen,
    });
  }
}
