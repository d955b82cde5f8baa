import { Injectable, NotFoundException } from '@nestjs/common';
import { ErrorText, type MemeModerationDto } from '@mememint/contracts';
import type { EntityManager } from 'typeorm';

import { AuditService } from '../admin/audit/audit.service.js';
import { Clock } from '../common/clock.js';
import { Transactions } from '../database/transactions.js';
import { StakeReturnsService } from '../feed/stake-returns.service.js';
import type { MemeModerationState } from '../memes/memes.repository.js';
import { MemesService } from '../memes/memes.service.js';
import type { Actor } from './bans.service.js';
import { ReportsRepository } from './reports.repository.js';

export interface Decision {
  actor: Actor;
  reason: string | null;
  /** An admin's decision closes the meme's open reports; a hide by the reports' count leaves them open. */
  closesReports: boolean;
}

/**
 * Hiding and restoring memes (GAME.md "Decisions for the launch round"): a hidden meme leaves the
 * deck, the feed, the share page and the meme of the day's running, and its open stakes come back
 * (`stake-refund`); a restored one comes back without them. In one transaction each, audited: the
 * meme's contest day locked first (as its votes and settlement take it), then its row.
 */
@Injectable()
export class MemeModerationService {
  constructor(
    private readonly memes: MemesService,
    private readonly reports: ReportsRepository,
    private readonly stakes: StakeReturnsService,
    private readonly audit: AuditService,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
  ) {}

  hide(memeId: string, decision: Decision): Promise<MemeModerationDto> {
    return this.decide(memeId, decision, 'meme.hide', async (em, { hiddenAt, contestDay, reviewSince }) => {
      if (contestDay) await this.stakes.lockContestDay(em, contestDay);
      const at = hiddenAt ?? this.clock.now();
      if (!hiddenAt) await this.memes.setHiddenAt(em, memeId, at);
      if (reviewSince && decision.closesReports) await this.memes.endReview(em, memeId);
      return { hiddenAt: at, refundedVotes: await this.stakes.returnOpenStakes(em, [memeId]) };
    });
  }

  restore(memeId: string, decision: Decision): Promise<MemeModerationDto> {
    return this.decide(memeId, decision, 'meme.restore', async (em, { hiddenAt, reviewSince }) => {
      if (hiddenAt) await this.memes.setHiddenAt(em, memeId, null);
      // A result held for review by the NSFW classifier is allowed: its owner may publish it.
      if (reviewSince) await this.memes.endReview(em, memeId);
      return { hiddenAt: null, refundedVotes: 0 };
    });
  }

  private async decide(
    memeId: string,
    decision: Decision,
    action: string,
    change: (
      em: EntityManager,
      before: MemeModerationState,
    ) => Promise<{ hiddenAt: Date | null; refundedVotes: number }>,
  ): Promise<MemeModerationDto> {
    return this.transactions.run(async (em) => {
      const before = await this.memes.lockModerationState(em, memeId);
      if (!before) throw new NotFoundException(ErrorText.memeNotFound);
      // Reports past the count race to hide it: only the first hides (and is audited).
      if (!decision.closesReports && before.hiddenAt) return alreadyHidden(memeId, before.hiddenAt);
      const after = await change(em, before);
      const closedReports = decision.closesReports ? await this.reports.closeOpen(em, memeId) : 0;
      await this.audit.record(
        {
          actor: decision.actor,
          action,
          target: memeId,
          reason: decision.reason,
          before: {
            hiddenAt: before.hiddenAt?.toISOString() ?? null,
            ...(before.reviewSince ? { reviewSince: before.reviewSince.toISOString() } : {}),
          },
          after: {
            hiddenAt: after.hiddenAt?.toISOString() ?? null,
            closedReports,
            refundedVotes: after.refundedVotes,
          },
        },
        em,
      );
      return {
        memeId,
        hiddenAt: after.hiddenAt?.toISOString() ?? null,
        closedReports,
        refundedVotes: after.refundedVotes,
      };
    });
  }
}

function alreadyHidden(memeId: string, hiddenAt: Date): MemeModerationDto {
  return { memeId, hiddenAt: hiddenAt.toISOString(), closedReports: 0, refundedVotes: 0 };
}
