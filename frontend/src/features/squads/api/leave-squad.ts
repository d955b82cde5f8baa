import type { SquadMembershipDto } from '@mememint/contracts';
import { useMutation } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import type { MutationConfig } from '../../../lib/react-query';
import { useMembershipChanged } from './membership';

/** POST /v1/squads/leave/ */
export function leaveSquad(client: ApiClient): Promise<SquadMembershipDto> {
  return client.post<SquadMembershipDto>('/v1/squads/leave/');
}

export function useLeaveSquad(config: MutationConfig<SquadMembershipDto> = {}) {
  const client = useApiClient();
  const changed = useMembershipChanged();
  return useMutation({
    mutationFn: () => leaveSquad(client),
    onSuccess: (membership, ...rest) => {
      changed(membership);
      config.onSuccess?.(membership, ...rest);
    },
  });
}
