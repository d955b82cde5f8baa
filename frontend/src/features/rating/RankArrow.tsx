import { useTranslation } from 'react-i18next';

import { ArrowDownIcon, ArrowUpIcon } from '../../ui/brand/game-icons';
import type { RankMove } from './useRankMoves';

/** A row's move on the last live update: a green arrow up (with the places), a red one down. */
export function RankArrow({ move }: { move: RankMove | undefined }) {
  const { t } = useTranslation();
  if (move === undefined) return null;
  const up = move === 'new' || move > 0;
  const places = move === 'new' ? null : Math.abs(move);
  return (
    <span
      className={`rank-move rank-move--${up ? 'up' : 'down'}`}
      data-testid="rank-move"
      data-move={up ? 'up' : 'down'}
      role="img"
      aria-label={t(up ? 'rating.up' : 'rating.down', { count: places ?? 1 })}
    >
      {up ? <ArrowUpIcon size={14} /> : <ArrowDownIcon size={14} />}
      {places}
    </span>
  );
}
