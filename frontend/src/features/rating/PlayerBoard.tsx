import type { RatingPeriod, RatingPlayersResponse } from '@mememint/contracts';
import { LayoutGroup, m } from 'motion/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useOnScreen } from '../../lib/useOnScreen';
import { useUser } from '../session';
import { useRating } from './api/get-rating';
import { MiniAvatar, playerName } from './Avatar';
import { Podium } from './Podium';
import { RankArrow } from './RankArrow';
import { useLiveRating } from './useLiveRating';
import { useRankMoves } from './useRankMoves';
import './rating.css';
import { EmptyState } from '../../ui/brand/EmptyState';
import { TrophyIcon } from '../../ui/brand/game-icons';
import { LoadMore } from '../../ui/LoadMore';
import { QueryFallback } from '../../ui/QueryFallback';

/** The bottom nav over the screen's foot: a row behind it is not in view. */
const UNDER_NAV = '0px 0px -72px 0px';

/**
 * A board of players (tabs me, global, squad): ranks move with an animation when an update reorders
 * them, and the player's own place is pinned at the screen's foot while their row is not in view
 * (not loaded, or scrolled away): never a second copy of a row on screen. The global board is live.
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
  const [myRow, setMyRow] = useState<HTMLLIElement | null>(null);
  // Unknown (no IntersectionObserver): pinned, so the standing is never missing.
  const myRowInView = useOnScreen(myRow, { threshold: 0.6, rootMargin: UNDER_NAV, fallback: false });
  useLiveRating(tab === 'global' ? 'global' : null, period, user.tgId);
  const pages = (board.data?.pages ?? []) as Array<RatingPlayersResponse | null>;
  // Arrows for the first page, the part a live update replaces.
  const moves = useRankMoves(
    `${tab}:${period}`,
    (pages[0]?.items ?? []).map((entry) => ({ key: entry.tgId, rank: entry.rank })),
  );
  if (!board.data) return <QueryFallback query={board} />;
  if (pages[0] === null) return <>{noSquad}</>;
  const all = pages.flatMap((page) => page?.items ?? []);
  const me = pages[0]?.me;
  // The global board's top 3 stand on the podium, the rest below it.
  const podium = tab === 'global' && all[0]?.rank === 1 ? all.slice(0, 3) : [];
  const items = all.slice(podium.length);
  return (
    <div className="board" data-testid={`board-${tab}`}>
      {podium.length > 0 && <Podium top={podium} myTgId={user.tgId} moves={moves} myRow={setMyRow} />}
      {items.length ? (
        <LayoutGroup>
          <ol className="board__list">
            {items.map((entry) => (
              <m.li
                layout
                key={entry.tgId}
                ref={entry.tgId === user.tgId ? setMyRow : undefined}
                className={`board__row${entry.tgId === user.tgId ? ' board__row--me' : ''}`}
                data-testid="board-row"
                transition={{ type: 'spring', stiffness: 500, damping: 40 }}
              >
                <span className="board__rank">{entry.rank}</span>
                <MiniAvatar name={playerName(entry)} photoUrl={entry.photoUrl} size={36} />
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
                <RankArrow move={moves.get(entry.tgId)} />
              </m.li>
            ))}
          </ol>
        </LayoutGroup>
      ) : podium.length ? null : tab === 'me' ? (
        // The board around the player is empty until they score: say how to get on it, not "empty".
        <EmptyState
          testId="board-me-empty"
          art={<TrophyIcon size={34} />}
          title={t('rating.meEmptyTitle')}
          text={t('rating.meEmptyText')}
          action={
            <Link to="/main" className="button button--small">
              {t('rating.meEmptyAction')}
            </Link>
          }
        />
      ) : (
        <EmptyState art={<TrophyIcon size={34} />} text={t('rating.empty')} />
      )}
      <LoadMore pages={board} />
      {me && !myRowInView && (
        <div className="board__mine" data-testid="my-standing">
          <MiniAvatar name={playerName(user)} photoUrl={user.photoUrl} size={32} />
          <span className="board__mine-name">{t('rating.you')}</span>
          <span>{me.rank ? t('rating.rank', { rank: me.rank }) : t('rating.unranked')}</span>
          <span className="board__score">{me.score}</span>
          <RankArrow move={moves.get(user.tgId)} />
        </div>
      )}
    </div>
  );
}
