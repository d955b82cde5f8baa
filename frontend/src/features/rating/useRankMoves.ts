import { useEffect, useRef, useState } from 'react';

/** How a row moved on the last live update: places up (> 0) or down (< 0); `new` came onto the board. */
export type RankMove = number | 'new';

const NO_MOVES: ReadonlyMap<number, RankMove> = new Map();

/**
 * Each row's last move while the board is watched: its rank compared with the update before, kept
 * until the row moves again. The first board seen moves nothing.
 */
export function useRankMoves(
  /** Which board (tab and period): another board starts afresh. */
  scope: string,
  entries: ReadonlyArray<{ key: number; rank: number }>,
): ReadonlyMap<number, RankMove> {
  const previous = useRef<{ scope: string; ranks: Map<number, number> } | null>(null);
  const [moves, setMoves] = useState<{ scope: string; moves: ReadonlyMap<number, RankMove> }>({
    scope,
    moves: new Map(),
  });
  const signature = entries.map((entry) => `${entry.key}:${entry.rank}`).join(',');
  useEffect(() => {
    // Nothing loaded yet (or loading another period): no board to compare with.
    if (!signature) return;
    const now = new Map(signature.split(',').map((pair) => pair.split(':').map(Number) as [number, number]));
    const before = previous.current?.scope === scope ? previous.current.ranks : null;
    previous.current = { scope, ranks: now };
    if (!before) return;
    const changed = new Map<number, RankMove>();
    for (const [key, rank] of now) {
      const was = before.get(key);
      if (was === undefined) changed.set(key, 'new');
      else if (was !== rank) changed.set(key, was - rank);
    }
    if (changed.size)
      setMoves((last) => ({
        scope,
        moves: new Map([...(last.scope === scope ? last.moves : []), ...changed]),
      }));
  }, [scope, signature]);
  return moves.scope === scope ? moves.moves : NO_MOVES;
}
