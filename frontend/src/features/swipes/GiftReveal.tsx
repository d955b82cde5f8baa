import type { GiftKind, OpenedGiftDto } from '@mememint/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { GiftArt } from '../../ui/brand/brand-art';
import { RocketIcon } from '../../ui/brand/game-icons';
import { formatNumber } from '../balance';
import { Gain, GainIcon, MomentFrame, type CounterKind } from '../moments';
import { useOpenGift } from './api/open-gift';

/** The counter each kind of prize goes to (a boost has none). */
const COUNTER: Record<GiftKind, CounterKind | null> = {
  coins: 'coins',
  credits: 'credits',
  swipes: 'swipes',
  boost: null,
};

/** The balance a prize went to, as it stands after it. */
function balanceAfter(gift: OpenedGiftDto): number {
  if (gift.kind === 'credits') return gift.balances.generationLimit;
  if (gift.kind === 'swipes') return gift.balances.swipes;
  return gift.balances.memeCoins;
}

/**
 * A gift's reveal, full screen (issue 27): the box wobbles until "Open", then its lid flies off and the
 * prize shows with the balance it went to, its coins flying to the counter. "Later" (or Back, or a tap
 * beside it) keeps the gift for the gift button over the deck.
 */
export default function GiftReveal({ pending, onClose }: { pending: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [opened, setOpened] = useState<OpenedGiftDto | null>(null);
  const openGift = useOpenGift({ onSuccess: setOpened });
  const stage = opened ? 'opened' : openGift.isPending ? 'opening' : 'closed';
  const counter = opened && COUNTER[opened.kind];

  return (
    <MomentFrame
      key={opened?.id ?? 'closed'}
      testId="gift-reveal"
      title={opened ? t('swipes.giftOpenedTitle') : t('swipes.giftTitle')}
      onSkip={onClose}
      art={
        <span className={`gift-reveal gift-reveal--${stage}`}>
          <GiftArt size={150} />
          {opened && (
            <span className={`moment__badge gift-reveal__prize-art moment__badge--${opened.kind}`}>
              {counter ? (
                <GainIcon counter={counter} size={counter === 'coins' ? 100 : 56} />
              ) : (
                <RocketIcon size={56} />
              )}
            </span>
          )}
        </span>
      }
      actions={
        opened ? (
          pending > 0 ? (
            <>
              <button type="button" className="button" onClick={() => setOpened(null)}>
                {t('swipes.openNext')}
              </button>
              <button type="button" className="button button--secondary" onClick={onClose}>
                {t('common.done')}
              </button>
            </>
          ) : (
            <button type="button" className="button" onClick={onClose}>
              {t('common.done')}
            </button>
          )
        ) : (
          <>
            <button
              type="button"
              className="button"
              disabled={openGift.isPending}
              onClick={() => openGift.mutate()}
            >
              {t('swipes.openGift')}
            </button>
            <button type="button" className="button button--secondary" onClick={onClose}>
              {t('moments.later')}
            </button>
          </>
        )
      }
    >
      {opened ? (
        <div className="gift-reveal__prize" data-testid="gift-prize">
          {counter ? (
            <Gain counter={counter} label={t(`swipes.prize.${opened.kind}`, { count: opened.amount })} />
          ) : (
            <p className="moment__gain">{t('swipes.prize.boost', { count: opened.amount })}</p>
          )}
          {counter && (
            <p className="moment__balance" data-testid="gift-balance">
              {t(`moments.balance.${counter}`, {
                count: balanceAfter(opened),
                value: formatNumber(balanceAfter(opened), i18n.language),
              })}
            </p>
          )}
        </div>
      ) : (
        <p className="moment__text">{t('moments.giftHint')}</p>
      )}
    </MomentFrame>
  );
}
