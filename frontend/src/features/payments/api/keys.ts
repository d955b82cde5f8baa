import type { PlanKind } from '@mememint/contracts';

/** Query keys of the plans on sale; invalidating `all()` refreshes every list. */
export const paymentKeys = {
  all: () => ['payments'] as const,
  plans: (kind: PlanKind) => [...paymentKeys.all(), 'plans', kind] as const,
};
