import type { SquadListResponse, SquadMembershipDto } from '@mememint/contracts';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback } from 'react';

import { ratingKeys } from '../../rating';
import { squadKeys } from './keys';

/** After a join or leave: the membership at once in the list, then member counts and boards reloaded. */
export function useMembershipChanged(): (membership: SquadMembershipDto) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (membership) => {
      queryClient.setQueryData<InfiniteData<SquadListResponse>>(
        squadKeys.list(),
        (list) => list && { ...list, pages: list.pages.map((page) => ({ ...page, mine: membership })) },
      );
      void queryClient.invalidateQueries({ queryKey: squadKeys.all() });
      void queryClient.invalidateQueries({ queryKey: ratingKeys.all() });
    },
    [queryClient],
  );
}
