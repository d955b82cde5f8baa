import { isBoostActive, type UserDto } from '@mememint/contracts';

export function displayName(user: Pick<UserDto, 'username' | 'firstName' | 'lastName'>): string {
  return user.username ?? ([user.firstName, user.lastName].filter(Boolean).join(' ') || 'Player');
}

/** Whole days since the account was created, counting the first day as day 1. */
export function daysInGame(createdAt: string, now = new Date()): number {
  return Math.max(1, Math.floor((now.getTime() - new Date(createdAt).getTime()) / 86_400_000) + 1);
}

/** The earning multiplier m (GAME.md): 4 while boosted or for an influencer, else 1. */
export function earningMultiplier(user: Pick<UserDto, 'infl' | 'boostEnds'>): number {
  return user.infl || isBoostActive(user.boostEnds) ? 4 : 1;
}
