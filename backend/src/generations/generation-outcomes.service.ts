import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, Repository } from 'typeorm';
import {
  type BalanceDto,
  ErrorText,
  GENERATION_STAGES,
  type GenerationJobProgress,
  type GenerationJobResult,
  type GenerationStatus,
  isValidMediaKey,
} from '@mememint/contracts';
import { AppConfig } from '../config/app.config.js';
import { LedgerUserNotFoundError } from '../ledger/ledger.errors.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { MemesService, toMemeDto } from '../memes/memes.service.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { UsersService } from '../users/users.service.js';
import { Generation } from './entities/generation.entity.js';

const OPEN_STATUSES: readonly GenerationStatus[] = ['queued', 'processing'];

/** What the player reads for a worker failure (`<CODE>: <text>`, or Bull's own reason). */
function failureDetail(reason: string): string {
  return reason.startsWith('NO_FACE:') ? ErrorText.noFace : ErrorText.imageUpload;
}

/** The worker's own time: its `total` when it reports one, else the sum of its stages. */
function workerTime(timings: Record<string, number> | undefined): number | null {
  if (!timings) return null;
  const total = timings.total ?? Object.values(timings).reduce((sum, ms) => sum + ms, 0);
  return Number.isFinite(total) ? Math.round(total) : null;
}

function isProgress(value: unknown): value is GenerationJobProgress {
  const candidate = value as Partial<GenerationJobProgress> | null;
  return (
    typeof candidate?.progress === 'number' &&
    candidate.progress >= 0 &&
    candidate.progress <= 100 &&
    (GENERATION_STAGES as readonly unknown[]).includes(candidate.stage)
  );
}

function isResult(value: unknown): value is GenerationJobResult {
  const candidate = value as Partial<GenerationJobResult> | null;
  return (
    typeof candidate?.resultKey === 'string' &&
    isValidMediaKey(candidate.resultKey) &&
    typeof candidate.thumbnailKey === 'string' &&
    isValidMediaKey(candidate.thumbnailKey) &&
    Number.isInteger(candidate.width) &&
    Number.isInteger(candidate.height)
  );
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
    @InjectRepository(Generation) private readonly generations: Repository<Generation>,
    private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly memes: MemesService,
    private readonly users: UsersService,
    private readonly realtime: RealtimeGateway,
    private readonly config: AppConfig,
  ) {}

  /** Progress only moves forward: a stale or repeated report (a retried job starts over) is dropped. */
  async progress(id: string, report: unknown): Promise<void> {
    if (!isProgress(report)) return;
    const progress = Math.round(report.progress);
    const updated = await this.generations
      .createQueryBuilder()
      .update(Generation)
      .set({ status: 'processing', stage: report.stage, progress })
      .where('id = :id AND status IN (:...open)', { id, open: OPEN_STATUSES })
      .andWhere('(progress, stage) < (:progress, CAST(:stage AS generation_stage))', {
        progress,
        stage: report.stage,
      })
      .returning('user_id')
      .execute();
    const row = (updated.raw as { user_id: string }[])[0];
    if (row)
      this.realtime.emitToUser(Number(row.user_id), 'generation:progress', {
        id,
        stage: report.stage,
        progress,
      });
  }

  /** The swap succeeded: its meme joins the player's history; a referred player's first success pays the inviter. */
  async complete(id: string, result: unknown): Promise<void> {
    if (!isResult(result)) {
      await this.fail(id, 'BAD_RESULT: the worker returned no usable result');
      return;
    }
    const outcome = await this.dataSource.transaction(async (em) => {
      const generation = await this.closeOpen(em, id, {
        status: 'done',
        stage: 'done',
        progress: 100,
        error: null,
        finishedAt: new Date(),
        workerMs: workerTime(result.timings),
      });
      if (!generation) return null;
      const meme = await this.memes.createForGeneration(em, {
        ownerId: generation.userId,
        generationId: id,
        templateId: generation.templateId,
        text: generation.text,
        imageKey: result.resultKey,
        thumbnailKey: result.thumbnailKey,
        width: result.width,
        height: result.height,
      });
      const player = await this.users.recordGeneration(generation.userId, em);
      const referral =
        player.generationsCount === 1 && player.referalId !== null && !player.isBot
          ? await this.payReferral(em, generation.userId, player.referalId)
          : null;
      return { userId: generation.userId, meme, referral };
    });
    if (!outcome) return;
    this.realtime.emitToUser(outcome.userId, 'generation:done', { id, meme: toMemeDto(outcome.meme) });
    if (outcome.referral)
      this.realtime.emitToUser(outcome.referral.inviterId, 'balance', outcome.referral.balances);
  }

  /** The swap failed for good: the generation says why and its credits come back, once. */
  async fail(id: string, reason: string): Promise<void> {
    const detail = failureDetail(reason);
    const outcome = await this.dataSource.transaction(async (em) => {
      const generation = await this.closeOpen(em, id, {
        status: 'failed',
        error: detail,
        finishedAt: new Date(),
      });
      if (!generation) return null;
      const refund =
        generation.cost > 0
          ? await this.ledger.addCredits(
              generation.userId,
              generation.cost,
              { reason: 'generation-refund', idempotencyKey: `generation-refund:${id}` },
              em,
            )
          : null;
      return { userId: generation.userId, balances: refund?.balances ?? null };
    });
    if (!outcome) return;
    this.logger.log(`Generation ${id} failed: ${reason}`);
    this.realtime.emitToUser(outcome.userId, 'generation:failed', { id, detail });
    if (outcome.balances) this.realtime.emitToUser(outcome.userId, 'balance', outcome.balances);
  }

  /**
   * Moves an open generation to its outcome in one statement, which also locks its row: of two
   * replicas closing it at once, the second finds it no longer open and gets null.
   */
  private async closeOpen(
    em: EntityManager,
    id: string,
    changes: Partial<Generation>,
  ): Promise<Pick<Generation, 'userId' | 'templateId' | 'text' | 'cost'> | null> {
    const closed = await em
      .createQueryBuilder()
      .update(Generation)
      .set(changes)
      .where('id = :id AND status IN (:...open)', { id, open: OPEN_STATUSES })
      .returning('user_id, template_id, text, cost')
      .execute();
    const row = (
      closed.raw as { user_id: string; template_id: string | null; text: string | null; cost: number }[]
    )[0];
    return row
      ? { userId: Number(row.user_id), templateId: row.template_id, text: row.text, cost: row.cost }
      : null;
  }

  /**
   * GAME.md "Referrals": the inviter of a player (not a bot) gets coins (×m) and credits when the
   * player's first generation succeeds. The ledger key makes it once per invited player.
   */
  private async payReferral(
    em: EntityManager,
    playerId: number,
    inviterId: number,
  ): Promise<{ inviterId: number; balances: BalanceDto } | null> {
    try {
      const paid = await this.ledger.apply(
        inviterId,
        [
          { kind: 'coins', delta: this.config.referrals.coins, earned: true },
          { kind: 'credits', delta: this.config.referrals.credits },
        ],
        { reason: 'referral', idempotencyKey: `referral:${playerId}` },
        em,
      );
      if (!paid.applied) return null;
      await this.users.recordFriendGenerated(inviterId, paid.deltas.coins ?? 0, em);
      return { inviterId, balances: paid.balances };
    } catch (error) {
      // An inviter whose account is gone gets nothing; the player's meme still counts.
      if (error instanceof LedgerUserNotFoundError) return null;
      throw error;
    }
  }
}
