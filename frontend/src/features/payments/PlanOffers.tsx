import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { StarIcon } from '../../ui/icons';
import { QueryFallback } from '../../ui/QueryFallback';
import { usePlans } from './api/get-plans';
import './payments.css';

interface Plan {
  id: number;
  title: string;
  stars: number;
}

/** Plans on sale at a glance: title, what they give, price in Stars (buying is in the profile's plans). */
function Offers<T extends Plan>({
  plans,
  detail,
  testId,
}: {
  plans: UseQueryResult<{ items: T[] }>;
  detail: (plan: T) => string;
  testId: string;
}) {
  const { t } = useTranslation();
  if (!plans.data) return <QueryFallback query={plans} />;
  if (!plans.data.items.length) return null;
  return (
    <ul className="offers" data-testid={testId}>
      {plans.data.items.map((plan) => (
        <li key={plan.id} className="offer">
          <span className="offer__title">{plan.title}</span>
          <span className="offer__detail muted">{detail(plan)}</span>
          <span className="offer__price" aria-label={t('plans.price', { count: plan.stars })}>
            <StarIcon size={14} /> {plan.stars}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The credit packs on sale. */
export function CreditPackOffers() {
  const { t } = useTranslation();
  return (
    <Offers
      plans={usePlans('credit_pack')}
      detail={(pack) => t('plans.credits', { count: pack.credits })}
      testId="credit-packs"
    />
  );
}

/** The premium boosts on sale: days, bonus credits once and each day. */
export function BoostPlanOffers() {
  const { t } = useTranslation();
  return (
    <Offers
      plans={usePlans('boost')}
      detail={(plan) =>
        [
          t('plans.days', { count: plan.days }),
          plan.bonusCredits > 0 && t('plans.bonusCredits', { count: plan.bonusCredits }),
          plan.dailyCredits > 0 && t('plans.dailyCredits', { count: plan.dailyCredits }),
        ]
          .filter(Boolean)
          .join(' · ')
      }
      testId="boost-plans"
    />
  );
}
