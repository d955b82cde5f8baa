import type { PackedEntry, RatingRepository, SortedBoard } from './rating.repository.js';

/**
 * A ranked list of the rating (the squads of a bucket, or one squad's members there): entries with a
 * score in the bucket first, from a Redis sorted set; then the others with 0, in an order SQL keeps
 * (GAME.md: equal scores rank by who reached them first, so the oldest squad or first member first).
 */
export interface RankedList {
  /** Entries with a score. */
  countScored(): Promise<number>;
  /** Scored entries from rank `start + 1` to `stop + 1`. */
  scored(start: number, stop: number): Promise<PackedEntry[]>;
  /** The entry's rank and packed score when it has a score. */
  scoredRank(id: number): Promise<{ rank: number; packed: number } | null>;
  /** Which of these ids have a score. */
  scoredAmong(ids: readonly number[]): Promise<Set<number>>;
  /** Every entry's id, scored or not, in the SQL order: `take` of them after the first `skip`. */
  inOrder(skip: number, take: number): Promise<number[]>;
}

/** A row of a ranked page: `packed` null for an entry without a score (it scores 0). */
export interface RankedRow {
  id: number;
  rank: number;
  packed: number | null;
}

/** Ids read from SQL (and looked up in Redis) per step through the unscored tail. */
const STEP = 1000;

/**
 * Ranks `start + 1` to `start + count`: the page of the sorted set, then the unscored entries after
 * it. Only the page is read from the sorted set; the tail walks the SQL order from its start,
 * asking Redis only whether the ids it passes are scored.
 */
export async function rankedPage(
  list: RankedList,
  start: number,
  count: number,
  step = STEP,
): Promise<RankedRow[]> {
  const scoredCount = await list.countScored();
  const end = start + count;
  const head = await list.scored(start, Math.min(end, scoredCount) - 1);
  const rows: RankedRow[] = head.map((entry, i) => ({
    id: entry.id,
    rank: start + 1 + i,
    packed: entry.packed,
  }));
  if (end <= scoredCount) return rows;
  const tailStart = Math.max(start, scoredCount);
  let skip = tailStart - scoredCount;
  const wanted = end - tailStart;
  for (let offset = 0; rows.length - head.length < wanted; offset += step) {
    const ids = await list.inOrder(offset, step);
    const scored = await list.scoredAmong(ids);
    for (const id of ids) {
      if (scored.has(id)) continue;
      if (skip > 0) skip -= 1;
      else if (rows.length - head.length < wanted)
        rows.push({ id, rank: tailStart + 1 + rows.length - head.length, packed: null });
    }
    if (ids.length < step) break;
  }
  return rows;
}

/**
 * The entry's rank: its place on the sorted set, or after every scored entry and the unscored ones
 * before it in the SQL order. Null when the list has no such entry.
 */
export async function rankedStanding(list: RankedList, id: number, step = STEP): Promise<RankedRow | null> {
  const found = await list.scoredRank(id);
  if (found) return { id, ...found };
  const scoredCount = await list.countScored();
  let before = 0;
  for (let offset = 0; ; offset += step) {
    const ids = await list.inOrder(offset, step);
    const scored = await list.scoredAmong(ids);
    for (const other of ids) {
      if (other === id) return { id, rank: scoredCount + before + 1, packed: null };
      if (!scored.has(other)) before += 1;
    }
    if (ids.length < step) return null;
  }
}

/** A ranked list over one sorted set of the rating and the SQL order of every entry. */
export function rankedList(
  boards: RatingRepository,
  board: SortedBoard,
  inOrder: RankedList['inOrder'],
): RankedList {
  return {
    countScored: () => boards.count(board),
    scored: (start, stop) => boards.range(board, start, stop),
    scoredRank: (id) => boards.rankOf(board, id),
    scoredAmong: (ids) => boards.scoredAmong(board, ids),
    inOrder,
  };
}
