import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { useAutoplay } from '../../lib/data-saver';
import { useOnScreen } from '../../lib/useOnScreen';
import './meme-video.css';

const stop = (event: SyntheticEvent) => event.stopPropagation();

export interface MemeVideoProps {
  /** The MP4 (H.264, faststart). */
  src: string;
  durationMs: number | null;
  /**
   * Whether the card is the one in view (the deck's top card); left out, the card plays while at least
   * half of it is on screen (feed, history).
   */
  active?: boolean;
  /** Inside a card that is itself a button (history's tiles): the play mark is not a button of its own. */
  tappable?: boolean;
}

/**
 * An animated meme over its poster (the picture under it, already shown): a muted, looping, inline
 * `<video>` that plays only while its card is in view, and is fetched only once it first plays. With
 * the data saver on, a slow connection or "reduce motion", the poster stays with a play button.
 * Never any sound.
 */
export function MemeVideo({ src, durationMs, active, tappable = true }: MemeVideoProps) {
  const { t } = useTranslation();
  const autoplay = useAutoplay();
  const [box, setBox] = useState<HTMLSpanElement | null>(null);
  // At least half on screen (always, where there is no IntersectionObserver).
  const onScreen = useOnScreen(box, { threshold: 0.5, fallback: true }, active === undefined);
  const inView = active ?? onScreen;
  // The player tapped play on a poster: it plays while in view, as if autoplay were on.
  const [chosen, setChosen] = useState(false);
  const play = inView && (autoplay || chosen);
  // Fetched once it first plays; kept (paused) after, so coming back into view resumes at once.
  const [started, setStarted] = useState(false);
  const [playing, setPlaying] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  if (play && !started) setStarted(true);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    // React sets `muted` as a property only after the first render: browsers refuse sound on autoplay.
    element.muted = true;
    if (play) element.play()?.catch(() => setPlaying(false));
    else element.pause();
  }, [play, started]);

  const seconds = durationMs === null ? null : (durationMs / 1000).toFixed(1);
  return (
    <span ref={setBox} className="meme-video" data-playing={playing ? '' : undefined}>
      {started && (
        <video
          ref={video}
          className="meme-video__video"
          data-testid="meme-video"
          src={src}
          muted
          loop
          playsInline
          autoPlay={false}
          preload="auto"
          aria-hidden
          onPlaying={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
        />
      )}
      {!autoplay &&
        !chosen &&
        (tappable ? (
          <span className="meme-video__overlay" onClick={stop} onPointerDown={stop}>
            <button
              type="button"
              className="meme-video__play"
              aria-label={t('animation.play')}
              data-testid="meme-video-play"
              onClick={() => setChosen(true)}
            >
              <PlayMark />
            </button>
          </span>
        ) : (
          <span className="meme-video__play" aria-hidden>
            <PlayMark />
          </span>
        ))}
      <span className="media-pill meme-video__badge" data-testid="animation-badge">
        <span className="meme-video__badge-label">{t('animation.badge')}</span>
        {seconds !== null && <span>{t('animation.seconds', { seconds })}</span>}
      </span>
    </span>
  );
}

function PlayMark() {
  return (
    <svg width={28} height={28} viewBox="0 0 24 24" aria-hidden fill="currentColor">
      <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5z" />
    </svg>
  );
}
