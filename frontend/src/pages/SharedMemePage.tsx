import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

import { useSharedMeme } from '../features/memes';
import { CardMarks } from '../features/trust';
import { memeLink } from '../lib/config';
import { isInsideTelegram } from '../telegram/launch';
import './SharedMemePage.css';
import { MintMark } from '../ui/brand/brand-art';
import { HeartFilledIcon, ImageIcon, TrophyIcon } from '../ui/brand/game-icons';
import { QueryFallback } from '../ui/QueryFallback';
import { AnimatedMeme } from '../ui/meme-video/AnimatedMeme';

/** The app's mark and name atop the page: a shared link lands here before anything else of the app. */
function SharedMemeBrand() {
  return (
    <header className="shared-meme__brand">
      <MintMark size={32} />
      <span>MemeMint</span>
    </header>
  );
}

/** What the game is, under "Make your own": a shared link is often a first look at MemeMint. */
function SharedMemePitch() {
  const { t } = useTranslation();
  const points = [
    { key: 'face', icon: <ImageIcon size={20} /> },
    { key: 'swipe', icon: <HeartFilledIcon size={20} /> },
    { key: 'rating', icon: <TrophyIcon size={20} /> },
  ];
  return (
    <ul className="shared-meme__pitch" data-testid="share-pitch">
      {points.map((point) => (
        <li key={point.key}>
          <span className="shared-meme__pitch-icon" aria-hidden>
            {point.icon}
          </span>
          {t(`share.pitch.${point.key}`)}
        </li>
      ))}
    </ul>
  );
}

/**
 * /i/:shareId: a published meme with its author and likes, and "Make your own", which opens the
 * mini app (`startapp=meme_<shareId>`) from a browser, or the create screen inside Telegram. Needs no
 * sign-in; unknown or unpublished memes get a not-found notice.
 */
export function SharedMemePage() {
  const { t } = useTranslation();
  const { shareId = '' } = useParams();
  const meme = useSharedMeme(shareId);

  // Unknown or unpublished is null (the not-found notice); a failed load offers "Try again".
  if (meme.data === undefined) return <QueryFallback query={meme} />;
  if (!meme.data)
    return (
      <div className="fullscreen-center notice">
        <SharedMemeBrand />
        <h1>{t('share.notFound')}</h1>
        <p className="muted">{t('share.text')}</p>
        <a className="button" href={memeLink(shareId)}>
          {t('share.open')}
        </a>
      </div>
    );
  const { author } = meme.data;
  const name = author.username ? `@${author.username}` : (author.firstName ?? '');
  return (
    <div className="page shared-meme">
      <SharedMemeBrand />
      <h1>{t('share.title')}</h1>
      <figure className="shared-meme__figure">
        <span className="shared-meme__media">
          <img
            src={meme.data.imageUrl}
            alt={meme.data.text ?? t('share.title')}
            width={meme.data.width}
            height={meme.data.height}
          />
          <AnimatedMeme meme={meme.data} />
        </span>
        <CardMarks />
        <figcaption>
          {name && <span>{t('share.by', { name })}</span>}{' '}
          <span>{t('share.likes', { count: meme.data.likes })}</span>{' '}
          <span className="shared-meme__ai" data-testid="ai-label">
            {t('trust.aiLabel')}
          </span>
        </figcaption>
      </figure>
      {isInsideTelegram() ? (
        <Link className="button button--hero" to="/main">
          {t('share.makeYourOwn')}
        </Link>
      ) : (
        <a className="button button--hero" href={memeLink(shareId)}>
          {t('share.makeYourOwn')}
        </a>
      )}
      <SharedMemePitch />
    </div>
  );
}
