/** Query keys of the airdrop page. */
export const airdropKeys = {
  all: () => ['airdrop'] as const,
  summary: () => [...airdropKeys.all(), 'summary'] as const,
};
