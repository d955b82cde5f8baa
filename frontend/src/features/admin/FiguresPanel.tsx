import type { AdminDayFiguresDto } from '@mememint/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useApiClient } from '../../lib/api-context';
import { QueryFallback } from '../../ui/QueryFallback';
import { adminApi, adminKeys } from './api';
import { LineChart, type ChartSeries } from './LineChart';

type Figure = Exclude<keyof AdminDayFiguresDto, 'day'>;

const COLORS = ['#2ea6ff', '#2eaa5c', '#e5383b'];

/** The charts: each a group of the day's figures (labels under `admin.figures.`). */
const GROUPS: { title: string; figures: [Figure, string][] }[] = [
  {
    title: 'players',
    figures: [
      ['newPlayers', 'newPlayers'],
      ['activePlayers', 'activePlayers'],
    ],
  },
  {
    title: 'generations',
    figures: [
      ['generationsDone', 'done'],
      ['generationsFailed', 'failed'],
      ['generationsRefunded', 'refunded'],
    ],
  },
  {
    title: 'play',
    figures: [
      ['swipes', 'swipes'],
      ['likes', 'likes'],
    ],
  },
  {
    title: 'bets',
    figures: [
      ['betsPlaced', 'betsPlaced'],
      ['betsReturned', 'betsReturned'],
    ],
  },
  {
    title: 'stars',
    figures: [
      ['starsPaid', 'starsPaid'],
      ['starsRefunded', 'starsRefunded'],
    ],
  },
  {
    title: 'coins',
    figures: [
      ['coinsEarned', 'coinsEarned'],
      ['coinsSpent', 'coinsSpent'],
    ],
  },
];

/** The game's figures per day (charts and the period's totals) and the queues right now. */
export function FiguresPanel() {
  const { t, i18n } = useTranslation();
  const client = useApiClient();
  const [days, setDays] = useState(30);
  const query = useQuery({
    queryKey: adminKeys.figures(days),
    queryFn: () => adminApi.figures(client, days),
  });
  const data = query.data;
  const charts = useMemo(
    () =>
      data &&
      GROUPS.map((group) => ({
        title: t(`admin.figures.${group.title}`),
        series: group.figures.map(([figure, label], index): ChartSeries => ({
          label: t(`admin.figures.${label}`),
          values: data.days.map((day) => day[figure]),
          color: COLORS[index]!,
        })),
        totals: group.figures.map(([figure, label]) => ({
          label: t(`admin.figures.${label}`),
          total: data.days.reduce((sum, day) => sum + day[figure], 0),
        })),
      })),
    [data, t],
  );
  const dayList = useMemo(() => data?.days.map((day) => day.day) ?? [], [data]);
  return (
    <div className="console-panel" data-testid="figures">
      <label className="console-row">
        {t('admin.figures.days')}
        <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
          {[7, 14, 30, 90].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      {!data || !charts ? (
        <QueryFallback query={query} />
      ) : (
        <>
          <section className="console-card">
            <h3>{t('admin.figures.queues')}</h3>
            <ul className="console-list console-list--plain">
              {data.queues.map((queue) => (
                <li key={queue.name}>{t('admin.figures.queue', { ...queue })}</li>
              ))}
            </ul>
            <p className="console-hint">
              {t('admin.figures.computedAt', {
                time: new Date(data.computedAt).toLocaleTimeString(i18n.language),
              })}
            </p>
          </section>
          <div className="console-charts">
            {charts.map((chart) => (
              <section key={chart.title} className="console-card">
                <LineChart
                  days={dayList}
                  series={chart.series}
                  title={chart.title}
                  dayLabel={t('admin.game.day')}
                />
                <p className="console-hint">
                  {t('admin.figures.total')}:{' '}
                  {chart.totals.map((total) => `${total.label} ${total.total}`).join(' · ')}
                </p>
              </section>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
