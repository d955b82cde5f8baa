import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  ErrorText,
  isGenerationJobProgress,
  isGenerationJobResult,
  isNsfw,
  isNsfwScores,
  type JobFailure,
} from '@mememint/contracts';

import { AppConfig } from '../config/app.config.js';
import { Transactions } from '../database/transactions.js';
import { LedgerUserNotFoundError } from '../ledger/ledger.errors.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { MemesService, toMemeDto } from '../memes/memes.service.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { ReferralsService } from '../users/referrals.service.js';
import { UserCountersService } from '../users/user-counters.service.js';
import { GenerationsRepository } from './generations.repository.js';

/** What the player reads for a failure: the typed failures (the worker's, the deadline's), else the generic upload error. */
function failureDetail(failure: JobFailure): string {
  switch (failure.code) {
    case 'NO_FACE':
      return ErrorText.noFace;
    case 'NO_TARGET_FACE':
      return ErrorText.noTargetFace;
    case 'FACE_TOO_SMALL_IN_TARGET':
      return ErrorText.faceTooSmallInTarget;
    case 'NO_SUCH_FACE':
      return ErrorText.noSuchFace;
    case 'GENERATION_TIMEOUT':
      return ErrorText.generationTimeout;
    default:
      return ErrorText.imageUpload;
  }
}

/** The worker's own time: its `total` when it reports one, else the sum of its stages. */
function workerTime(timings: Record<string, number> | undefined): number | null {
  if (!timings) return null;
  const total = timings.total ?? Object.values(timings).reduce((sum, ms) => sum + ms, 0);
  return Number.isFinite(total) ? Math.round(total) : null;
}

/** The worker's face indices when they are a list of small whole numbers (results travel through Redis). */
function validFaceIndexes(value: unknown): number[] | null {
  return Array.isArray(value) &&
    value.length > 0 &&
    value.length <= 64 &&
    value.every((index) => Number.isInteger(index) && index >= 0 && index < 64)
    ? (value as number[])
    : null;
}

/**
 * Turns what the queue reports about a job into rows and socket events. Every transition starts from
 * an open generation and is guarded by its row, so a report arriving twice (several replicas listen,
 * the sweeper reconciles) changes things once: one meme, one refund, one referral payout.
 */
@Injectable()
export class GenerationOutcomesService {
  private readonly logger = new Logger(GenerationOutcomesService.name);

  constructor(
    private readonly generations: GenerationsRepository,
    private readonly transactions: Transactions,
    private readonly ledger: LedgerService,
    private readonly memes: MemesService,
    private readonly counters: UserCountersService,
    private readonly referrals: ReferralsService,
    private readonly realtime: RealtimeGateway,
    private readonly config: AppConfig,
  ) {}

  /** Progress only moves forward: a stale or repeated report (a retried job starts over) is dropped. */
  async progress(id: string, report: unknown): Promise<void> {
    if (!isGenerationJobProgress(report)) return;
    const progress = Math.round(report.progress);
    const userId = await this.generations.advanceProgress(id, report.stage, progress);
    if (userId !== null)
      this.realtime.emitToUser(userId, 'generation:progress', { id, stage: report.stage, progress });
  }

  /** The swap succeeded: its meme joins the player's history; a referred player's first success pays the inviter. */
  async complete(id: string, result: unknown): Promise<void> {
    if (!isGenerationJobResult(result)) {
      await this.fail(id, { code: null, message: 'the worker returned no usable result' });
      return;
    }
    // A result the classifier scores above the thresholds stays in its owner's history, held for review.
    const nsfwScores = isNsfwScores(result.nsfw) ? result.nsfw : null;
    const held = nsfwScores !== null && isNsfw(nsfwScores, this.config.nsfw);
    const faceIndexes = validFaceIndexes(result.faceIndexes);
    const outcome = await this.transactions.run(async (em) => {
      const generation = await this.generations.closeOpen(em, id, {
        status: 'done',
        stage: 'done',
        progress: 100,
        error: null,
        finishedAt: new Date(),
        workerMs: workerTime(result.timings),
        faceIndexes,
      });
      if (!generation) return null;
      const meme = await this.memes.createForGeneration(em, {
        ownerId: generation.userId,
        generationId: id,
        templateId: generation.templateId,
        text: generation.text,
        imageKey: result.resultKey,
        thumbnailKey: result.thumbnailKey,
        // Without a caption the result is its own caption-less picture (an animation's: its clip).
        plainImageKey:
          result.plainKey ?? (generation.text === null ? (result.videoKey ?? result.resultKey) : null),
        width: result.width,
        height: result.height,
        faceIndexes,
        nsfwScores,
        reviewSince: held ? new Date() : null,
        ...(result.videoKey
          ? { videoKey: result.videoKey, durationMs: result.durationMs, frameCount: result.frameCount }
          : {}),
      });
      const player = await this.counters.recordGeneration(generation.userId, em);
      if (player.generationsCount === 1 && player.referalId !== null && !player.isBot)
        await this.payReferral(em, generation.userId, player.referalId);
      return { userId: generation.userId, meme };
    });
    if (!outcome) return;
    this.realtime.emitToUser(outcome.userId, 'generation:done', { id, meme: toMemeDto(outcome.meme) });
  }

  /** The swap failed for good: the generation says why and its credits come back, once. */
  async fail(id: string, failure: JobFailure): Promise<void> {
    const detail = failureDetail(failure);
    const outcome = await this.transactions.run(async (em) => {
      const generation = await this.generations.closeOpen(em, id, {
        status: 'failed',
        error: detail,
        errorCode: failure.code,
        finishedAt: new Date(),
      });
      if (!generation) return null;
      if (generation.cost > 0)
        await this.ledger.addCredits(
          generation.userId,
          generation.cost,
          { reason: 'generation-refund', idempotencyKey: `generation-refund:${id}` },
          em,
        );
      return { userId: generation.userId };
    });
    if (!outcome) return;
    this.logger.log(`Generation ${id} failed (${failure.code ?? 'other'}): ${failure.message}`);
    this.realtime.emitToUser(outcome.userId, 'generation:failed', {
      id,
      detail,
      ...(failure.code ? { code: failure.code } : {}),
    });
  }

  /**
   * GAME.md "Referrals": the inviter of a player (not a bot) gets coins (×m) and credits when the
   * player's first generation succeeds. The ledger key makes it once per invited player.
   */
  private async payReferral(em: EntityManager, playerId: number, inviterId: number): Promise<void> {
    try {
      const paid = await this.ledger.apply(
        inviterId,
        [
          { kind: 'coins', delta: this.config.referrals.coins },
          { kind: 'credits', delta: this.config.referrals.credits },
        ],
        { reason: 'referral', idempotencyKey: `referral:${playerId}` },
        em,
      );
      if (paid.applied) await this.referrals.recordFriendGenerated(inviterId, paid.deltas.coins ?? 0, em);
    } catch (error) {
      // An inviter whose account is gone gets nothing; the player's meme still counts.
      if (!(error instanceof LedgerUserNotFoundError)) throw error;
    }
  }
}
