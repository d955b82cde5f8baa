import type { ReferralsResponse } from '@mememint/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { celebrate } from '../moments';

const seenKey = (tgId: number) => `mm_referrals_seen:${tgId}`;

type Seen = { invited: number; coins: number };

function readSeen(tgId: number): Seen | null {
  try {
    return JSON.parse(localStorage.getItem(seenKey(tgId)) ?? 'null') as Seen | null;
  } catch {
    return null;
  }
}

/**
 * A referral's moment on the invite page: friends who joined, or whose first meme paid, since this
 * device last showed the counters. The first visit only remembers them.
 */
export function useReferralMoments(tgId: number, counters: ReferralsResponse | undefined): void {
  const { t } = useTranslation();
  const invited = counters?.invitedCount;
  const coins = counters?.referalCoins;
  useEffect(() => {
    if (invited === undefined || coins === undefined) return;
    const seen = readSeen(tgId);
    try {
      localStorage.setItem(seenKey(tgId), JSON.stringify({ invited, coins }));
    } catch {
      return;
    }
    if (!seen) return;
    if (coins > seen.coins)
      celebrate({
        kind: 'referral',
        title: t('moments.referralPaidTitle'),
        text: t('moments.referralPaidText'),
        gain: { counter: 'coins', amount: coins - seen.coins },
      });
    else if (invited > seen.invited)
      celebrate({
        kind: 'referral',
        title: t('moments.referralTitle'),
        text: t('moments.referralText', { count: invited - seen.invited }),
      });
  }, [tgId, invited, coins, t]);
}
