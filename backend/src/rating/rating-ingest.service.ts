import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { RATING_PAGE_SIZE } from '@mememint/contracts';

import { Clock } from '../common/clock.js';
import { LedgerEvents } from '../ledger/ledger-events.js';
import { type SquadChanges, SquadEvents } from '../squads/squad-events.js';
import { boardName, LIVE_BOARDS } from './live-boards.js';
import { bucketsAt } from './rating-periods.js';
import { RatingRepository } from './rating.repository.js';

/**
 * Keeps the boards (GAME.md "Rating") as the ledger commits earned coins and the squads commit
 * memberships: scores are earned coins per UTC day, ISO week, month and all time; squads score the
 * sum of their current members' scores.
 */
@Injectable()
export class RatingIngestService implements OnModuleInit, OnModuleDestroy {
  private unsubscribeLedger?: () => void;
  private readonly changeListeners = new Set<() => void>();

  constructor(
    private readonly boards: RatingRepository,
    private readonly squadEvents: SquadEvents,
    private readonly ledgerEvents: LedgerEvents,
    private readonly clock: Clock,
  ) {}

  /** Scores follow the ledger's committed earned rows and the squads' committed memberships. */
  onModuleInit(): void {
    this.unsubscribeLedger = this.ledgerEvents.subscribe(({ userId, entries, at }) => {
      const earned = entries.reduce((sum, entry) => sum + (entry.earned ? entry.delta : 0), 0);
      if (earned > 0) return this.recordEarned(userId, earned, at);
    });
    this.squadEvents.subscribe((changes) => this.applySquadChanges(changes));
  }

  onModuleDestroy(): void {
    this.unsubscribeLedger?.();
  }

  /** Calls `listener` whenever this process has changed a live board's top; answers the unsubscribe. */
  onBoardsChanged(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Earned coins reached at `at` (the ledger row's time) count in that moment's buckets. */
  async recordEarned(userId: number, coins: number, at: Date): Promise<void> {
    if (coins <= 0) return;
    // Most earnings leave every top as it was: only those that changed one wake the broadcaster.
    if (await this.boards.addEarned(userId, coins, bucketsAt(at), RATING_PAGE_SIZE, at)) this.changed();
  }

  /** Players who joined or left squads move their scores with them. */
  async applySquadChanges(changes: SquadChanges): Promise<void> {
    await this.boards.moveMembers(changes.moved, bucketsAt(this.clock.now()));
    this.changed();
  }

  /**
   * A deleted account's id leaves every board and its squad's (its earnings stay in the ledger under
   * the tombstone id, which boards and rebuilds skip); the live boards are sent again.
   */
  async forgetPlayer(userId: number): Promise<void> {
    await this.boards.forgetPlayer(userId, bucketsAt(this.clock.now()));
    await this.boards.markDirty(LIVE_BOARDS.map(boardName));
    this.changed();
  }

  private changed(): void {
    for (const listener of this.changeListeners) listener();
  }
}
