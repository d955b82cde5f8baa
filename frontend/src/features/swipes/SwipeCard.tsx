import type { FeedItemDto } from '@mememint/contracts';
import { m, useMotionValue, useTransform, type PanInfo } from 'motion/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { HeartFilledIcon } from '../../ui/brand/game-icons';
import { AnimatedMeme } from '../../ui/meme-video/AnimatedMeme';
import { MemePicture } from '../../ui/MemePicture';
import { CardMarks } from '../trust';

/** How far (px) or how fast (px/s) a card must be thrown to count as a swipe. */
export const SWIPE_DISTANCE = 100;
const SWIPE_VELOCITY = 500;

/** Which way a drag that ended like this swipes the card: like (right), skip (left) or none. */
export function swipeDirection(info: Pick<PanInfo, 'offset' | 'velocity'>): 'like' | 'skip' | null {
  if (info.offset.x > SWIPE_DISTANCE || info.velocity.x > SWIPE_VELOCITY) return 'like';
  if (info.offset.x < -SWIPE_DISTANCE || info.velocity.x < -SWIPE_VELOCITY) return 'skip';
  return null;
}

function authorName(item: FeedItemDto): string {
  return item.author.username ? `@${item.author.username}` : (item.author.firstName ?? '');
}

/**
 * One meme of the deck: the top card follows the finger (motion's drag), the ones below wait. A card
 * shows the meme's 512 px WEBP thumbnail (a few tens of KB, what the deck preloads); the top card then
 * fetches the full-size picture and shows it instead once it is in (sharper on a dense screen).
 */
export function SwipeCard({
  item,
  depth,
  onSwipe,
  onPictureSettled,
}: {
  item: FeedItemDto;
  /** 0 for the top card. */
  depth: number;
  onSwipe: (like: boolean) => void;
  /** The card's picture (the thumbnail) loaded or failed. */
  onPictureSettled?: () => void;
}) {
  const { t } = useTranslation();
  const top = depth === 0;
  const [shown, setShown] = useState(false);
  const [sharp, setSharp] = useState(false);
  useEffect(() => {
    if (!top || !shown) return;
    const full = new Image();
    full.onload = () => setSharp(true);
    full.src = item.imageUrl;
    return () => {
      full.onload = null;
    };
  }, [top, shown, item.imageUrl]);
  const x = useMotionValue(0);
  const rotate = useTransform(x, [-200, 200], [-12, 12]);
  const likeOpacity = useTransform(x, [20, SWIPE_DISTANCE], [0, 1]);
  const skipOpacity = useTransform(x, [-SWIPE_DISTANCE, -20], [1, 0]);
  return (
    <m.article
      className="swipe-card"
      data-testid={top ? 'swipe-card' : undefined}
      aria-hidden={!top}
      style={{ x, rotate, zIndex: 10 - depth }}
      initial={{ scale: 0.92, y: 16, opacity: 0 }}
      animate={{ scale: 1 - depth * 0.04, y: depth * 10, opacity: 1 }}
      exit={{ x: x.get() >= 0 ? 480 : -480, opacity: 0, transition: { duration: 0.25 } }}
      drag={top ? 'x' : false}
      dragSnapToOrigin
      dragElastic={0.9}
      onDragEnd={(_, info) => {
        const direction = swipeDirection(info);
        if (direction) onSwipe(direction === 'like');
      }}
    >
      <MemePicture
        className="swipe-card__picture"
        src={sharp ? item.imageUrl : item.thumbnailUrl}
        fill={item.thumbnailUrl}
        alt={item.text ?? t('swipes.meme')}
        onSettled={() => {
          setShown(true);
          onPictureSettled?.();
        }}
      >
        {/* Only the top card plays (the ones under it are covered). */}
        <AnimatedMeme meme={item} active={top} />
        {top && <CardMarks reportMemeId={item.id} />}
      </MemePicture>
      <m.span className="swipe-card__stamp swipe-card__stamp--like" style={{ opacity: likeOpacity }}>
        {t('swipes.like')}
      </m.span>
      <m.span className="swipe-card__stamp swipe-card__stamp--skip" style={{ opacity: skipOpacity }}>
        {t('swipes.skip')}
      </m.span>
      <footer className="swipe-card__footer">
        <span className="swipe-card__author">{authorName(item)}</span>
        <span className="swipe-card__likes">
          <HeartFilledIcon size={14} /> {item.likes}
        </span>
      </footer>
    </m.article>
  );
}
