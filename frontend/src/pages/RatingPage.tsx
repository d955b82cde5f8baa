import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { haptic } from '../telegram/sdk';
import { ChoiceGroup } from '../ui/ChoiceGroup';

const TABS = ['yours', 'global', 'squad', 'chooseSquad'] as const;
const PERIODS = ['allTime', 'perDay', 'perWeek', 'perMonth'] as const;

/** Rating (SEED-SPEC §2): four tabs and a period sort; the boards arrive with the rating API. */
export function RatingPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<(typeof TABS)[number]>('yours');
  const [period, setPeriod] = useState<(typeof PERIODS)[number]>('allTime');
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
      <p className="empty">{tab === 'squad' ? t('rating.noSquad') : t('rating.empty')}</p>
    </div>
  );
}
