import { Injectable } from '@nestjs/common';
import { RATING_PAGE_SIZE } from '@mememint/contracts';

import { Clock } from '../common/clock.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { SquadsRepository } from '../squads/squads.repository.js';
import { boardName, LIVE_BOARDS } from './live-boards.js';
import { bucketEnd, bucketsAt, bucketStart, packScore } from './rating-periods.js';
import {
  type MemberMove,
  type PackedEntry,
  RatingRepository,
  type RatingSnapshot,
} from './rating.repository.js';

/** How long a rebuild's journal runs at most (a rebuild that died stops journaling then). */
const JOURNAL_TTL_MS = 10 * 60_000;

/** Rows read per query while rebuilding. */
const REBUILD_BATCH = 10_000;

/** What `rating:rebuild` wrote. */
export interface RebuildSummary {
  /** Players with earned coins, per bucket (`all`, `d2025-01-31`, …). */
  players: Record<string, number>;
  squadMembers: number;
}

/** The boards written again from PostgreSQL (the ledger and the memberships), as `rating:rebuild` does. */
@Injectable()
export class RatingRebuildService {
  constructor(
    private readonly boards: RatingRepository,
    private readonly squads: SquadsRepository,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
  ) {}

  /**
   * Every current bucket's boards again from the ledger's earned rows and the squads' memberships,
   * swapped in at once. A squad counts as having reached its score when the last of its members
   * reached theirs or joined, whichever was later (leaves are not recorded, so a tie with a squad
   * someone left may order differently than it did live). Earnings and moves that reach the boards
   * while it reads are journaled and applied again to the new boards: the rows read are those earned
   * before it started, the journal's earnings from then on count.
   */
  async rebuild(): Promise<RebuildSummary> {
    await this.boards.startJournal(JOURNAL_TTL_MS);
    try {
      return await this.rebuildJournaled();
    } catch (error) {
      await this.boards.takeJournal();
      throw error;
    }
  }

  private async rebuildJournaled(): Promise<RebuildSummary> {
    // Rows earned from here on are the journal's, not the snapshot's.
    const now = this.clock.now();
    const memberships = new Map<number, MemberMove & { squadId: number; joinedAt: Date }>();
    for (let after = 0; ;) {
      const batch = await this.squads.membersAfter(after, REBUILD_BATCH);
      if (batch.length === 0) break;
      for (const membership of batch) memberships.set(membership.userId, membership);
      after = batch.at(-1)!.userId;
    }

    const snapshot: RatingSnapshot = {
      buckets: bucketsAt(now),
      players: new Map(),
      squads: new Map(),
      squadMembers: new Map(),
      memberships: [...memberships.values()],
    };
    const summary: RebuildSummary = { players: {}, squadMembers: memberships.size };
    for (const { period, bucket } of snapshot.buckets) {
      const players: PackedEntry[] = [];
      const members = new Map<number, PackedEntry[]>();
      const totals = new Map<number, { score: number; reachedAt: Date }>();
      for (let after = 0; ;) {
        const batch = await this.ledger.earnedTotals(
          bucketStart(period, now),
          earlierOf(bucketEnd(period, now), now),
          after,
          REBUILD_BATCH,
        );
        if (batch.length === 0) break;
        for (const { userId, coins, lastAt } of batch) {
          const entry = { id: userId, packed: packScore(period, coins, lastAt) };
          players.push(entry);
          const membership = memberships.get(userId);
          if (!membership) continue;
          const squadMembers = members.get(membership.squadId);
          if (squadMembers) squadMembers.push(entry);
          else members.set(membership.squadId, [entry]);
          const total = totals.get(membership.squadId) ?? { score: 0, reachedAt: lastAt };
          const reachedAt = Math.max(
            total.reachedAt.getTime(),
            lastAt.getTime(),
            membership.joinedAt.getTime(),
          );
          totals.set(membership.squadId, { score: total.score + coins, reachedAt: new Date(reachedAt) });
        }
        after = batch.at(-1)!.userId;
      }
      snapshot.players.set(bucket, players);
      snapshot.squadMembers.set(bucket, members);
      snapshot.squads.set(
        bucket,
        [...totals].map(([id, total]) => ({ id, packed: packScore(period, total.score, total.reachedAt) })),
      );
      summary.players[bucket] = players.length;
    }
    const replaced = await this.boards.replaceAll(snapshot);
    const journal = await this.boards.takeJournal();
    for (const entry of journal) {
      if (entry.kind === 'moved') await this.boards.moveMembers([entry], bucketsAt(this.clock.now()));
      else if (entry.at >= now)
        await this.boards.addEarned(
          entry.userId,
          entry.coins,
          bucketsAt(entry.at),
          RATING_PAGE_SIZE,
          entry.at,
        );
    }
    // Watchers hear of the new boards, unless there were none before or after (a first start).
    if (replaced || journal.length) await this.boards.markDirty(LIVE_BOARDS.map(boardName));
    return summary;
  }
}

function earlierOf(end: Date | null, now: Date): Date {
  return end === null || end > now ? now : end;
}
