/** Onboarding's public face: its illustrations, one per step. */
export { ONBOARDING_ART } from './OnboardingArt';
