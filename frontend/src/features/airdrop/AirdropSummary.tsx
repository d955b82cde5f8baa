import type { AirdropDto } from '@mememint/contracts';
import { useTranslation } from 'react-i18next';

import { QueryFallback } from '../../ui/QueryFallback';
import { formatCoins } from '../balance';
import { AirdropProgress } from './AirdropProgress';
import { useAirdrop } from './api/get-airdrop';
import './airdrop.css';

/** Placeholder blocks with the page's shape while the airdrop (or TON Connect) loads. */
export function AirdropSkeleton() {
  const { t } = useTranslation();
  return (
    <div
      className="skeleton-stack"
      role="status"
      aria-label={t('airdrop.loading')}
      data-testid="airdrop-skeleton"
    >
      <div className="skeleton skeleton--line" />
      <div className="skeleton skeleton--line skeleton--short" />
      <div className="skeleton skeleton--button" />
    </div>
  );
}

/** The linked wallet and the player's share of all earned coins (GET /v1/users/airdrop/). */
export function AirdropSummary({ airdrop }: { airdrop: AirdropDto }) {
  const { t, i18n } = useTranslation();
  // Three significant digits: 8.13 %, and a sliver still shows as one (0.000123 %), not 8.1301 %.
  const share = new Intl.NumberFormat(i18n.language, {
    style: 'percent',
    maximumSignificantDigits: 3,
  }).format(airdrop.share);
  return (
    <section className="section" data-testid="airdrop-summary">
      <AirdropProgress airdrop={airdrop} share={share} />
      <p className="airdrop-coins">{t('airdrop.share', { share })}</p>
      <p className="muted airdrop-total">
        {t('airdrop.coinsOfTotal', {
          coins: formatCoins(airdrop.coins),
          total: formatCoins(airdrop.totalCoins),
        })}
      </p>
      {airdrop.address && (
        <p className="success-text airdrop-address" data-testid="airdrop-address">
          {t('airdrop.linked', { address: airdrop.address })}
        </p>
      )}
    </section>
  );
}

/** The player's airdrop share once GET /v1/users/airdrop/ answers: a skeleton until then, "Try again" if it fails. */
export function AirdropShare() {
  const airdrop = useAirdrop();
  if (airdrop.data) return <AirdropSummary airdrop={airdrop.data} />;
  return <QueryFallback query={airdrop} loading={<AirdropSkeleton />} />;
}
