import { Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { EntityManager } from 'typeorm';

import { forEachInSlices } from '../common/in-slices.js';
import { PeriodicTaskService } from '../common/periodic-task.service.js';
import { AppConfig } from '../config/app.config.js';
import { Transactions } from '../database/transactions.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { type LikedMeme, MemeLikesRepository, type NewLike } from './meme-likes.repository.js';

/** `meme:liked` events sent before the event loop gets a turn. */
const EMIT_SLICE = 50;

interface Batch {
  memes: LikedMeme[];
  /** Likes taken from the pending table (a full batch means more may be waiting). */
  taken: number;
}

/**
 * Likes of memes (swipe likes and feed votes) and what they pay. A like is a pending row written in
 * the liker's transaction; every LIKES_FLUSH_INTERVAL_MS one replica moves the pending likes onto
 * their memes' counts and pays each author COINS_PER_LIKE_RECEIVED×m per like, in one transaction
 * that also deletes the rows it applied, so every like is applied exactly once. A viral meme's row
 * and its author's balance are written once per batch, however many players like it at once.
 */
@Injectable()
export class MemeLikesService extends PeriodicTaskService {
  constructor(
    private readonly likes: MemeLikesRepository,
    private readonly transactions: Transactions,
    private readonly ledger: LedgerService,
    private readonly realtime: RealtimeGateway,
    scheduler: SchedulerRegistry,
    private readonly config: AppConfig,
  ) {
    super(scheduler, {
      name: 'meme-likes-flush',
      everyMs: config.likes.flushIntervalMs,
      failure: 'Applying likes failed',
    });
  }

  protected runPeriodically(): Promise<unknown> {
    return this.flush();
  }

  /** Records likes in the liker's transaction. */
  record(em: EntityManager, likes: NewLike[]): Promise<void> {
    return this.likes.insert(em, likes);
  }

  /**
   * Records likes in the liker's own single statement: answers the CTE `name` that inserts the likes
   * `source` selects (columns `meme_id, author_id`).
   */
  recordInStatement(name: string, source: string): string {
    return this.likes.insertCte(name, source);
  }

  /** A meme's likes, pending ones included. */
  countOf(memeId: string, em?: EntityManager): Promise<number> {
    return this.likes.countOf(memeId, em);
  }

  /**
   * Applies pending likes, batch after batch until none is left; answers how many were applied.
   * Batches of all replicas take turns (an advisory lock), so likes recorded before a call are all
   * applied when it returns.
   */
  async flush(): Promise<number> {
    let applied = 0;
    for (;;) {
      if (!(await this.likes.anyPending())) return applied;
      const batch = await this.transactions.run((em) => this.applyBatch(em));
      applied += batch.taken;
      // In slices with the event loop free between them: a batch of a busy second likes hundreds of memes.
      await forEachInSlices(batch.memes, EMIT_SLICE, (meme) =>
        this.realtime.emitToUser(meme.ownerId, 'meme:liked', { memeId: meme.memeId, likes: meme.likes }),
      );
      if (batch.taken < this.config.likes.flushBatch) return applied;
    }
  }

  /**
   * One batch: the pending likes taken, added to their memes in one statement and paid to their
   * authors in one bulk ledger apply (keyed by the batch's newest row, though the rows' deletion in
   * the same transaction already makes it once). The ledger pushes each author's `balance`.
   */
  private async applyBatch(em: EntityManager): Promise<Batch> {
    await this.likes.lockFlush(em);
    const taken = await this.likes.takeBatch(em, this.config.likes.flushBatch);
    if (taken.length === 0) return { memes: [], taken: 0 };
    const memes = await this.likes.addToMemes(em, taken);
    // Authors of memes deleted since their likes were made get nothing for them.
    const existing = new Set(memes.map((meme) => meme.memeId));
    const likesPerAuthor = new Map<number, number>();
    for (const like of taken)
      if (existing.has(like.memeId))
        likesPerAuthor.set(like.authorId, (likesPerAuthor.get(like.authorId) ?? 0) + like.likes);
    const batchKey = `likes:${taken.reduce((last, like) => (BigInt(like.lastId) > BigInt(last) ? like.lastId : last), '0')}`;
    await this.ledger.applyBulk(
      [...likesPerAuthor].map(([authorId, likes]) => ({
        userId: authorId,
        kind: 'coins' as const,
        delta: likes * this.config.coins.perLikeReceived,
        reason: 'like' as const,
        idempotencyKey: batchKey,
      })),
      {},
      em,
    );
    return { memes, taken: taken.reduce((sum, like) => sum + like.likes, 0) };
  }
}
