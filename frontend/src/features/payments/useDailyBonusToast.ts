import { useEffect } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DailyBonusDto } from '@mememint/contracts';

import { useApiClient } from '../../lib/api-context';
import { useSocket } from '../../lib/realtime';
import { haptic } from '../../telegram/sdk';
import { toast } from '../../ui/toast';
import { getDailyBonus } from './api/get-daily-bonus';

/** The last UTC day whose bonus toast was shown on this device. */
const SHOWN_KEY = 'mememint.dailyBonusShown';

/**
 * The boost's bonus credits of the day, said once per day with a toast. The day's first request
 * grants them, usually before the socket is up, so the app asks once it starts; `boost:daily-bonus`
 * covers a day that begins while the app is open.
 */
export function useDailyBonusToast(): void {
  const client = useApiClient();
  const socket = useSocket();
  const { t } = useTranslation();

  useEffect(() => {
    let active = true;
    // A failed check only costs the toast: the credits are in the balance already.
    getDailyBonus(client).then(
      (bonus) => active && announce(bonus, t),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [client, t]);

  useEffect(() => {
    if (!socket) return;
    const onBonus = (bonus: DailyBonusDto) => announce(bonus, t);
    socket.on('boost:daily-bonus', onBonus);
    return () => {
      socket.off('boost:daily-bonus', onBonus);
    };
  }, [socket, t]);
}

function announce({ credits, day }: DailyBonusDto, t: TFunction): void {
  if (credits <= 0 || localStorage.getItem(SHOWN_KEY) === day) return;
  localStorage.setItem(SHOWN_KEY, day);
  haptic.success();
  toast.success(t('payments.dailyBonus', { count: credits }));
}
