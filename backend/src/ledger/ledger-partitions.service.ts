import { Injectable } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';

import { Clock } from '../common/clock.js';
import { PeriodicTaskService } from '../common/periodic-task.service.js';
import { LedgerPartitionsRepository, ledgerMonthStart } from './ledger-partitions.repository.js';

/** Months made ahead of the current one: a month of missed runs still leaves the next ones ready. */
export const LEDGER_MONTHS_AHEAD = 3;
const DAY_MS = 86_400_000;

/**
 * Keeps `ledger_entries`' monthly partitions made ahead of time: at start and daily, the current
 * month and the next LEDGER_MONTHS_AHEAD. Safe on several replicas: one run at a time holds the
 * advisory lock and the others skip. If none ran for months, rows go to the default partition and
 * move to their month's partition when it is made.
 */
@Injectable()
export class LedgerPartitionsService extends PeriodicTaskService {
  constructor(
    private readonly partitions: LedgerPartitionsRepository,
    private readonly clock: Clock,
    scheduler: SchedulerRegistry,
  ) {
    // The months ahead are there before the first request (a failure is logged; the next day retries).
    super(scheduler, {
      name: 'ledger-partitions',
      everyMs: DAY_MS,
      runBeforeFirstRequest: true,
      failure: 'Making the ledger partitions ahead failed',
    });
  }

  protected runPeriodically(): Promise<string[]> {
    return this.ensure();
  }

  /** Makes the missing partitions from this month to LEDGER_MONTHS_AHEAD ahead; answers those made. */
  async ensure(now = this.clock.now()): Promise<string[]> {
    const months = Array.from({ length: LEDGER_MONTHS_AHEAD + 1 }, (_, i) => ledgerMonthStart(now, i));
    const made = await this.partitions.ensureMonths(months);
    if (made?.length) this.logger.log({ partitions: made }, 'Made ledger partitions');
    const stray = await this.partitions.defaultRows();
    if (stray > 0)
      this.logger.warn(
        { rows: stray },
        'Ledger rows are in the default partition (their month has no partition): make it with ensureMonths',
      );
    return made ?? [];
  }
}
