import { randomUUID } from 'node:crypto';

import { BadRequestException, Injectable, ServiceUnavailableException } from '@nestjs/common';
import {
  type AnalyseJobResult,
  analysisKeyOf,
  ErrorText,
  FACE_CHECK_TEXT,
  type FaceUploadDto,
} from '@mememint/contracts';
import { MediaStore } from '@mememint/media';

import { AppConfig } from '../config/app.config.js';
import { analysisError, AnalysisQueue } from '../face-analysis/analysis-queue.js';
import { ImagesService } from '../media/images.service.js';
import { MediaKeys } from '../media/media-keys.js';
import { GenerationsRepository } from './generations.repository.js';

/** A face photo that passed the check, stored under its key with its analysis beside it. */
export interface CheckedFace {
  userId: number;
  faceKey: string;
  analysis: AnalyseJobResult;
}

const analysisUnavailable = () => new ServiceUnavailableException(ErrorText.faceCheckUnavailable);

/**
 * The player's face photo: checked once by the inference worker's analyse job (faces, landmarks,
 * and quality, stored beside the photo so generations do not analyse it again), never
 * charged, and the player's current face only once it passes.
 */
@Injectable()
export class PlayerFacesService {
  constructor(
    private readonly images: ImagesService,
    private readonly storage: MediaStore,
    private readonly analyses: AnalysisQueue,
    private readonly generations: GenerationsRepository,
    private readonly config: AppConfig,
  ) {}

  /** `PUT /v1/users/face/`: checks the photo and makes it the current face. */
  async upload(userId: number, photo: Buffer): Promise<FaceUploadDto> {
    const checked = await this.check(userId, photo);
    await this.accept(checked);
    return toFaceUploadDto(checked.analysis);
  }

  /** A checked photo becomes the player's current face. */
  async accept(checked: CheckedFace): Promise<void> {
    await this.generations.saveFaceKey(checked.userId, checked.faceKey);
  }

  /**
   * Re-encodes and stores the photo under a new key and has it analysed; a refused photo is a 400
   * `{detail, code}` with the advice (its files are removed), an unreadable one a 400 or 413.
   */
  async check(userId: number, photo: Buffer): Promise<CheckedFace> {
    const prepared = await this.images.prepare(photo);
    if (!this.analyses.isReady()) throw analysisUnavailable();
    const faceKey = MediaKeys.face(userId, randomUUID());
    await this.storage.write(faceKey, prepared.image);
    const outcome = await this.analyses.analyse(
      { imageKey: faceKey, kind: 'face' },
      this.config.generation.analysisTimeoutMs,
      { screen: true },
    );
    if (outcome.state === 'completed' && outcome.result.check.passed)
      return { userId, faceKey, analysis: outcome.result };
    await this.forget(faceKey);
    if (outcome.state === 'completed') {
      const check = outcome.result.check as Extract<AnalyseJobResult['check'], { passed: false }>;
      throw new BadRequestException({ detail: check.detail, code: check.code });
    }
    throw analysisError(outcome, {
      noFace: () => new BadRequestException({ detail: FACE_CHECK_TEXT.NO_FACE, code: 'NO_FACE' }),
      unavailable: analysisUnavailable,
    });
  }

  /**
   * `DELETE /v1/users/face/`: the player's face is forgotten: no current face, and every face photo
   * they uploaded (with a generation or on its own) and its analysis removed from the media store —
   * all under `faces/<tgId>/`. A generation still queued with it fails and is refunded as any whose
   * input is gone.
   */
  async delete(userId: number): Promise<void> {
    await this.generations.deleteFaceKey(userId);
    await this.storage.removeFolder(MediaKeys.facesOf(userId));
  }

  /** A refused photo (or one of a refused generation) is not kept. */
  async forget(faceKey: string): Promise<void> {
    await Promise.all([this.storage.remove(faceKey), this.storage.remove(analysisKeyOf(faceKey))]);
  }
}

export function toFaceUploadDto(analysis: AnalyseJobResult): FaceUploadDto {
  const notices = analysis.check.notices;
  return {
    faces: analysis.faces.map((face) => face.box),
    ...(notices.length > 0 ? { notice: notices[0] } : {}),
    notices,
  };
}
