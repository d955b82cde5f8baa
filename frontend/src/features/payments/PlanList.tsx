import type { PlanKind } from '@mememint/contracts';
import { useTranslation } from 'react-i18next';

import { StarIcon } from '../../ui/icons';
import { usePlans, type PlanOf } from './api/get-plans';
import { usePurchase, type OpenInvoice, type PurchaseStep } from './usePurchase';
import './payments.css';
import { QueryFallback } from '../../ui/QueryFallback';

/** What a plan gives, in one line. */
function useGrantText() {
  const { t } = useTranslation();
  return <K extends PlanKind>(kind: K, plan: PlanOf[K]): string => {
    if (kind === 'boost') {
      const boost = plan as PlanOf['boost'];
      return t('payments.boostGrants', {
        days: t('payments.days', { count: boost.days }),
        bonus: t('plans.bonusCredits', { count: boost.bonusCredits }),
        daily: t('plans.dailyCredits', { count: boost.dailyCredits }),
      });
    }
    if (kind === 'swipe_pack') return t('payments.swipes', { count: (plan as PlanOf['swipe_pack']).swipes });
    return t('payments.credits', { count: (plan as PlanOf['credit_pack']).credits });
  };
}

const STEP_TEXT: Record<PurchaseStep, string> = {
  ordering: 'payments.ordering',
  paying: 'payments.paying',
  confirming: 'payments.confirming',
};

/** The plans of one kind, each with its price in Stars as the buy button. */
export function PlanList({ kind, openInvoice }: { kind: PlanKind; openInvoice?: OpenInvoice }) {
  const { t, i18n } = useTranslation();
  const plans = usePlans(kind);
  const { purchase, buy } = usePurchase(kind, openInvoice);
  const grantText = useGrantText();

  if (!plans.data) return <QueryFallback query={plans} />;
  if (!plans.data.items.length) return <p className="empty">{t('payments.none')}</p>;
  return (
    <ul className="plans card-list" data-testid={`plans-${kind}`}>
      {plans.data.items.map((plan) => {
        const active = purchase?.planId === plan.id;
        return (
          <li key={plan.id} className={`plan card-row${kind === 'boost' ? ' plan--premium' : ''}`}>
            <div className="plan__text card-row__text">
              <span className="plan__title card-row__title">{plan.title}</span>
              {/* The operator's description says what it gives; else the plain facts. */}
              <span className="plan__description card-row__description muted">
                {plan.description || grantText(kind, plan)}
              </span>
            </div>
            <button
              type="button"
              className="button button--small plan__buy"
              disabled={purchase !== null}
              aria-label={t('payments.buy', { title: plan.title, count: plan.stars })}
              aria-busy={active}
              onClick={() => void buy(plan.id)}
            >
              {active ? (
                t(STEP_TEXT[purchase.step])
              ) : (
                <>
                  <StarIcon size={16} /> {plan.stars.toLocaleString(i18n.language)}
                </>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
