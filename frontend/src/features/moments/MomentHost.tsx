import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

import { MintCoin } from '../../ui/brand/brand-art';
import {
  CheckIcon,
  RocketIcon,
  SparkIcon,
  TicketIcon,
  TrophyIcon,
  UsersIcon,
} from '../../ui/brand/game-icons';
import { flyToCounter } from './fly-to-counter';
import { MomentFrame } from './MomentFrame';
import { dismissMoment, subscribeMoments, type CounterKind, type Moment, type MomentKind } from './moments';

const ART: Record<MomentKind, ComponentType<{ size?: number }>> = {
  memeOfTheDay: TrophyIcon,
  quest: CheckIcon,
  referral: UsersIcon,
  boost: RocketIcon,
};

/** The icon of what a gain adds to. */
export function GainIcon({ counter, size = 28 }: { counter: CounterKind; size?: number }) {
  if (counter === 'coins') return <MintCoin size={size} />;
  if (counter === 'credits') return <TicketIcon size={size} />;
  return <SparkIcon size={size} />;
}

/** What a moment brought, its coins flying to the counter once it shows. */
export function Gain({ counter, label }: { counter: CounterKind; label: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => ref.current && flyToCounter(ref.current, counter));
    return () => cancelAnimationFrame(frame);
  }, [counter]);
  return (
    <p ref={ref} className={`moment__gain moment__gain--${counter}`} data-testid="moment-gain">
      <GainIcon counter={counter} />
      {label}
    </p>
  );
}

/** Shows the queued moments one by one (rendered once, in App). */
export function MomentHost() {
  const { t } = useTranslation();
  const [queue, setQueue] = useState<readonly Moment[]>([]);
  useEffect(() => subscribeMoments(setQueue), []);
  const moment = queue[0];
  if (!moment) return null;
  const Art = ART[moment.kind];
  const close = () => dismissMoment(moment.id);
  return (
    <MomentFrame
      key={moment.id}
      testId={`moment-${moment.kind}`}
      title={moment.title}
      art={
        <span className={`moment__badge moment__badge--${moment.kind}`}>
          <Art size={56} />
        </span>
      }
      onSkip={close}
      actions={
        <button type="button" className="button" onClick={close}>
          {t('moments.continue')}
        </button>
      }
    >
      <p className="moment__text">{moment.text}</p>
      {moment.gain && (
        <Gain
          counter={moment.gain.counter}
          label={t(`moments.gain.${moment.gain.counter}`, { count: moment.gain.amount })}
        />
      )}
    </MomentFrame>
  );
}
