/** Query keys of the plans on sale. */
export const plansKeys = {
  all: () => ['plans'] as const,
  creditPacks: () => [...plansKeys.all(), 'credit-packs'] as const,
  boosts: () => [...plansKeys.all(), 'boosts'] as const,
};
