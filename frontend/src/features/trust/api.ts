import type { FaceConsentDto, ReportReason, ReportResultDto } from '@mememint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { ApiClient } from '../../lib/api-client';
import { useApiClient } from '../../lib/api-context';
import type { MutationConfig } from '../../lib/react-query';
import { useUpdateUser } from '../session';

/** POST /v1/memes/{id}/report/ {reason}: once per player and meme. */
export function reportMeme(
  client: ApiClient,
  memeId: string,
  reason: ReportReason,
): Promise<ReportResultDto> {
  return client.post<ReportResultDto>(`/v1/memes/${encodeURIComponent(memeId)}/report/`, { reason });
}

export function useReportMeme(memeId: string, config: MutationConfig<ReportResultDto, ReportReason> = {}) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: ReportReason) => reportMeme(client, memeId, reason),
    // The report's own dialog says "already reported"; nothing else needs a toast.
    meta: { silent: true },
    onSuccess: (result, ...rest) => {
      // A meme hidden by its reports leaves every list the player sees.
      if (result.hidden) void queryClient.invalidateQueries();
      config.onSuccess?.(result, ...rest);
    },
  });
}

/** POST /v1/users/face/consent/: the player agreed to the face-photo note. */
export function useFaceConsent(config: MutationConfig<FaceConsentDto> = {}) {
  const client = useApiClient();
  const updateUser = useUpdateUser();
  return useMutation({
    mutationFn: () => client.post<FaceConsentDto>('/v1/users/face/consent/'),
    onSuccess: (consent, ...rest) => {
      updateUser(() => ({ faceConsentAt: consent.faceConsentAt }));
      config.onSuccess?.(consent, ...rest);
    },
  });
}

/** DELETE /v1/users/face/: every face photo of the player and its analysis. */
export function useDeleteFace(config: MutationConfig<void> = {}) {
  const client = useApiClient();
  return useMutation({ mutationFn: () => client.delete<void>('/v1/users/face/'), ...config });
}

/** DELETE /v1/users/me/: the account, for good; its tokens stop working at once. */
export function useDeleteAccount(config: MutationConfig<void> = {}) {
  const client = useApiClient();
  return useMutation({ mutationFn: () => client.delete<void>('/v1/users/me/'), ...config });
}
