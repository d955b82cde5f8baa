import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { PLANS_PATH } from '../../lib/config';
import { Dialog } from '../../ui/Dialog';
import { CoinIcon, SwipeIcon } from '../../ui/icons';
import { useUser } from '../session';
import { swipeBar } from './format';
import './balance.css';

/** What the top menu's coins and swipes are, in full, and where credits come from (a tap on them). */
export function BalanceSheet({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const user = useUser();
  const swipes = swipeBar(user.swipes);
  const number = (value: number) => value.toLocaleString(i18n.language);
  return (
    <Dialog title={t('balance.title')} onClose={onClose}>
      <dl className="balance-list">
        <div className="balance-row" data-testid="balance-coins">
          <dt>
            <CoinIcon size={22} /> {t('menu.coins')}
          </dt>
          <dd>{number(user.memeCoins)}</dd>
          <dd className="balance-row__hint muted">{t('balance.coinsText')}</dd>
        </div>
        <div className="balance-row" data-testid="balance-swipes">
          <dt>
            <SwipeIcon size={22} /> {t('menu.swipes')}
          </dt>
          <dd>{t('balance.swipesValue', { current: number(swipes.current), max: number(swipes.max) })}</dd>
          <dd className="balance-row__hint muted">{t('balance.swipesText')}</dd>
        </div>
        <div className="balance-row" data-testid="balance-credits">
          <dt>{t('profile.creditsLeft')}</dt>
          <dd>{number(user.generationLimit)}</dd>
          <dd className="balance-row__hint muted">{t('balance.creditsText')}</dd>
        </div>
      </dl>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => {
          onClose();
          void navigate(PLANS_PATH);
        }}
      >
        {t('create.seeCreditPacks')}
      </button>
    </Dialog>
  );
}
