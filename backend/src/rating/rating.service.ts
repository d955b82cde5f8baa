import {
  HttpException,
  HttpStatus,
  Injectable,
  NotFoundException,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import {
  ErrorText,
  RATING_NEIGHBOURS,
  RATING_PAGE_SIZE,
  type RatingPeriod,
  type RatingPlayerEntry,
  type RatingPlayersResponse,
  type RatingSquadEntry,
  type RatingSquadsResponse,
  type RatingStanding,
  type SquadDto,
  type SquadErrorCode,
  type SquadListResponse,
} from '@mememint/contracts';
import { Clock } from '../common/clock.js';
import { AppConfig } from '../config/app.config.js';
import { LedgerEvents } from '../ledger/ledger-events.js';
import { LedgerService } from '../ledger/ledger.service.js';
import type { Squad } from '../squads/entities/squad.entity.js';
import { type SquadChanges, SquadEvents } from '../squads/squad-events.js';
import { SquadsService } from '../squads/squads.service.js';
import { UsersService } from '../users/users.service.js';
import { boardName, LIVE_BOARDS } from './live-boards.js';
import { bucketEnd, bucketOf, bucketStart, bucketsAt, packScore, unpackScore } from './rating-periods.js';
import {
  type MemberMove,
  type PackedEntry,
  RatingRepository,
  type RatingSnapshot,
} from './rating.repository.js';

/** The player tabs of `GET /v1/users/rate/`. */
export type PlayerTab = 'global' | 'me' | 'squad';

/** Rows read per query while rebuilding. */
const REBUILD_BATCH = 10_000;

/** What `rating:rebuild` wrote. */
export interface RebuildSummary {
  /** Players with earned coins, per bucket (`all`, `d2025-01-31`, …). */
  players: Record<string, number>;
  squadMembers: number;
}

/** A squad on a board, before it is shaped for one response or another. */
interface RankedSquad {
  squad: Squad;
  rank: number;
  score: number;
}

/**
 * The leaderboards (GAME.md "Rating"): scores are earned coins per UTC day, ISO week, month and all
 * time, kept in Redis by RatingRepository and written as the ledger commits earned coins; squads
 * score the sum of their current members' scores. Pages are RATING_PAGE_SIZE entries from 1.
 */
@Injectable()
export class RatingService implements OnModuleInit, OnModuleDestroy {
  private unsubscribeLedger?: () => void;
  private readonly changeListeners = new Set<() => void>();

  constructor(
    private readonly boards: RatingRepository,
    private readonly users: UsersService,
    private readonly squads: SquadsService,
    private readonly squadEvents: SquadEvents,
    private readonly ledger: LedgerService,
    private readonly ledgerEvents: LedgerEvents,
    private readonly clock: Clock,
    private readonly config: AppConfig,
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
    if (await this.boards.addEarned(userId, coins, bucketsAt(at), RATING_PAGE_SIZE)) this.changed();
  }

  /** Players who joined or left squads move their scores with them. */
  async applySquadChanges(changes: SquadChanges): Promise<void> {
    await this.boards.moveMembers(changes.moved, bucketsAt(this.clock.now()));
    this.changed();
  }

  private changed(): void {
    for (const listener of this.changeListeners) listener();
  }

  /** Tabs `global` (top LEADERBOARD_SIZE), `me` (own row ± 5) and `squad` (own squad's members). */
  async players(
    tab: PlayerTab,
    period: RatingPeriod,
    page: number,
    userId: number,
  ): Promise<RatingPlayersResponse> {
    const bucket = bucketOf(period, this.clock.now());
    if (tab === 'squad') {
      const { squadId } = await this.squads.membershipOf(userId);
      if (squadId === null) {
        throw new HttpException(
          { detail: ErrorText.notInSquad, code: 'NOT_IN_SQUAD' satisfies SquadErrorCode },
          HttpStatus.NOT_FOUND,
        );
      }
      const [items, me] = await Promise.all([
        this.squadMemberEntries(period, bucket, squadId, (page - 1) * RATING_PAGE_SIZE, RATING_PAGE_SIZE),
        this.memberStanding(period, bucket, squadId, userId),
      ]);
      return { items, me };
    }

    const standing = await this.boards.playerRank(bucket, userId);
    let start: number;
    let stop: number;
    if (tab === 'global') {
      start = (page - 1) * RATING_PAGE_SIZE;
      stop = Math.min(start + RATING_PAGE_SIZE, this.config.rating.leaderboardSize) - 1;
    } else if (standing) {
      start = Math.max(0, standing.rank - 1 - RATING_NEIGHBOURS);
      stop = standing.rank - 1 + RATING_NEIGHBOURS;
    } else {
      // Off the board (nothing earned in the period): the last ranked players are the ones above.
      start = Math.max(0, (await this.boards.countPlayers(bucket)) - RATING_NEIGHBOURS);
      stop = start + RATING_NEIGHBOURS - 1;
    }
    const entries = await this.boards.players(bucket, start, stop);
    return {
      items: await this.playerEntries(period, entries, start + 1),
      me: this.standing(period, standing),
    };
  }

  /** Tab `squads`: every squad ranked by its members' score (squads without one after, oldest first). */
  async squadsTab(period: RatingPeriod, page: number, userId: number): Promise<RatingSquadsResponse> {
    const bucket = bucketOf(period, this.clock.now());
    const [ranked, { squadId }] = await Promise.all([
      this.rankedSquads(period, bucket, (page - 1) * RATING_PAGE_SIZE, RATING_PAGE_SIZE),
      this.squads.membershipOf(userId),
    ]);
    const mine = squadId === null ? null : await this.squadStanding(period, bucket, squadId);
    return { items: await this.squadEntries(ranked), mine: mine && { rank: mine.rank, score: mine.score } };
  }

  /** `GET /v1/squads/`: squads ranked by all-time score, with the player's membership. */
  async squadList(page: number, pageSize: number, userId: number): Promise<SquadListResponse> {
    const [ranked, total, mine] = await Promise.all([
      this.rankedSquads('all', bucketOf('all', this.clock.now()), (page - 1) * pageSize, pageSize),
      this.squads.count(),
      this.squads.membershipOf(userId),
    ]);
    const items = (await this.squadEntries(ranked)).map(toSquadDto);
    return { items, page, pageSize, total, mine };
  }

  /** `GET /v1/squads/{id}/` */
  async squad(id: number): Promise<SquadDto> {
    const standing = await this.squadStanding('all', bucketOf('all', this.clock.now()), id);
    if (!standing) throw new NotFoundException({ detail: ErrorText.squadNotFound, code: 'SQUAD_NOT_FOUND' });
    return toSquadDto((await this.squadEntries([standing]))[0]!);
  }

  /** The top page of a live board, as `rating:update` carries it. */
  async top(
    tab: 'global' | 'squads',
    period: RatingPeriod,
  ): Promise<RatingPlayerEntry[] | RatingSquadEntry[]> {
    const bucket = bucketOf(period, this.clock.now());
    if (tab === 'global') {
      const size = Math.min(RATING_PAGE_SIZE, this.config.rating.leaderboardSize);
      return this.playerEntries(period, await this.boards.players(bucket, 0, size - 1), 1);
    }
    return this.squadEntries(await this.rankedSquads(period, bucket, 0, RATING_PAGE_SIZE));
  }

  /**
   * `rating:rebuild`: every current bucket's boards again from the ledger's earned rows and the
   * squads' memberships, swapped in at once. A squad counts as having reached its score when the
   * last of its members reached theirs or joined, whichever was later (leaves are not recorded, so a
   * tie with a squad someone left may order differently than it did live).
   */
  async rebuild(): Promise<RebuildSummary> {
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
          bucketEnd(period, now),
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
    await this.boards.replaceAll(snapshot);
    await this.boards.markDirty(LIVE_BOARDS.map(boardName));
    return summary;
  }

  private standing(period: RatingPeriod, found: { rank: number; packed: number } | null): RatingStanding {
    return found ? { rank: found.rank, score: unpackScore(period, found.packed) } : { rank: null, score: 0 };
  }

  private playerEntries(
    period: RatingPeriod,
    entries: PackedEntry[],
    firstRank: number,
  ): Promise<RatingPlayerEntry[]> {
    return this.playerRows(
      entries.map((entry) => ({ id: entry.id, score: unpackScore(period, entry.packed) })),
      firstRank,
    );
  }

  private async playerRows(
    entries: { id: number; score: number }[],
    firstRank: number,
  ): Promise<RatingPlayerEntry[]> {
    const profiles = await this.users.profiles(entries.map((entry) => entry.id));
    return entries.map((entry, i) => {
      const user = profiles.get(entry.id);
      return {
        rank: firstRank + i,
        tgId: entry.id,
        username: user?.username ?? null,
        firstName: user?.firstName ?? null,
        photoUrl: user?.photoUrl ?? null,
        score: entry.score,
        infl: user?.infl ?? false,
      };
    });
  }

  /**
   * A squad's members from rank `start + 1`, `count` of them: those with a score in the bucket first
   * (from its members' sorted set), then the others with 0, who joined first before (GAME.md: equal
   * scores rank by who reached them first, then tgId), so a new squad lists its influencer and members.
   */
  private async squadMemberEntries(
    period: RatingPeriod,
    bucket: string,
    squadId: number,
    start: number,
    count: number,
  ): Promise<RatingPlayerEntry[]> {
    const scoredCount = await this.boards.countSquadMembers(squadId, bucket);
    const end = start + count;
    const head = await this.boards.squadMembers(squadId, bucket, start, Math.min(end, scoredCount) - 1);
    const rows = head.map((entry) => ({ id: entry.id, score: unpackScore(period, entry.packed) }));
    if (end > scoredCount) {
      const scored = (await this.boards.squadMembers(squadId, bucket, 0, scoredCount - 1)).map((e) => e.id);
      const tailStart = Math.max(start, scoredCount);
      const tail = await this.squads.unscoredMembers(
        squadId,
        scored,
        tailStart - scoredCount,
        end - tailStart,
      );
      rows.push(...tail.map((id) => ({ id, score: 0 })));
    }
    return this.playerRows(rows, start + 1);
  }

  /** The player's rank and score among their squad's members (unscored members rank as above). */
  private async memberStanding(
    period: RatingPeriod,
    bucket: string,
    squadId: number,
    userId: number,
  ): Promise<RatingStanding> {
    const found = await this.boards.rankInSquad(squadId, bucket, userId);
    if (found) return this.standing(period, found);
    const scoredCount = await this.boards.countSquadMembers(squadId, bucket);
    const scored = (await this.boards.squadMembers(squadId, bucket, 0, scoredCount - 1)).map((e) => e.id);
    return {
      rank: scoredCount + (await this.squads.unscoredMembersBefore(squadId, scored, userId)) + 1,
      score: 0,
    };
  }

  /**
   * Squads from rank `start + 1`, `count` of them: those with a score in the bucket first (from the
   * sorted set), then those without, oldest first (GAME.md: equal scores rank by who reached them first).
   */
  private async rankedSquads(
    period: RatingPeriod,
    bucket: string,
    start: number,
    count: number,
  ): Promise<RankedSquad[]> {
    const scoredCount = await this.boards.countSquads(bucket);
    const head = await this.boards.squads(bucket, start, Math.min(start + count, scoredCount) - 1);
    const found = new Map((await this.squads.findByIds(head.map((entry) => entry.id))).map((s) => [s.id, s]));
    const ranked: RankedSquad[] = head.flatMap((entry, i) => {
      const squad = found.get(entry.id);
      return squad ? [{ squad, rank: start + 1 + i, score: unpackScore(period, entry.packed) }] : [];
    });
    const end = start + count;
    if (end <= scoredCount) return ranked;
    const scored = (await this.boards.squads(bucket, 0, scoredCount - 1)).map((entry) => entry.id);
    const tailStart = Math.max(start, scoredCount);
    const tail = await this.squads.unscoredPage(scored, tailStart - scoredCount, end - tailStart);
    return [...ranked, ...tail.map((squad, i) => ({ squad, rank: tailStart + 1 + i, score: 0 }))];
  }

  private async squadStanding(
    period: RatingPeriod,
    bucket: string,
    squadId: number,
  ): Promise<RankedSquad | null> {
    const squad = await this.squads.findById(squadId);
    if (!squad) return null;
    const found = await this.boards.squadRank(bucket, squadId);
    if (found) return { squad, rank: found.rank, score: unpackScore(period, found.packed) };
    const scoredCount = await this.boards.countSquads(bucket);
    const scored = (await this.boards.squads(bucket, 0, scoredCount - 1)).map((entry) => entry.id);
    return { squad, rank: scoredCount + (await this.squads.unscoredBefore(scored, squadId)) + 1, score: 0 };
  }

  private async squadEntries(ranked: RankedSquad[]): Promise<RatingSquadEntry[]> {
    const [profiles, members] = await Promise.all([
      this.users.profiles(ranked.map((r) => r.squad.influencerId)),
      this.boards.memberCounts(ranked.map((r) => r.squad.id)),
    ]);
    return ranked.map(({ squad, rank, score }) => {
      const influencer = profiles.get(squad.influencerId);
      return {
        rank,
        squadId: squad.id,
        title: squad.title,
        influencer: {
          tgId: squad.influencerId,
          username: influencer?.username ?? null,
          firstName: influencer?.firstName ?? null,
          photoUrl: influencer?.photoUrl ?? null,
        },
        members: members.get(squad.id) ?? 0,
        score,
      };
    });
  }
}

function toSquadDto(entry: RatingSquadEntry): SquadDto {
  return {
    id: entry.squadId,
    rank: entry.rank,
    title: entry.title,
    influencer: entry.influencer,
    members: entry.members,
    score: entry.score,
  };
}
