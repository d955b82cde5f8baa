import { m } from 'motion/react';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { CoinIcon } from '../../ui/icons';
import { HeartFilledIcon, TrophyIcon } from '../../ui/brand/game-icons';
import { formatNumber } from '../balance';
import { celebrate, firstTime } from '../moments';
import { useUser } from '../session';
import { toast } from '../../ui/toast';
import { useMemeOfTheDay } from './api/get-meme-of-the-day';
import { authorName } from './author';
import { useFeedSettled } from './useFeedSettled';
import { MemePicture } from '../../ui/MemePicture';
import { AnimatedMeme } from '../../ui/meme-video/AnimatedMeme';
import { CardMarks } from '../trust';

/** The latest settled day's winner, reloaded when `feed:settled` arrives. */
export function MemeOfTheDay() {
  const { t, i18n } = useTranslation();
  const day = useMemeOfTheDay();
  useFeedSettled(useCallback(() => toast.info(t('feed.settled')), [t]));
  const settled = day.data;
  const { tgId } = useUser();
  const won = settled?.meme?.author.tgId === tgId;
  // The author's moment, once per day won (on this device).
  useEffect(() => {
    if (!won || !settled || !firstTime(`motd:${tgId}:${settled.date}`)) return;
    celebrate({
      kind: 'memeOfTheDay',
      title: t('moments.memeOfTheDayTitle'),
      text: t('moments.memeOfTheDayText'),
      gain: settled.authorReward ? { counter: 'coins', amount: settled.authorReward } : undefined,
    });
  }, [won, settled, tgId, t]);
  if (!settled?.meme) return null;
  const date = new Date(`${settled.date}T00:00:00Z`).toLocaleDateString(i18n.language, {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  return (
    <m.section
      key={settled.date}
      className="meme-of-the-day"
      data-testid="meme-of-the-day"
      initial={{ scale: 0.9, opacity: 0 }}
      animate={{ scale: 1, opacity: 1 }}
    >
      <MemePicture
        className="meme-of-the-day__picture"
        src={settled.meme.thumbnailUrl}
        alt={settled.meme.text ?? t('feed.memeOfTheDay')}
      >
        <AnimatedMeme meme={settled.meme} />
        <CardMarks />
      </MemePicture>
      <div className="meme-of-the-day__text">
        <span className="meme-of-the-day__title">
          <TrophyIcon size={16} /> {t('feed.memeOfTheDay')}
        </span>
        <span className="muted">{date}</span>
        <span>{authorName(settled.meme.author)}</span>
        <span className="meme-of-the-day__pool">
          <HeartFilledIcon size={14} /> {formatNumber(settled.likes, i18n.language)} · <CoinIcon size={14} />{' '}
          {t('feed.pool', { count: settled.pool })}
        </span>
      </div>
    </m.section>
  );
}
