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
import { TicketIcon } from '../ui/brand/game-icons';
import './MainPage.css';

/**
 * /main: the swipe deck first, the credits left, and the feed with its bets; Create floats above the
 * bottom nav (issue 27: always in reach, no card below the deck).
 */
export function MainPage() {
  const { t } = useTranslation();
  const user = useUser();
  const [creating, setCreating] = useState(false);
  const [plans, setPlans] = useState(false);

  return (
    <div className="page page--with-fab">
      <SwipeDeck />

      {/* Left of the Create button's place: nothing to tap sits under it. */}
      <div className="main-foot">
        <div className="main-credits">
          <p className="main-credits__count" data-counter="credits">
            <TicketIcon size={18} />
            {isLimitReached(user.generationLimit)
              ? t('main.noCredits')
              : t('main.creditsLeft', { count: user.generationLimit })}
          </p>
          {isLimitReached(user.generationLimit) && (
            <button type="button" className="button button--small" onClick={() => setPlans(true)}>
              {t('payments.seeCreditPacks')}
            </button>
          )}
        </div>

        <div className="shortcuts">
          <Link to="/airdrop" className="shortcut">
            {t('menu.airdrop')}
          </Link>
          <Link to="/stickers" className="shortcut">
            {t('menu.stickers')}
          </Link>
        </div>
      </div>

      <FeedSection />

      {!creating && (
        <CreateFab
          label={t('main.createButton')}
          text={t('main.createShort')}
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
