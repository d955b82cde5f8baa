import type { QuestListDto } from '@mememint/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { questKeys } from './keys';

/** GET /v1/tasks/ */
export function getQuests(client: ApiClient): Promise<QuestListDto> {
  return client.get<QuestListDto>('/v1/tasks/');
}

export function questsQueryOptions(client: ApiClient) {
  return queryOptions({ queryKey: questKeys.list(), queryFn: () => getQuests(client) });
}

export function useQuests() {
  return useQuery(questsQueryOptions(useApiClient()));
}
