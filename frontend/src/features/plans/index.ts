/** The plans feature's public face: the credit packs and boosts on sale (GAME.md "Payments"). */
export { useBoostPlans } from './api/get-boost-plans';
export { useCreditPacks } from './api/get-credit-packs';
export { plansKeys } from './api/keys';
export { BoostPlanOffers, CreditPackOffers } from './PlanOffers';
