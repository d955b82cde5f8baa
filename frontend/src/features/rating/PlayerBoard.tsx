import type { RatingPeriod, RatingPlayersResponse } from '@mememint/contracts';
import { LayoutGroup, m } from 'motion/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { useUser } from '../session';
import { useRating } from './api/get-rating';
import { MiniAvatar, playerName } from './Avatar';
import { useLiveRating } from './useLiveRating';
import './rating.css';
import { LoadMore } from '../../ui/LoadMore';
import { QueryFallback } from '../../ui/QueryFallback';

/**
 * A board of players (tabs me, global, squad): ranks move with an animation when an update reorders
 * them, and the player's own place stays pinned under the list. The global board is live.
 */
export function PlayerBoard({
  tab,
  period,
  noSquad,
}: {
  tab: 'me' | 'global' | 'squad';
  period: RatingPeriod;
  /** What to show outside a squad (tab squad). */
  noSquad?: ReactNode;
}) {
  const { t } = useTranslation();
  const user = useUser();
  const board = useRating(tab, period);
  useLiveRating(tab === 'global' ? 'global' : null, period, user.tgId);
  if (!board.data) return <QueryFallback query={board} />;
  const pages = board.data.pages as Array<RatingPlayersResponse | null>;
  if (pages[0] === null) return <>{noSquad}</>;
  const items = pages.flatMap((page) => page?.items ?? []);
  const me = pages[0]?.me;
  return (
    <div className="board" data-testid={`board-${tab}`}>
      {items.length ? (
        <LayoutGroup>
          <ol className="board__list">
            {items.map((entry) => (
              <m.li
                layout
                key={entry.tgId}
                className={`board__row${entry.tgId === user.tgId ? ' board__row--me' : ''}`}
                data-testid="board-row"
                transition={{ type: 'spring', stiffness: 500, damping: 40 }}
              >
                <span className="board__rank">{entry.rank}</span>
                <MiniAvatar name={playerName(entry)} photoUrl={entry.photoUrl} />
                <span className="board__name">
                  {playerName(entry)}
                  {entry.infl && <span className="board__badge">{t('rating.influencer')}</span>}
                </span>
                <m.span
                  key={entry.score}
                  className="board__score"
                  initial={{ scale: 1.3 }}
                  animate={{ scale: 1 }}
                >
                  {entry.score}
                </m.span>
              </m.li>
            ))}
          </ol>
        </LayoutGroup>
      ) : (
        <p className="empty">{t('rating.empty')}</p>
      )}
      <LoadMore pages={board} />
      {me && (
        <div className="board__mine" data-testid="my-standing">
          <span>{t('rating.you')}</span>
          <span>{me.rank ? t('rating.rank', { rank: me.rank }) : t('rating.unranked')}</span>
          <span className="board__score">{me.score}</span>
        </div>
      )}
    </div>
  );
}
