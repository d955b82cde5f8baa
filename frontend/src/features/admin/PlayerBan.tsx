import type { AdminUserDto } from '@mememint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { useApiClient } from '../../lib/api-context';
import { toast } from '../../ui/toast';
import { adminApi, adminKeys } from './api';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { playerName } from './PlayersPanel';

/** The ban API's limits (`BanRequestDto`): a reason is required, days are 1…36500 or absent. */
const MAX_DAYS = 36_500;
const daysError = (days: string): boolean =>
  days !== '' && !(/^[1-9][0-9]{0,4}$/.test(days) && Number(days) <= MAX_DAYS);

/** The ban in force with its Unban button, or the form that bans (both confirmed first). */
export function PlayerBan({ player }: { player: AdminUserDto }) {
  const { t, i18n } = useTranslation();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('');
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.user(player.tgId) });
  const change = useMutation({
    mutationFn: async (): Promise<void> => {
      if (player.ban) await adminApi.unban(client, player.tgId);
      else await adminApi.ban(client, player.tgId, reason.trim(), days ? Number(days) : undefined);
    },
    onSuccess: () => {
      toast.success(t(player.ban ? 'admin.players.unbanned' : 'admin.players.bannedToast'));
      setReason('');
      setDays('');
      void refresh();
    },
    onSettled: () => setConfirming(false),
  });
  const name = playerName(player);
  const dialog = confirming && (
    <ConfirmDialog
      confirmLabel={t('admin.confirm')}
      question={
        player.ban
          ? t('admin.players.unbanConfirm', { name })
          : days
            ? t('admin.players.banConfirmDays', { name, count: Number(days) })
            : t('admin.players.banConfirm', { name })
      }
      busy={change.isPending}
      onConfirm={() => change.mutate()}
      onClose={() => setConfirming(false)}
    />
  );

  if (player.ban)
    return (
      <section className="console-card" data-testid="player-ban">
        <h3>{t('admin.players.ban')}</h3>
        <p>
          {player.ban.until
            ? t('admin.players.bannedUntil', {
                date: new Date(player.ban.until).toLocaleString(i18n.language),
              })
            : t('admin.players.bannedForever')}
        </p>
        <p className="console-hint">{t('admin.players.banReason', { reason: player.ban.reason })}</p>
        <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
          {t('admin.players.unban')}
        </button>
        {dialog}
      </section>
    );

  const badDays = daysError(days);
  const valid = reason.trim() !== '' && !badDays;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid) setConfirming(true);
  };
  return (
    <form className="console-card console-form" onSubmit={submit} data-testid="player-ban">
      <h3>{t('admin.players.ban')}</h3>
      <label>
        {t('admin.players.reason')}
        <input required maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      <label>
        {t('admin.players.banDays')}
        <input
          inputMode="numeric"
          value={days}
          aria-invalid={badDays}
          onChange={(e) => setDays(e.target.value.trim())}
        />
      </label>
      {badDays && (
        <p className="console-hint console-negative" role="alert">
          {t('admin.players.banDaysInvalid', { max: MAX_DAYS })}
        </p>
      )}
      <button type="submit" className="button button--danger" disabled={!valid}>
        {t('admin.players.banButton')}
      </button>
      {dialog}
    </form>
  );
}
