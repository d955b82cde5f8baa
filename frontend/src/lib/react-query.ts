import type { UseMutationOptions } from '@tanstack/react-query';

/**
 * What a feature's mutation hook lets the screen add: its own reactions (haptics, local state,
 * navigation). The hook keeps the cache work of its call and runs it first.
 */
export type MutationConfig<TData, TVariables = void> = Pick<
  UseMutationOptions<TData, Error, TVariables>,
  'onSuccess'
>;
