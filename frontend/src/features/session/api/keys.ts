/** Query keys of the session feature: the current user lives in the cache under `me`. */
export const sessionKeys = {
  me: () => ['me'] as const,
};
