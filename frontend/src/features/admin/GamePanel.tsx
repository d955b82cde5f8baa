import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useApiClient } from '../../lib/api-context';
import { QueryFallback } from '../../ui/QueryFallback';
import { toast } from '../../ui/toast';
import { adminApi, adminKeys } from './api';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/** The meme of the day of one UTC day: its state, its leaders, and settling it once. */
export function GamePanel() {
  const { t, i18n } = useTranslation();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [date, setDate] = useState(yesterday);
  const [confirming, setConfirming] = useState(false);
  const [force, setForce] = useState(false);
  const query = useQuery({
    queryKey: adminKeys.feedDay(date),
    queryFn: () => adminApi.feedDay(client, date),
  });
  const settle = useMutation({
    mutationFn: () => adminApi.settle(client, date, force),
    onSuccess: () => {
      toast.success(t('admin.game.settledToast'));
      void queryClient.invalidateQueries({ queryKey: adminKeys.feedDay(date) });
    },
    onSettled: () => setConfirming(false),
  });
  const day = query.data;
  return (
    <div className="console-panel">
      <label className="console-row">
        {t('admin.game.day')}
        <input type="date" value={date} onChange={(e) => e.target.value && setDate(e.target.value)} />
      </label>
      {!day ? (
        <QueryFallback query={query} />
      ) : (
        <section className="console-card" data-testid="feed-day">
          <p>
            <strong>
              {day.settlement
                ? t('admin.game.settled', {
                    date: new Date(day.settlement.settledAt).toLocaleString(i18n.language),
                  })
                : t('admin.game.notSettled')}
            </strong>
          </p>
          <p>{t('admin.game.votes', { count: day.votes.count, pool: day.votes.pool })}</p>
          {day.settlement &&
            (day.settlement.memeId ? (
              <p>
                {t('admin.game.winner', { likes: day.settlement.likes, reward: day.settlement.authorReward })}
              </p>
            ) : (
              <p>{t('admin.game.noWinner')}</p>
            ))}
          <h3>{t('admin.game.leaders')}</h3>
          <ul className="console-list">
            {day.leaders.map((meme) => (
              <li key={meme.memeId} className="console-item">
                <img className="console-item__thumb" src={meme.thumbnailUrl} alt="" loading="lazy" />
                <span>{t('admin.game.likes', { likes: meme.likes, votes: meme.votes })}</span>
              </li>
            ))}
          </ul>
          {!day.settlement && (
            <>
              {!day.ended && (
                <label className="console-check">
                  <input type="checkbox" checked={force} onChange={(e) => setForce(e.target.checked)} />
                  {t('admin.game.force')}
                </label>
              )}
              <button
                type="button"
                className="button"
                disabled={!day.ended && !force}
                onClick={() => setConfirming(true)}
              >
                {t('admin.game.settle')}
              </button>
            </>
          )}
        </section>
      )}
      {confirming && (
        <ConfirmDialog
          confirmLabel={t('admin.confirm')}
          question={t('admin.game.settleConfirm', { date })}
          busy={settle.isPending}
          onConfirm={() => settle.mutate()}
          onClose={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
