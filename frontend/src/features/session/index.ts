/** The session feature's public face: the signed-in user and the calls of start-up. */
export { getDevInitData, getDevTelegram } from './api/dev-init-data';
export { useFinishOnboarding } from './api/finish-onboarding';
export { meQueryOptions, useUpdateUser, useUser } from './api/get-me';
export { sessionKeys } from './api/keys';
export { useUpdateMe } from './api/update-me';
export { LoginError, signIn } from './sign-in';
export { daysInGame, displayName, earningMultiplier } from './user-status';
