/** Query keys of the create flow. */
export const createMemeKeys = {
  templates: () => ['templates'] as const,
};
