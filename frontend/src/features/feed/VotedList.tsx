import type { VotedItemDto } from '@mememint/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import { useVoted } from './api/get-voted';
import { LoadMore } from '../../ui/LoadMore';
import { QueryFallback } from '../../ui/QueryFallback';
import { MemePicture } from '../../ui/MemePicture';

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
            <MemePicture
              className="voted-item__picture"
              src={vote.meme.thumbnailUrl}
              alt={vote.meme.text ?? t('swipes.meme')}
              loading="lazy"
            />
            <div className="voted-item__text">
              <span>{t('feed.yourBet', { count: vote.amount })}</span>
              <span className="muted">{vote.day}</span>
            </div>
            <span className={`outcome outcome--${vote.outcome}`}>{outcomeText(vote, t)}</span>
          </li>
        ))}
      </ul>
      <LoadMore pages={voted} />
    </>
  );
}

/** How a bet went, net of its stake: a win that only gave the stake back is no "+". */
export function outcomeText(vote: Pick<VotedItemDto, 'outcome' | 'amount' | 'payout'>, t: TFunction): string {
  switch (vote.outcome) {
    case 'won': {
      const net = (vote.payout ?? vote.amount) - vote.amount;
      return net > 0 ? t('feed.outcome.won', { coins: net }) : t('feed.outcome.stakeBack');
    }
    case 'lost':
      return t('feed.outcome.lost', { coins: vote.amount });
    case 'refunded':
      return t('feed.outcome.refunded');
    case 'pending':
      return t('feed.outcome.pending');
  }
}
