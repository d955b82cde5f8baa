import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSocket } from '../../lib/realtime';
import { haptic } from '../../telegram/sdk';
import { toast } from '../../ui/toast';

/** The boost's bonus credits of the day (`boost:daily-bonus`), said with a toast. */
export function useDailyBonusToast(): void {
  const socket = useSocket();
  const { t } = useTranslation();
  useEffect(() => {
    if (!socket) return;
    const onBonus = ({ credits }: { credits: number }) => {
      haptic.success();
      toast.success(t('payments.dailyBonus', { count: credits }));
    };
    socket.on('boost:daily-bonus', onBonus);
    return () => {
      socket.off('boost:daily-bonus', onBonus);
    };
  }, [socket, t]);
}
