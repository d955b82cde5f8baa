import type { FeedItemDto } from '@mememint/contracts';
import { useTranslation } from 'react-i18next';

import { haptic } from '../../telegram/sdk';
import { formatNumber } from '../balance';
import { CoinIcon } from '../../ui/icons';
import { CardMarks } from '../trust';
import { HeartFilledIcon } from '../../ui/brand/game-icons';
import { authorName, isVotingOpen, useContestNow } from './author';
import { MemePicture } from '../../ui/MemePicture';
import { AnimatedMeme } from '../../ui/meme-video/AnimatedMeme';

/** One meme of the feed: the picture, its author and likes, and the bet on it (or the player's stake). */
export function FeedCard({
  item,
  own,
  onVote,
}: {
  item: FeedItemDto;
  own: boolean;
  onVote: (item: FeedItemDto) => void;
}) {
  const { t, i18n } = useTranslation();
  const now = useContestNow();
  return (
    <li className="feed-card" data-testid="feed-card">
      <MemePicture
        className="feed-card__picture"
        src={item.thumbnailUrl}
        alt={item.text ?? t('swipes.meme')}
        loading="lazy"
      >
        <AnimatedMeme meme={item} />
        <CardMarks reportMemeId={own ? undefined : item.id} />
      </MemePicture>
      <div className="feed-card__info">
        <span className="feed-card__author">{authorName(item.author)}</span>
        <span className="feed-card__likes" aria-label={t('feed.likes', { count: item.likes })}>
          <HeartFilledIcon size={14} /> {formatNumber(item.likes, i18n.language)}
        </span>
        {item.voted !== null ? (
          <span className="reward-chip" data-testid="voted">
            <CoinIcon size={14} /> {t('feed.yourBet', { count: item.voted })}
          </span>
        ) : own ? null : isVotingOpen(item.publishedAt, now) ? (
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              haptic.tap();
              onVote(item);
            }}
          >
            {t('feed.vote')}
          </button>
        ) : (
          <span className="feed-card__closed muted" data-testid="bets-closed">
            {t('feed.closed')}
          </span>
        )}
      </div>
    </li>
  );
}
