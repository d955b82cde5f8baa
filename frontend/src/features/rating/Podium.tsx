import type { RatingPlayerEntry } from '@mememint/contracts';
import { useTranslation } from 'react-i18next';

import { CrownIcon } from '../../ui/brand/game-icons';
import { MiniAvatar, playerName } from './Avatar';
import { RankArrow } from './RankArrow';
import type { RankMove } from './useRankMoves';

/** Places left to right: 2nd, 1st (tallest, crowned), 3rd. */
const ORDER = [1, 0, 2];

/** The board's top 3 on steps; each is a board row for what reads the board (tests, screen readers). */
export function Podium({
  top,
  myTgId,
  moves,
  myRow,
}: {
  top: RatingPlayerEntry[];
  myTgId: number;
  moves: ReadonlyMap<number, RankMove>;
  /** Gets the player's own place (whether it is on screen decides the pinned row). */
  myRow?: (element: HTMLLIElement | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <ol className="podium" aria-label={t('rating.podium')} data-testid="podium">
      {ORDER.filter((i) => top[i]).map((i) => {
        const entry = top[i]!;
        const name = playerName(entry);
        return (
          <li
            key={entry.tgId}
            ref={entry.tgId === myTgId ? myRow : undefined}
            className={`podium__place podium__place--${entry.rank}${entry.tgId === myTgId ? ' podium__place--me' : ''}`}
            data-testid="board-row"
          >
            {entry.rank === 1 && (
              <span className="podium__crown">
                <CrownIcon size={22} />
              </span>
            )}
            <MiniAvatar name={name} photoUrl={entry.photoUrl} size={entry.rank === 1 ? 64 : 52} />
            <span className="podium__name">{name}</span>
            <span className="board__score">{entry.score}</span>
            <RankArrow move={moves.get(entry.tgId)} />
            <span className="podium__step">
              <span className="podium__rank">{entry.rank}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
