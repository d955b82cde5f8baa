import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { addDays, Clock, utcDay } from '../common/clock.js';
import { AppConfig } from '../config/app.config.js';
import { Transactions } from '../database/transactions.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { PlayerSockets } from '../realtime/player-sockets.js';
import { type DayWinner, SettlementRepository } from './settlement.repository.js';

/** How far back the daily job looks for days left unsettled (a backend down over midnight). */
const CATCH_UP_DAYS = 31;

export class DayNotEndedError extends Error {
  constructor(readonly day: string) {
    super(`${day} has not ended yet (UTC): settle it with --force, or after midnight`);
    this.name = 'DayNotEndedError';
  }
}

/** What a settled day's votes came to: the pool, the winning stakes and what was paid out or refunded. */
export interface VoteFigures {
  pool: number;
  winningStakes: number;
  votes: number;
  winners: number;
  paidOut: number;
  refunded: number;
}

export interface SettlementOutcome {
  day: string;
  /** False when the day had been settled before: nothing changed. */
  settled: boolean;
  winner: DayWinner | null;
  /** Coins the author got (×m). */
  authorReward: number;
  votes: VoteFigures;
}

/**
 * Settles contest days (GAME.md "Feed and the meme of the day"): the winner, its author's reward, the
 * pool split among the winner's backers or the stakes refunded, in one transaction of a fixed number
 * of statements. The settlement row keyed by the date is claimed in that transaction, so a day
 * settles once however many replicas, jobs or operators try, and every ledger row is keyed by the
 * day, so no rerun can pay twice. After the commit everyone gets `feed:settled`; the ledger pushes
 * `balance` to each player paid.
 */
@Injectable()
export class SettlementService {
  private readonly logger = new Logger(SettlementService.name);

  constructor(
    private readonly settlements: SettlementRepository,
    private readonly transactions: Transactions,
    private readonly ledger: LedgerService,
    private readonly sockets: PlayerSockets,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  /** Every ended day of the last weeks with memes and no settlement (normally just yesterday). */
  async settleEndedDays(): Promise<SettlementOutcome[]> {
    const today = utcDay(this.clock.now());
    const outcomes: SettlementOutcome[] = [];
    for (const day of await this.settlements.unsettledDays(addDays(today, -CATCH_UP_DAYS), today))
      outcomes.push(await this.settle(day));
    return outcomes;
  }

  /** Settles one day; `force` also settles today (not ended yet). A settled day is left as it is. */
  async settle(
    day: string,
    {
      force = false,
      within,
    }: {
      force?: boolean;
      /** Work that commits with the settlement, when this call settles the day (the admin's audit row). */
      within?: (em: EntityManager, outcome: Omit<SettlementOutcome, 'day' | 'settled'>) => Promise<void>;
    } = {},
  ): Promise<SettlementOutcome> {
    const today = utcDay(this.clock.now());
    if (day > today || (day === today && !force)) throw new DayNotEndedError(day);

    const outcome = await this.transactions.run(async (em) => {
      await this.settlements.lockDay(em, day);
      if (!(await this.settlements.claim(em, day))) return null;
      const winner = await this.settlements.findWinner(em, day);
      const totals = await this.settlements.tallyVotes(em, day, winner?.memeId ?? null);
      const backed = totals.winningStakes > 0;
      const votes: VoteFigures = {
        pool: totals.pool,
        winningStakes: totals.winningStakes,
        votes: totals.votes,
        winners: totals.winners,
        paidOut: backed ? totals.pool : 0,
        refunded: backed ? 0 : totals.pool,
      };
      const authorReward = winner
        ? ((
            await this.ledger.earnCoins(
              winner.authorId,
              this.config.coins.memeOfTheDay,
              { reason: 'meme-of-the-day', idempotencyKey: `meme-of-the-day:${day}` },
              em,
            )
          ).deltas.coins ?? 0)
        : 0;
      // The figures before the credits: every vote's payout is computed from them (votePayoutSql).
      await this.settlements.record(em, day, {
        memeId: winner?.memeId ?? null,
        authorId: winner?.authorId ?? null,
        likes: winner?.likes ?? 0,
        authorReward,
        remainder: totals.remainder,
        remainderVoteId: totals.remainderVoteId,
        ...votes,
      });
      const reason = backed ? 'pool-payout' : 'stake-refund';
      await this.ledger.applyBulk(
        (await this.settlements.creditsOf(em, day)).map((credit) => ({
          userId: credit.userId,
          kind: 'coins' as const,
          delta: credit.coins,
          reason,
          idempotencyKey: `${reason}:${day}`,
        })),
        {},
        em,
      );
      await within?.(em, { winner, authorReward, votes });
      return { winner, authorReward, votes };
    });

    if (!outcome) return { day, settled: false, winner: null, authorReward: 0, votes: emptyVotes() };
    this.sockets.emitToAll('feed:settled', { date: day, memeId: outcome.winner?.memeId ?? null });
    this.logger.log(
      { day, memeId: outcome.winner?.memeId ?? null, pool: outcome.votes.pool, votes: outcome.votes.votes },
      'Settled a contest day',
    );
    return { day, settled: true, ...outcome };
  }
}

function emptyVotes(): VoteFigures {
  return { pool: 0, winningStakes: 0, votes: 0, winners: 0, paidOut: 0, refunded: 0 };
}
