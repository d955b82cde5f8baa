import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { isLimitReached } from '../features/balance';
import { CreateMeme } from '../features/create-meme';
import { FeedSection } from '../features/feed';
import { PlansSheet } from '../features/payments';
import { useUser } from '../features/session';
import { SwipeDeck } from '../features/swipes';
import { haptic } from '../telegram/sdk';
import { CreateFab } from '../ui/brand/CreateFab';
import { PlusIcon } from '../ui/icons';
import './MainPage.css';

/** /main: the swipe deck, the main action (create a meme), and the feed with its bets. */
export function MainPage() {
  const { t } = useTranslation();
  const user = useUser();
  const [creating, setCreating] = useState(false);
  const [plans, setPlans] = useState(false);

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
        <p className="hero-card__credits" data-counter="credits">
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

      <FeedSection />

      {!creating && (
        <CreateFab
          label={t('main.createButton')}
          onClick={() => {
            haptic.tap();
            setCreating(true);
          }}
        />
      )}

      {creating && <CreateMeme onClose={() => setCreating(false)} />}
      {plans && <PlansSheet kind="credits" onClose={() => setPlans(false)} />}
    </div>
  );
}
