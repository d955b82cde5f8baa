import { randomUUID } from 'node:crypto';

import {
  BadRequestException,
  HttpException,
  HttpStatus,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  ErrorText,
  type FaceRect,
  type GenerationCreatedDto,
  type GenerationRatingDto,
  type GenerationStatusDto,
  isBoostActive,
  parseFaceChoice,
} from '@mememint/contracts';

import { AppConfig } from '../config/app.config.js';
import { Transactions } from '../database/transactions.js';
import { InsufficientBalanceError } from '../ledger/ledger.errors.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { MediaKeys } from '../media/media-keys.js';
import { MemesService, toMemeDto } from '../memes/memes.service.js';
import { MetricsService } from '../metrics/metrics.service.js';
import { RedisUnavailableException } from '../redis/redis-unavailable.js';
import { templateCaption } from '../templates/template-fields.js';
import { TemplatesService } from '../templates/templates.service.js';
import type { User } from '../users/entities/user.entity.js';
import type { Meme } from '../memes/entities/meme.entity.js';
import type { Generation } from './entities/generation.entity.js';
import { GenerationOutcomesService } from './generation-outcomes.service.js';
import { GenerationQueue } from './generation-queue.js';
import { GenerationsRepository } from './generations.repository.js';
import { type CheckedFace, PlayerFacesService, toFaceUploadDto } from './player-faces.service.js';

export interface GenerationRequest {
  /** A new face photo (JPEG bytes); without it the player's current face is used. */
  photo?: Buffer;
  templateId?: string;
  memeId?: string;
  text?: string;
  /** The multipart `faces` field: `all`, or a JSON array of face indices (largest first). */
  faces?: string;
}

interface Target {
  key: string;
  /** Its analysed faces (largest first), or null when not analysed (the worker then finds them). */
  faces: FaceRect[] | null;
  /** The face swapped without a choice, when known (an analysed template's `defaultFace`). */
  defaultFace: number | null;
  templateId: string | null;
  sourceMemeId: string | null;
  text: string | null;
  /**
   * An animated template's clip and face tracks, or an animated meme's caption-less clip and its
   * template's tracks (its own queue and price); null for a still.
   */
  animation: { videoKey: string; analysisKey: string } | null;
}

/** A generation takes seconds to a minute: what a player over the cap is told to wait. */
const ACTIVE_CAP_RETRY_AFTER_SECONDS = 10;

const queueUnavailable = () => new RedisUnavailableException(ErrorText.generationUnavailable);

