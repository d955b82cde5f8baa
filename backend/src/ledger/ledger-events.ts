import { Injectable, Logger } from '@nestjs/common';
import type { BalanceDto } from '@mememint/contracts';

import { forEachInSlices } from '../common/in-slices.js';
import { describeError, runDetached } from '../common/run-detached.js';
import type { BalanceKind } from './entities/ledger-entry.entity.js';
import type { LedgerReason } from './ledger-reasons.js';

/** One ledger row as it was written (after the multiplier and clamping). */
export interface LedgerEntryWritten {
  kind: BalanceKind;
  delta: number;
  reason: LedgerReason;
  earned: boolean;
}

/** One user's balances changed: the rows one ledger call wrote for them, and the balances after. */
export interface BalancesChanged {
  userId: number;
  balances: BalanceDto;
  entries: LedgerEntryWritten[];
  /** When the rows were written: their `created_at` (the rating ranks equal scores by it). */
  at: Date;
}

/**
 * Changes told in one go before the event loop gets a turn (the first slice is told at once): each costs
 * its listeners a socket event and a rating update, so a likes batch's 200 authors would hold requests
 * back for tens of ms in one go.
 */
const PUBLISH_SLICE = 50;

export type LedgerListener = (change: BalancesChanged) => void | Promise<void>;

/**
 * What the ledger tells the rest of the app, only once the change is committed (a rolled-back
 * transaction tells nothing): one event per user per ledger call. The socket `balance` event is one
 * listener; a listener's failure is logged and never reaches the ledger's caller.
 */
@Injectable()
export class LedgerEvents {
  private readonly logger = new Logger(LedgerEvents.name);
  private readonly listeners = new Set<LedgerListener>();

  /** Returns the unsubscribe function. */
  subscribe(listener: LedgerListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Called by the ledger after commit. A batch of thousands (a settlement) is told in slices with
   * the event loop free between them, so requests keep being served while its sockets are pushed.
   * Resolves once every listener has been called.
   */
  async publish(changes: readonly BalancesChanged[]): Promise<void> {
    await forEachInSlices(changes, PUBLISH_SLICE, (change) => {
      for (const listener of this.listeners) {
        runDetached(
          () => listener(change),
          (error) => this.logger.error(`A ledger listener failed: ${describeError(error)}`),
        );
      }
    });
  }
}
