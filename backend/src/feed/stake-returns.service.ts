import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { Clock } from '../common/clock.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { FeedRepository } from './feed.repository.js';

/**
 * Returns the open stakes on memes that leave the meme of the day's running (hidden by moderation,
 * or deleted with their author's account: GAME.md "Decisions for the launch round"): each vote of an
 * unsettled day is marked returned — out of its day's pool, as if the meme had not run — and its
 * stake credited back (`stake-refund`, keyed by the vote, so no rerun pays twice). The days are
 * locked exclusively first, oldest first, as a settlement locks them, so no vote lands meanwhile.
 */
@Injectable()
export class StakeReturnsService {
  constructor(
    private readonly feed: FeedRepository,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
  ) {}

  /**
   * Keeps new votes off a contest day until the caller's transaction ends (a meme being hidden: a
   * vote waiting for the day then finds it hidden).
   */
  async lockContestDay(em: EntityManager, day: string): Promise<void> {
    await this.feed.lockDayExclusive(em, day);
  }

  /** In the caller's transaction; answers how many votes were returned. */
  async returnOpenStakes(em: EntityManager, memeIds: readonly string[]): Promise<number> {
    if (memeIds.length === 0) return 0;
    for (const day of await this.feed.openStakeDays(em, memeIds)) await this.feed.lockDayExclusive(em, day);
    const votes = await this.feed.markStakesReturned(em, memeIds, this.clock.now());
    await this.ledger.applyBulk(
      votes.map((vote) => ({
        userId: vote.userId,
        kind: 'coins' as const,
        delta: vote.amount,
        reason: 'stake-refund' as const,
        idempotencyKey: `stake-refund:vote:${vote.id}`,
      })),
      {},
      em,
    );
    return votes.length;
  }
}
