/** Query keys of the quest list. */
export const questKeys = {
  all: () => ['quests'] as const,
  list: () => [...questKeys.all(), 'list'] as const,
};
