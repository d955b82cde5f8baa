import { describe, expect, it } from '@jest/globals';

import { type RankedList, rankedPage, type RankedRow, rankedStanding } from './ranked-list.js';

/** Ten entries in SQL order 1..10; 7, 3 and 9 scored (in that rank order). */
const ORDER = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const SCORED = [
  { id: 7, packed: -30 },
  { id: 3, packed: -20 },
  { id: 9, packed: -10 },
];

function fakeList(reads: { sortedSet: number; sql: number }): RankedList {
  return {
    countScored: () => Promise.resolve(SCORED.length),
    scored: (start, stop) => {
      const page = SCORED.slice(start, stop + 1);
      reads.sortedSet += page.length;
      return Promise.resolve(page);
    },
    scoredRank: (id) => {
      const i = SCORED.findIndex((entry) => entry.id === id);
      return Promise.resolve(i < 0 ? null : { rank: i + 1, packed: SCORED[i]!.packed });
    },
    scoredAmong: (ids) => Promise.resolve(new Set(ids.filter((id) => SCORED.some((e) => e.id === id)))),
    inOrder: (skip, take) => {
      const ids = ORDER.slice(skip, skip + take);
      reads.sql += ids.length;
      return Promise.resolve(ids);
    },
  };
}

/** The whole list, ranked the simple way: scored by rank, then the rest in SQL order. */
const EXPECTED: RankedRow[] = [
  ...SCORED.map((entry, i) => ({ id: entry.id, rank: i + 1, packed: entry.packed })),
  ...ORDER.filter((id) => !SCORED.some((e) => e.id === id)).map((id, i) => ({
    id,
    rank: SCORED.length + 1 + i,
    packed: null,
  })),
];

describe('rankedPage / rankedStanding', () => {
  it('pages through the scored head and the unscored tail, across steps of the SQL walk', async () => {
    for (const step of [1, 2, 3, 1000])
      for (let start = 0; start < 12; start += 1)
        for (const count of [1, 2, 4, 20]) {
          const page = await rankedPage(fakeList({ sortedSet: 0, sql: 0 }), start, count, step);
          expect([step, start, count, page]).toEqual([
            step,
            start,
            count,
            EXPECTED.slice(start, start + count),
          ]);
        }
  });

  it('reads only the page of the sorted set, and no SQL for a page inside it', async () => {
    const reads = { sortedSet: 0, sql: 0 };
    expect(await rankedPage(fakeList(reads), 1, 2)).toEqual(EXPECTED.slice(1, 3));
    expect(reads).toEqual({ sortedSet: 2, sql: 0 });
  });

  it('ranks a scored entry by the sorted set, an unscored one after the scored and the unscored before it', async () => {
    for (const step of [1, 3, 1000])
      for (const expected of EXPECTED)
        expect(await rankedStanding(fakeList({ sortedSet: 0, sql: 0 }), expected.id, step)).toEqual(expected);
    expect(await rankedStanding(fakeList({ sortedSet: 0, sql: 0 }), 42, 3)).toBeNull();
  });
});
