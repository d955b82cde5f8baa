import type { SwipeRequest, SwipeResultDto } from '@mememint/contracts';
import { useMutation } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { earningMultiplier, useUpdateUser, useUser } from '../../session';
import { swipesGivenBack } from '../intro';

/** docs/SPEC.md §9: the swipe call gives up after 10 s. */
export const SWIPE_TIMEOUT_MS = 10_000;

/** POST /v1/swipes/{memeId}/ */
export function swipeMeme(client: ApiClient, memeId: string, body: SwipeRequest): Promise<SwipeResultDto> {
  return client.post<SwipeResultDto>(`/v1/swipes/${memeId}/`, body, { timeoutMs: SWIPE_TIMEOUT_MS });
}

/** The swipes' mutations (how many are in flight: useSwipesAdded). */
export const SWIPE_MUTATION_KEY = ['swipe'] as const;

export interface SwipeVariables {
  memeId: string;
  like: boolean;
}

/**
 * A swipe, optimistic: the bar loses one swipe and the coins gain 1×m at once; the answer's balances
 * then replace the guess, and a refused swipe gives both back.
 */
export function useSwipeMeme({
  onSuccess,
  onError,
}: {
  onSuccess?: (answer: SwipeResultDto, variables: SwipeVariables) => void;
  onError?: (error: Error, variables: SwipeVariables) => void;
} = {}) {
  const client = useApiClient();
  const { tgId } = useUser();
  const updateUser = useUpdateUser();
  return useMutation({
    mutationKey: SWIPE_MUTATION_KEY,
    mutationFn: ({ memeId, like }: SwipeVariables) => swipeMeme(client, memeId, { like }),
    // The deck shows what went wrong where the player looks (no swipes left, too fast, swiped before).
    meta: { silent: true },
    onMutate: () => {
      let earned = 0;
      updateUser((user) => {
        earned = earningMultiplier(user);
        return { swipes: Math.max(0, user.swipes - 1), memeCoins: user.memeCoins + earned };
      });
      return { earned };
    },
    onSuccess: (answer, variables) => {
      updateUser(() => ({
        generationLimit: answer.generationLimit,
        swipes: answer.swipes,
        memeCoins: answer.memeCoins,
        balanceVersion: answer.balanceVersion,
        swipedCount: answer.swipedCount,
      }));
      onSuccess?.(answer, variables);
    },
    onError: (error, variables, context) => {
      const earned = context?.earned ?? 0;
      // The swipe given back is no "swipes added" rise.
      swipesGivenBack(tgId, 1);
      updateUser((user) => ({ swipes: user.swipes + 1, memeCoins: Math.max(0, user.memeCoins - earned) }));
      onError?.(error, variables);
    },
  });
}
