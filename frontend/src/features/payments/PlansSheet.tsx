import { useTranslation } from 'react-i18next';

import { Dialog } from '../../ui/Dialog';
import { useUser } from '../session';
import { PlanList } from './PlanList';
import type { OpenInvoice } from './usePurchase';

/** Which plans a sheet offers: credit packs (credits ran out), swipe packs (swipes ran out), boosts. */
export type PlansSheetKind = 'credits' | 'swipes' | 'boost';

const PLAN_KIND = { credits: 'credit_pack', swipes: 'swipe_pack', boost: 'boost' } as const;

/**
 * The plans where a player runs out, over any screen: at 0 credits "You have run out of credits :("
 * with the credit packs, without swipes the swipe packs, or the boosts (premium templates).
 */
export function PlansSheet({
  kind,
  onClose,
  openInvoice,
}: {
  kind: PlansSheetKind;
  onClose: () => void;
  openInvoice?: OpenInvoice;
}) {
  const { t } = useTranslation();
  const user = useUser();
  const title =
    kind === 'credits'
      ? user.generationLimit < 1
        ? t('errors.outOfCredits')
        : t('payments.creditPacks')
      : kind === 'swipes'
        ? user.swipes < 1
          ? t('payments.outOfSwipes')
          : t('payments.swipePacks')
        : t('payments.boosts');
  return (
    <Dialog title={title} onClose={onClose}>
      <p className="muted">{t(`payments.${kind}Text`)}</p>
      <PlanList kind={PLAN_KIND[kind]} openInvoice={openInvoice} />
    </Dialog>
  );
}
