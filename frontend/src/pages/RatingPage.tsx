import type { RatingPeriod } from '@mememint/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PlayerBoard } from '../features/rating';
import { SquadChooser } from '../features/squads';
import { haptic } from '../telegram/sdk';
import { ChoiceGroup } from '../ui/ChoiceGroup';

const TABS = ['yours', 'global', 'squad', 'chooseSquad'] as const;
const PERIODS = ['allTime', 'perDay', 'perWeek', 'perMonth'] as const;
const API_PERIOD: Record<(typeof PERIODS)[number], RatingPeriod> = {
  allTime: 'all',
  perDay: 'day',
  perWeek: 'week',
  perMonth: 'month',
};

/** Rating (docs/SPEC.md §2): four tabs and a period sort; the global board updates live while open. */
export function RatingPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<(typeof TABS)[number]>('yours');
  const [period, setPeriod] = useState<(typeof PERIODS)[number]>('allTime');
  const apiPeriod = API_PERIOD[period];
  return (
    <div className="page">
      <h1>{t('rating.title')}</h1>
      <ChoiceGroup
        kind="tab"
        options={TABS}
        value={tab}
        onChange={(key) => {
          haptic.select();
          setTab(key);
        }}
        label={(key) => t(`rating.${key}`)}
        className="tabs"
        itemClassName="tab"
      />
      {tab !== 'chooseSquad' && (
        <label className="field field--inline">
          <select
            className="input"
            aria-label={t('rating.period')}
            value={period}
            onChange={(e) => setPeriod(e.target.value as (typeof PERIODS)[number])}
          >
            {PERIODS.map((key) => (
              <option key={key} value={key}>
                {t(`rating.${key}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      {tab === 'yours' && <PlayerBoard tab="me" period={apiPeriod} />}
      {tab === 'global' && <PlayerBoard tab="global" period={apiPeriod} />}
      {tab === 'squad' && (
        <PlayerBoard
          tab="squad"
          period={apiPeriod}
          noSquad={
            <div className="empty">
              <p>{t('rating.noSquad')}</p>
              <button type="button" className="button button--small" onClick={() => setTab('chooseSquad')}>
                {t('rating.chooseSquad')}
              </button>
            </div>
          }
        />
      )}
      {tab === 'chooseSquad' && <SquadChooser />}
    </div>
  );
}
