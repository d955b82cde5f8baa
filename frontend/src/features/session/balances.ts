import { isNewerBalance, type UserDto } from '@mememint/contracts';

/**
 * The user's fields a versioned balance answer or event replaces together: the balances, and the
 * swipe count the swipe's statement changes with them.
 */
const BALANCE_FIELDS = ['generationLimit', 'memeCoins', 'swipes', 'balanceVersion', 'swipedCount'] as const;

/**
 * `change` as it may apply to `user`: balances that carry a `balanceVersion` not newer than the
 * user's are dropped (events and answers arrive in any order; contracts' BalanceVersioned), the rest
 * of the change stays. A change without a version (an optimistic guess, a non-balance field) applies.
 */
export function keepNewerBalances(user: UserDto, change: Partial<UserDto>): Partial<UserDto> {
  const { balanceVersion } = change;
  if (balanceVersion === undefined || isNewerBalance(user, { balanceVersion })) return change;
  const kept: Partial<UserDto> = { ...change };
  for (const field of BALANCE_FIELDS) delete kept[field];
  return kept;
}

/**
 * A refetched user as it goes into the cache: when the cached one (the same player) has newer
 * balances (a push came while the request was out), those stay.
 */
export function withNewerBalances(fetched: UserDto, cached: UserDto): UserDto {
  if (cached.tgId !== fetched.tgId || !isNewerBalance(fetched, cached)) return fetched;
  const { generationLimit, memeCoins, swipes, balanceVersion } = cached;
  return { ...fetched, generationLimit, memeCoins, swipes, balanceVersion };
}
