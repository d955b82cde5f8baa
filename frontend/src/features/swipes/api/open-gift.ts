import type { OpenedGiftDto, PendingGiftsDto } from '@mememint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import type { MutationConfig } from '../../../lib/react-query';
import { sessionKeys, useUpdateUser } from '../../session';
import { swipeKeys } from './keys';

/** GET /v1/swipes/gifts/apply/: opens one pending gift at random. */
export function openGift(client: ApiClient): Promise<OpenedGiftDto> {
  return client.get<OpenedGiftDto>('/v1/swipes/gifts/apply/');
}

/** Opens a gift: the balances it brought go on the user, the opened gift leaves the pending list. */
export function useOpenGift(config: MutationConfig<OpenedGiftDto> = {}) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const updateUser = useUpdateUser();
  return useMutation({
    mutationFn: () => openGift(client),
    onSuccess: (gift, ...rest) => {
      updateUser(() => gift.balances);
      queryClient.setQueryData<PendingGiftsDto>(
        swipeKeys.gifts(),
        (list) => list && { items: list.items.filter((item) => item.id !== gift.id) },
      );
      // A boost gift moves boostEnds, which only the user's own answer carries.
      if (gift.kind === 'boost') void queryClient.invalidateQueries({ queryKey: sessionKeys.me() });
      config.onSuccess?.(gift, ...rest);
    },
  });
}
