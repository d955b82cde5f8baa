/** Query keys of meme data; invalidating `mine()` refreshes every list of the player's memes. */
export const memeKeys = {
  all: () => ['memes'] as const,
  mine: () => [...memeKeys.all(), 'mine'] as const,
  mineFirstPage: () => [...memeKeys.mine(), 'first-page'] as const,
};
