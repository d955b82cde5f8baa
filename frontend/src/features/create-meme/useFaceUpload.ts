import type { FaceUploadDto } from '@mememint/contracts';
import { useCallback } from 'react';

import { useApiClient } from '../../lib/api-context';
import { putFace } from './api/put-face';
import { saveFacePhoto } from './photo';

/**
 * `PUT /v1/users/face/` for a prepared photo: the server's face check (a refusal throws its ApiError
 * with the advice); a passing photo becomes the player's face there and is kept on the device to show.
 */
export function useFaceUpload(): (face: Blob) => Promise<FaceUploadDto> {
  const client = useApiClient();
  return useCallback(
    async (face: Blob) => {
      const checked = await putFace(client, face);
      await saveFacePhoto(face);
      return checked;
    },
    [client],
  );
}
