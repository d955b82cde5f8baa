import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError, NetworkError } from '../../lib/api-errors';
import { formatCountdown, useCountdown } from '../../ui/useCountdown';
import { CreditPackOffers } from '../payments';

/**
 * Why a generation did not start, next to the button, with the way on: the time to the next free
 * generation and the credit packs (429), the boost plans (402), or a fresh tap once back online —
 * the request is never sent again by itself. The error toast has said it too. An animation refused
 * with 402 lacked credits (the free generation covers stills only): the way on is the credit packs.
 */
export function StartRefusal({
  error,
  animated = false,
  onSeePlans,
}: {
  error: Error;
  animated?: boolean;
  onSeePlans: () => void;
}) {
  const { t } = useTranslation();
  const retryAfter = error instanceof ApiError && error.status === 429 ? error.body?.retryAfter : undefined;
  const [freeAt] = useState(() => (retryAfter ? Date.now() + retryAfter * 1000 : null));
  const secondsLeft = useCountdown(freeAt);

  if (error instanceof NetworkError) {
    return (
      <div className="notice-box" role="status">
        <p className="error-text">{t('errors.badConnection')}</p>
        <p className="muted">{t('create.offlineNotSent')}</p>
      </div>
    );
  }
  if (!(error instanceof ApiError)) return null;
  if (error.status === 429) {
    return (
      <div className="notice-box" role="status">
        <p className="error-text">{t('errors.requestLimit')}</p>
        {freeAt !== null && (
          <p data-testid="free-countdown">
            {secondsLeft > 0
              ? t('create.nextFreeIn', { time: formatCountdown(secondsLeft) })
              : t('create.freeAvailable')}
          </p>
        )}
        <CreditPackOffers />
        <button type="button" className="button button--small button--secondary" onClick={onSeePlans}>
          {t('create.seeCreditPacks')}
        </button>
      </div>
    );
  }
  if (error.status === 402 && animated) {
    return (
      <div className="notice-box" role="status">
        <p className="error-text">{t('errors.paymentRequired')}</p>
        <p className="muted">{t('create.animationNeedsCredits')}</p>
        <CreditPackOffers />
        <button type="button" className="button button--small button--secondary" onClick={onSeePlans}>
          {t('create.seeCreditPacks')}
        </button>
      </div>
    );
  }
  if (error.status === 402) {
    return (
      <div className="notice-box" role="status">
        <p className="error-text">{t('errors.paymentRequired')}</p>
        <p className="muted">{t('create.premiumNeedsBoost')}</p>
        <button type="button" className="button button--small button--secondary" onClick={onSeePlans}>
          {t('create.seeBoostPlans')}
        </button>
      </div>
    );
  }
  return null;
}
