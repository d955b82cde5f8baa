import { ConflictException, Injectable } from '@nestjs/common';
import { type AdminFeedDayDto, ErrorCode } from '@mememint/contracts';

import { Clock, utcDay } from '../../common/clock.js';
import {
  DayNotEndedError,
  type SettlementOutcome,
  SettlementService,
} from '../../feed/settlement.service.js';
import { AuditService } from '../audit/audit.service.js';
import { AdminFeedRepository } from './admin-feed.repository.js';

/** A second settlement of a day (409): the first one stands. */
export class AlreadySettledError extends ConflictException {
  constructor(day: string) {
    super({ detail: `${day} was settled before: nothing changed`, code: ErrorCode.alreadySettled });
  }
}

/**
 * The meme of the day for operators: a day's state, and settling it as the midnight job does (the
 * console and `admin settle`), audited with the settlement in its transaction. A day settles once.
 */
@Injectable()
export class AdminFeedService {
  constructor(
    private readonly feed: AdminFeedRepository,
    private readonly settlement: SettlementService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async day(date: string): Promise<AdminFeedDayDto> {
    const [settlement, votes, leaders] = await Promise.all([
      this.feed.settlement(date),
      this.feed.votes(date),
      this.feed.leaders(date),
    ]);
    return { date, ended: date < utcDay(this.clock.now()), settlement, votes, leaders };
  }

  /**
   * Settles the day (`force`: also today). An unended day without `force` is a DayNotEndedError; a
   * day settled before answers `settled: false` and changes nothing.
   */
  settle(actor: string, day: string, force: boolean, reason: string | null): Promise<SettlementOutcome> {
    return this.settlement.settle(day, {
      force,
      within: async (em, outcome) => {
        await this.audit.record(
          {
            actor,
            action: 'feed.settle',
            target: day,
            reason,
            after: {
              memeId: outcome.winner?.memeId ?? null,
              authorReward: outcome.authorReward,
              pool: outcome.votes.pool,
              paidOut: outcome.votes.paidOut,
              refunded: outcome.votes.refunded,
              force,
            },
          },
          em,
        );
      },
    });
  }
}

export { DayNotEndedError };
