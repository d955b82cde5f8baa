/** The payments feature's public face: the plans (profile), the sheet where a player runs out, the daily bonus toast. */
export { BoostStatus } from './BoostStatus';
export { BoostPlanOffers, CreditPackOffers } from './PlanOffers';
export { Plans } from './Plans';
export { PlansSheet, type PlansSheetKind } from './PlansSheet';
export { useDailyBonusToast } from './useDailyBonusToast';
