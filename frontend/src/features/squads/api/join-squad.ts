import type { SquadMembershipDto } from '@mememint/contracts';
import { useMutation } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import type { MutationConfig } from '../../../lib/react-query';
import { useMembershipChanged } from './membership';

/** POST /v1/squads/{id}/join/ (joining another squad is a switch, once per cooldown: else 429). */
export function joinSquad(client: ApiClient, id: number): Promise<SquadMembershipDto> {
  return client.post<SquadMembershipDto>(`/v1/squads/${id}/join/`);
}

export function useJoinSquad(config: MutationConfig<SquadMembershipDto, number> = {}) {
  const client = useApiClient();
  const changed = useMembershipChanged();
  return useMutation({
    mutationFn: (id: number) => joinSquad(client, id),
    onSuccess: (membership, ...rest) => {
      changed(membership);
      config.onSuccess?.(membership, ...rest);
    },
  });
}