/** Starting generations (authorise, charge, queue) and reading their state. */
@Injectable()
export class GenerationsService {
  constructor(
    private readonly generations: GenerationsRepository,
    private readonly queue: GenerationQueue,
    private readonly transactions: Transactions,
    private readonly ledger: LedgerService,
    private readonly templates: TemplatesService,
    private readonly memes: MemesService,
    private readonly faces: PlayerFacesService,
    private readonly outcomes: GenerationOutcomesService,
    private readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {}

  /**
   * Checks everything a client can get wrong before anything is charged, then charges (a credit, or
   * the free generation) and records the generation in one transaction, and queues the swap.
   */
  async start(user: User, request: GenerationRequest): Promise<GenerationCreatedDto> {
    const choice = parseFaceChoice(request.faces);
    if (choice === null) throw new BadRequestException(ErrorText.faceChoice);
    const [target, storedFace] = await Promise.all([
      this.resolveTarget(user, request),
      request.photo ? null : this.currentFace(user.tgId),
    ]);
    // Without a choice, an analysed template's default face (the one its DTO names, so the picker's
    // preselection and the swap agree); else the worker picks the default by the same rule.
    const faces = choice === 'largest' && target.defaultFace !== null ? [target.defaultFace] : choice;
    // Indices into a known face list are checked before anything is charged; for a picture not analysed
    // yet the worker checks them (a typed failure, refunded).
    if (Array.isArray(faces) && target.faces !== null && faces.some((index) => index >= target.faces!.length))
      throw new BadRequestException(ErrorText.noSuchFace);
    // While Redis is away nothing can be queued: refuse before anything is charged.
    if (!this.queue.isReady()) throw queueUnavailable();
    // A new face goes through the face check (and is analysed once); it becomes the current face only
    // once the generation is accepted.
    const checked = request.photo ? await this.faces.check(user.tgId, request.photo) : null;
    const faceKey = checked?.faceKey ?? storedFace!;

    const id = randomUUID();
    await this.acceptFaceIfCharged(checked, async () => {
      await this.transactions.run(async (em) => {
        const charged = await this.charge(em, user.tgId, id, target.animation !== null);
        // The charge locked the player's row, so concurrent requests count one after another.
        await this.checkActiveCap(em, user.tgId);
        await this.generations.insert(em, {
          id,
          userId: user.tgId,
          templateId: target.templateId,
          sourceMemeId: target.sourceMemeId,
          faceKey,
          targetKey: target.key,
          text: target.text,
          cost: charged?.cost ?? 0,
        });
      });
    });

    const result = MediaKeys.generation(id);
    try {
      if (target.animation)
        await this.queue.enqueueAnimationSwap(id, {
          faceKey,
          ...target.animation,
          ...(target.text !== null ? { text: target.text } : {}),
          faces,
          resultKey: result.image,
          thumbnailKey: result.thumbnail,
          videoResultKey: result.video,
          // Kept so an edited caption is laid on the frames without the old one.
          ...(target.text !== null ? { plainVideoKey: result.plainVideo } : {}),
          // Kept so a "face" video sticker is cut out along the face as swapped.
          tracksResultKey: result.tracks,
        });
      else
        await this.queue.enqueueSwap(id, {
          faceKey,
          targetKey: target.key,
          ...(target.text !== null ? { text: target.text } : {}),
          faces,
          resultKey: result.image,
          thumbnailKey: result.thumbnail,
          // Kept so an edited caption is drawn on the picture without the old one.
          ...(target.text !== null ? { plainKey: result.plain } : {}),
          maskKey: result.mask,
        });
    } catch {
      // Redis went away after the check: the generation fails and its charge comes back.
      await this.outcomes.fail(id, { code: null, message: 'the job could not be queued' });
      throw queueUnavailable();
    }
    const notice = checked ? toFaceUploadDto(checked.analysis).notice : undefined;
    return { id, status: 'queued', ...(notice ? { notice } : {}) };
  }

  /**
   * Runs the charge; a new face becomes the current face once it is accepted, and is forgotten when
   * the request is refused (429, …).
   */
  private async acceptFaceIfCharged(checked: CheckedFace | null, charge: () => Promise<void>): Promise<void> {
    try {
      await charge();
    } catch (error) {
      if (checked) await this.faces.forget(checked.faceKey);
      throw error;
    }
    if (checked) await this.faces.accept(checked);
  }

  async status(userId: number, id: string): Promise<GenerationStatusDto> {
    const generation = await this.findOwn(userId, id);
    const meme = generation.status === 'done' ? await this.memes.findByGeneration(id) : null;
    return {
      id,
      status: generation.status,
      progress: generation.progress,
      stage: generation.stage,
      ...(meme ? { meme: toMemeDto(meme) } : {}),
      ...(generation.faceIndexes ? { faceIndexes: generation.faceIndexes } : {}),
      ...(generation.error !== null ? { error: generation.error } : {}),
      ...(generation.errorCode ? { errorCode: generation.errorCode } : {}),
    };
  }

  async rate(userId: number, id: string, value: number): Promise<GenerationRatingDto> {
    const generation = await this.findOwn(userId, id);
    if (generation.status !== 'done') throw new BadRequestException(ErrorText.rateFinishedOnly);
    await this.generations.setRating(id, value);
    return { id, rating: value };
  }

  private async findOwn(userId: number, id: string): Promise<Generation> {
    const generation = await this.generations.findOwn(userId, id);
    if (!generation) throw new NotFoundException(ErrorText.generationNotFound);
    return generation;
  }

  private async resolveTarget(user: User, request: GenerationRequest): Promise<Target> {
    if ((request.templateId === undefined) === (request.memeId === undefined)) {
      throw new BadRequestException(ErrorText.templateOrMeme);
    }
    const text = request.text === undefined ? undefined : request.text.trim() || null;
    if (request.templateId !== undefined) {
      const template = await this.templates.findById(request.templateId);
      // A disabled template is not offered to players: new generations cannot use it either.
      if (!template?.enabled) throw new NotFoundException(ErrorText.templateNotFound);
      if (template.isPremium && !isBoostActive(user.boostEnds)) {
        throw new HttpException(
          { detail: ErrorText.paymentRequired, hint: ErrorText.paymentRequiredHint },
          HttpStatus.PAYMENT_REQUIRED,
        );
      }
      return {
        key: template.imageKey,
        faces: template.faces,
        defaultFace: template.faces?.length && !template.videoKey ? template.defaultFace : null,
        templateId: template.id,
        sourceMemeId: null,
        // No `text` at all takes the template's caption in the player's language; an empty one means
        // none (the mini app offers the template's caption as a suggestion and sends what the player kept).
        text: text === undefined ? templateCaption(template, user.languageCode) : text,
        animation: template.videoKey
          ? { videoKey: template.videoKey, analysisKey: MediaKeys.animation(template.id).tracks }
          : null,
      };
    }
    const meme = await this.memes.findSwappable(user.tgId, request.memeId!);
    if (!meme) throw new NotFoundException(ErrorText.memeNotFound);
    if (meme.videoKey !== null) return this.animatedMemeTarget(meme, text ?? null);
    return {
      key: meme.imageKey,
      faces: meme.faces,
      defaultFace: null,
      templateId: meme.templateId,
      sourceMemeId: meme.id,
      text: text ?? null,
      animation: null,
    };
  }

  /**
   * An animated meme swapped into: its frames are its template's frames with a face swapped in where the
   * template's tracks are, so the swap follows those tracks (no detection) on the meme's caption-less clip
   * (one made before it was kept: its captioned clip), and its faces are the template's.
   */
  private async animatedMemeTarget(meme: Meme, text: string | null): Promise<Target> {
    const template = meme.templateId === null ? null : await this.templates.findById(meme.templateId);
    if (!template?.videoKey) throw new NotFoundException(ErrorText.memeNotFound);
    return {
      key: meme.imageKey,
      faces: template.faces,
      defaultFace: null,
      templateId: meme.templateId,
      sourceMemeId: meme.id,
      text,
      animation: {
        videoKey: meme.plainImageKey ?? meme.videoKey!,
        analysisKey: MediaKeys.animation(template.id).tracks,
      },
    };
  }

  /**
   * At most GENERATION_MAX_ACTIVE_PER_PLAYER queued-or-running generations per player: failed
   * generations are refunded, so without it nothing would bound the jobs one player queues.
   */
  private async checkActiveCap(em: EntityManager, userId: number): Promise<void> {
    const cap = this.config.generation.maxActivePerPlayer;
    if (cap === 0) return;
    if ((await this.generations.countOpen(em, userId)) < cap) return;
    this.metrics.countRateLimitRefusal('generations-active:player');
    throw new HttpException(
      {
        detail: ErrorText.generationsInProgress,
        retryAfter: ACTIVE_CAP_RETRY_AFTER_SECONDS,
      },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }

  private async currentFace(userId: number): Promise<string> {
    const faceKey = await this.generations.findFaceKey(userId);
    if (faceKey === null) throw new BadRequestException(ErrorText.facePhotoRequired);
    return faceKey;
  }

  /**
   * Spends the generation's credits; with too few, claims the free generation of the window or
   * answers 429. The ledger locks the player's row inside this transaction before it finds the
   * balance short, and the lock holds until the generation row is in: concurrent requests of one
   * player take turns, so of twenty at once exactly as many are charged as there are credits and at
   * most one more is free.
   */
  private async charge(em: EntityManager, userId: number, id: string, animated: boolean) {
    const cost = animated ? this.config.generation.animationCost : this.config.generation.cost;
    try {
      await this.ledger.spendCredits(
        userId,
        cost,
        { reason: 'generation', idempotencyKey: `generation:${id}` },
        em,
      );
      return { cost };
    } catch (error) {
      if (!(error instanceof InsufficientBalanceError)) throw error;
      // The free generation covers stills only (GAME.md "Decisions for the launch round").
      if (animated)
        throw new HttpException(
          { detail: ErrorText.paymentRequired, hint: ErrorText.paymentRequiredHint },
          HttpStatus.PAYMENT_REQUIRED,
        );
    }
    const wait = await this.generations.freeGenerationWait(
      em,
      userId,
      this.config.generation.freeIntervalMinutes,
    );
    if (wait !== null && wait > 0) {
      throw new HttpException(
        { detail: ErrorText.requestLimitExceeded, hint: ErrorText.requestLimitHint, retryAfter: wait },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
    return null;
  }
}
