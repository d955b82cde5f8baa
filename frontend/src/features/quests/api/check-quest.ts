import type { QuestCheckDto, QuestListDto } from '@mememint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import type { MutationConfig } from '../../../lib/react-query';
import { addCredits } from '../../balance';
import { sessionKeys, useUpdateUser } from '../../session';
import { questKeys } from './keys';

/** GET /v1/tasks/check-task/{id}/ */
export function checkQuest(client: ApiClient, id: number): Promise<QuestCheckDto> {
  return client.get<QuestCheckDto>(`/v1/tasks/check-task/${id}/`);
}

/** Checks a quest; a passed one is marked done, its reward added to the user, and the user reloaded. */
export function useCheckQuest(config: MutationConfig<QuestCheckDto, number> = {}) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const updateUser = useUpdateUser();
  return useMutation({
    mutationFn: (id: number) => checkQuest(client, id),
    onSuccess: (answer, id, ...rest) => {
      if (answer.done) {
        queryClient.setQueryData<QuestListDto>(
          questKeys.list(),
          (list) =>
            list && {
              items: list.items.map((quest) => (quest.id === id ? { ...quest, done: true } : quest)),
            },
        );
        const reward = answer.reward;
        if (reward) {
          // At once (the top menu counts the coins up), then the server's word on it.
          updateUser((user) => ({
            memeCoins: user.memeCoins + (reward.coins ?? 0),
            generationLimit: addCredits(user.generationLimit, reward.credits ?? 0),
            tasksCount: user.tasksCount + 1,
          }));
          void queryClient.invalidateQueries({ queryKey: sessionKeys.me() });
        }
      }
      config.onSuccess?.(answer, id, ...rest);
    },
  });
}
