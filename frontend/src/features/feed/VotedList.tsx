import { useTranslation } from 'react-i18next';

import { useVoted } from './api/get-voted';
import { LoadMore } from '../../ui/LoadMore';
import { QueryFallback } from '../../ui/QueryFallback';

/** The player's bets, newest first: the meme, the stake, its day and how it went. */
export function VotedList() {
  const { t } = useTranslation();
  const voted = useVoted();
  if (!voted.data) return <QueryFallback query={voted} />;
  const items = voted.data.pages.flatMap((page) => page.items);
  if (!items.length) return <p className="empty">{t('feed.votedEmpty')}</p>;
  return (
    <>
      <ul className="voted-list" data-testid="voted-list">
        {items.map((vote) => (
          <li key={`${vote.meme.id}`} className="voted-item">
            <img src={vote.meme.thumbnailUrl} alt={vote.meme.text ?? t('swipes.meme')} loading="lazy" />
            <div className="voted-item__text">
              <span>{t('feed.yourBet', { count: vote.amount })}</span>
              <span className="muted">{vote.day}</span>
            </div>
            <span className={`outcome outcome--${vote.outcome}`}>
              {t(`feed.outcome.${vote.outcome}`)}
              {vote.payout ? ` +${vote.payout}` : ''}
            </span>
          </li>
        ))}
      </ul>
      <LoadMore pages={voted} />
    </>
  );
}
