/** Query keys of the swipe game; invalidating `all()` reaches the deck, the counters and the gifts. */
export const swipeKeys = {
  all: () => ['swipes'] as const,
  deck: () => [...swipeKeys.all(), 'deck'] as const,
  used: () => [...swipeKeys.all(), 'used'] as const,
  gifts: () => [...swipeKeys.all(), 'gifts'] as const,
};
