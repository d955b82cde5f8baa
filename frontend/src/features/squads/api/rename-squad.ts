import type { SquadTitleDto, SquadUpdateRequest } from '@mememint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import type { MutationConfig } from '../../../lib/react-query';
import { squadKeys } from './keys';

/** PATCH /v1/squads/mine/ (the squad's influencer) */
export function renameSquad(client: ApiClient, body: SquadUpdateRequest): Promise<SquadTitleDto> {
  return client.patch<SquadTitleDto>('/v1/squads/mine/', body);
}

export function useRenameSquad(config: MutationConfig<SquadTitleDto, string> = {}) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (title: string) => renameSquad(client, { title }),
    onSuccess: (answer, ...rest) => {
      void queryClient.invalidateQueries({ queryKey: squadKeys.all() });
      config.onSuccess?.(answer, ...rest);
    },
  });
}
