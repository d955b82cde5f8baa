import { HttpException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';
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
import type { Squad } from '../squads/entities/squad.entity.js';
import { SquadsRepository } from '../squads/squads.repository.js';
import { SquadsService } from '../squads/squads.service.js';
import { UsersService } from '../users/users.service.js';
import { type RankedList, rankedList, rankedPage, type RankedRow, rankedStanding } from './ranked-list.js';
import { bucketOf, unpackScore } from './rating-periods.js';
import { type PackedEntry, RatingRepository } from './rating.repository.js';

/** The player tabs of `GET /v1/users/rate/`. */
export type PlayerTab = 'global' | 'me' | 'squad';

/** A squad on a board, before it is shaped for one response or another. */
interface RankedSquad {
  squad: Squad;
  rank: number;
  score: number;
}

/**
 * The boards as read by `GET /v1/users/rate/`, `GET /v1/squads/` and `GET /v1/squads/{id}/`, and the
 * tops the live boards send. Pages are RATING_PAGE_SIZE entries from 1.
 */
@Injectable()
export class RatingReadsService {
  constructor(
    private readonly boards: RatingRepository,
    private readonly users: UsersService,
    private readonly squads: SquadsService,
    private readonly squadRows: SquadsRepository,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

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
      const members = this.membersList(bucket, squadId);
      const [rows, me] = await Promise.all([
        rankedPage(members, (page - 1) * RATING_PAGE_SIZE, RATING_PAGE_SIZE),
        rankedStanding(members, userId),
      ]);
      return { items: await this.playerRows(period, rows), me: this.standing(period, me) };
    }

    const board = this.boards.players(bucket);
    const standing = await this.boards.rankOf(board, userId);
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
      start = Math.max(0, (await this.boards.count(board)) - RATING_NEIGHBOURS);
      stop = start + RATING_NEIGHBOURS - 1;
    }
    const entries = await this.boards.range(board, start, stop);
    return {
      items: await this.playerRows(period, ranked(entries, start)),
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
      this.squadRows.count(),
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
      const entries = await this.boards.range(this.boards.players(bucket), 0, size - 1);
      return this.playerRows(period, ranked(entries, 0));
    }
    return this.squadEntries(await this.rankedSquads(period, bucket, 0, RATING_PAGE_SIZE));
  }

  /** The squads of a bucket: scored first, then the others oldest first. */
  private squadsList(bucket: string): RankedList {
    return rankedList(this.boards, this.boards.squads(bucket), (skip, take) =>
      this.squadRows.idsInOrder(skip, take),
    );
  }

  /** A squad's members in a bucket: scored first, then the others by who joined first, then tgId. */
  private membersList(bucket: string, squadId: number): RankedList {
    return rankedList(this.boards, this.boards.squadMembers(squadId, bucket), (skip, take) =>
      this.squadRows.memberIdsInOrder(squadId, skip, take),
    );
  }

  private standing(
    period: RatingPeriod,
    found: { rank: number; packed: number | null } | null,
  ): RatingStanding {
    return found ? { rank: found.rank, score: scoreOf(period, found.packed) } : { rank: null, score: 0 };
  }

  private async playerRows(period: RatingPeriod, rows: RankedRow[]): Promise<RatingPlayerEntry[]> {
    const profiles = await this.users.profiles(rows.map((row) => row.id));
    return rows.map((row) => {
      const user = profiles.get(row.id);
      return {
        rank: row.rank,
        tgId: row.id,
        username: user?.username ?? null,
        firstName: user?.firstName ?? null,
        photoUrl: user?.photoUrl ?? null,
        score: scoreOf(period, row.packed),
        infl: user?.infl ?? false,
      };
    });
  }

  /** Squads from rank `start + 1`, `count` of them. */
  private async rankedSquads(
    period: RatingPeriod,
    bucket: string,
    start: number,
    count: number,
  ): Promise<RankedSquad[]> {
    const rows = await rankedPage(this.squadsList(bucket), start, count);
    const found = new Map((await this.squadRows.findByIds(rows.map((row) => row.id))).map((s) => [s.id, s]));
    return rows.flatMap((row) => {
      const squad = found.get(row.id);
      return squad ? [{ squad, rank: row.rank, score: scoreOf(period, row.packed) }] : [];
    });
  }

  private async squadStanding(
    period: RatingPeriod,
    bucket: string,
    squadId: number,
  ): Promise<RankedSquad | null> {
    const squad = await this.squadRows.findById(squadId);
    if (!squad) return null;
    const row = await rankedStanding(this.squadsList(bucket), squadId);
    return row && { squad, rank: row.rank, score: scoreOf(period, row.packed) };
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

/** Entries read from rank `start + 1` on. */
function ranked(entries: PackedEntry[], start: number): RankedRow[] {
  return entries.map((entry, i) => ({ id: entry.id, rank: start + 1 + i, packed: entry.packed }));
}

function scoreOf(period: RatingPeriod, packed: number | null): number {
  return packed === null ? 0 : unpackScore(period, packed);
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
