import { useTranslation } from 'react-i18next';

import { BoostStatus } from './BoostStatus';
import { PlanList } from './PlanList';
import type { OpenInvoice } from './usePurchase';

/** The profile's plans (docs/SPEC.md §2 "boost/premium plans"): boosts, credit packs, swipe packs. */
export function Plans({ openInvoice }: { openInvoice?: OpenInvoice }) {
  const { t } = useTranslation();
  return (
    <div className="plans-groups">
      <BoostStatus />
      <h3>{t('payments.boosts')}</h3>
      <PlanList kind="boost" openInvoice={openInvoice} />
      <h3>{t('payments.creditPacks')}</h3>
      <PlanList kind="credit_pack" openInvoice={openInvoice} />
      <h3>{t('payments.swipePacks')}</h3>
      <PlanList kind="swipe_pack" openInvoice={openInvoice} />
    </div>
  );
}
