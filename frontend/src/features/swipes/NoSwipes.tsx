import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { sessionKeys } from '../session';
import { useSwipesUsed } from './api/get-swipes-used';
import { swipeKeys } from './api/keys';

/** `m:ss` (or `h:mm:ss`) until `at`; 0:00 once it passed. */
export function countdown(at: string | null, now: number): string {
  const left = at ? Math.max(0, Math.ceil((new Date(at).getTime() - now) / 1000)) : 0;
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = String(left % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** "No swipes left" with the refill countdown; at 0 the player's balance is asked again. */
export function NoSwipes({ onBuy }: { onBuy: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const used = useSwipesUsed();
  const [now, setNow] = useState(() => Date.now());
  const nextRefillAt = used.data?.nextRefillAt ?? null;

  useEffect(() => {
    if (!nextRefillAt) return;
    const timer = setInterval(() => {
      setNow(Date.now());
      if (new Date(nextRefillAt).getTime() <= Date.now()) {
        clearInterval(timer);
        void queryClient.invalidateQueries({ queryKey: sessionKeys.me() });
        void queryClient.invalidateQueries({ queryKey: swipeKeys.used() });
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [nextRefillAt, queryClient]);

  return (
    <div className="swipe-deck__state" data-testid="no-swipes">
      <h3>{t('payments.outOfSwipes')}</h3>
      {nextRefillAt && (
        <p className="muted" role="timer">
          {t('swipes.nextRefill', { time: countdown(nextRefillAt, now) })}
        </p>
      )}
      <button type="button" className="button button--small" onClick={onBuy}>
        {t('swipes.buy')}
      </button>
    </div>
  );
}
