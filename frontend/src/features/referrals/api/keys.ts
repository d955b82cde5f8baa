/** Query keys of the invite page. */
export const referralKeys = {
  all: () => ['referrals'] as const,
  list: () => [...referralKeys.all(), 'list'] as const,
};
