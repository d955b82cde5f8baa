import type { PublicMemeDto } from '@mememint/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { ApiError } from '../../../lib/api-errors';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { memeKeys } from './keys';

/** GET /v1/memes/share/{shareId}/: a published meme with its author; public (the /i/:shareId page). */
export function getSharedMeme(client: ApiClient, shareId: string): Promise<PublicMemeDto> {
  return client.get<PublicMemeDto>(`/v1/memes/share/${encodeURIComponent(shareId)}/`);
}

export function sharedMemeQueryOptions(client: ApiClient, shareId: string) {
  return queryOptions({
    queryKey: [...memeKeys.all(), 'shared', shareId] as const,
    // Unknown or unpublished (404) is an answer the page shows, not a failure to retry or toast.
    queryFn: () =>
      getSharedMeme(client, shareId).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
  });
}

export function useSharedMeme(shareId: string) {
  return useQuery(sharedMemeQueryOptions(useApiClient(), shareId));
}
