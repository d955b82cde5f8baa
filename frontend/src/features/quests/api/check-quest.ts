import type { QuestCheckDto, QuestListDto } from '@mememint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import type { MutationConfig } from '../../../lib/react-query';
import { sessionKeys, useUpdateUser } from '../../session';
import { questKeys } from './keys';

/** GET /v1/tasks/check-task/{id}/ */
export function checkQuest(client: ApiClient, id: number): Promise<QuestCheckDto> {
  return client.get<QuestCheckDto>(`/v1/tasks/check-task/${id}/`);
}

/**
 * Checks a quest; a passed one is marked done, the balances its reward answers set on the user by their
 * version (a pushed `balance` may have counted the reward already), and the user reloaded for `tasksCount`.
 */
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
        const { reward, balances } = answer;
        if (reward) {
          // At once (the top menu counts the coins up), then the server's word on the count.
          updateUser((user) => ({ ...balances, tasksCount: user.tasksCount + 1 }));
          void queryClient.invalidateQueries({ queryKey: sessionKeys.me() });
        }
      }
      config.onSuccess?.(answer, id, ...rest);
    },
  });
}
