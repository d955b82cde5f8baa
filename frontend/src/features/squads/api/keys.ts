/** Query keys of squads; invalidating `all()` reloads the list (with the membership) and each squad. */
export const squadKeys = {
  all: () => ['squads'] as const,
  list: () => [...squadKeys.all(), 'list'] as const,
  detail: (id: number) => [...squadKeys.all(), 'detail', id] as const,
};
