import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isLimitReached } from '../features/balance';
import { CreateMeme } from '../features/create-meme';
import { PlansSheet } from '../features/payments';
import { useUser } from '../features/session';
import { SwipeDeck } from '../features/swipes';
import { haptic } from '../telegram/sdk';
import { ChoiceGroup } from '../ui/ChoiceGroup';
import { PlusIcon } from '../ui/icons';

const PERIODS = ['periodDay', 'periodWeek', 'periodMonth', 'periodAll'] as const;
const SORTS = ['sortTop', 'sortNew'] as const;

/** /main: the main action (create a meme) above the feed. */
export function MainPage() {
  const { t } = useTranslation();
  const user = useUser();
  const [creating, setCreating] = useState(false);
  const [plans, setPlans] = useState(false);
  const [period, setPeriod] = useState<(typeof PERIODS)[number]>('periodDay');
  const [sort, setSort] = useState<(typeof SORTS)[number]>('sortTop');

  return (
    <div className="page">
      <SwipeDeck />

      <section className="hero-card">
        <h1>{t('main.createTitle')}</h1>
        <p>{t('main.createText')}</p>
        <button
          type="button"
          className="button button--hero"
          onClick={() => {
            haptic.tap();
            setCreating(true);
          }}
        >
          <PlusIcon size={20} /> {t('main.createButton')}
        </button>
        <p className="hero-card__credits">
          {isLimitReached(user.generationLimit)
            ? t('main.noCredits')
            : t('main.creditsLeft', { count: user.generationLimit })}
        </p>
        {isLimitReached(user.generationLimit) && (
          <button
            type="button"
            className="button button--small hero-card__plans"
            onClick={() => setPlans(true)}
          >
            {t('payments.seeCreditPacks')}
          </button>
        )}
      </section>

      <div className="shortcuts">
        <Link to="/airdrop" className="shortcut">
          {t('menu.airdrop')}
        </Link>
        <Link to="/stickers" className="shortcut">
          {t('menu.stickers')}
        </Link>
      </div>

      <section className="section">
        <h2>{t('main.feedTitle')}</h2>
        <ChoiceGroup
          kind="tab"
          options={PERIODS}
          value={period}
          onChange={setPeriod}
          label={(key) => t(`main.${key}`)}
          className="chips"
          itemClassName="chip"
        />
        <ChoiceGroup
          kind="tab"
          options={SORTS}
          value={sort}
          onChange={setSort}
          label={(key) => t(`main.${key}`)}
          className="chips chips--small"
          itemClassName="chip"
        />
        <p className="empty">{t('main.feedEmpty')}</p>
      </section>

      {creating && <CreateMeme onClose={() => setCreating(false)} />}
      {plans && <PlansSheet kind="credits" onClose={() => setPlans(false)} />}
    </div>
  );
}
