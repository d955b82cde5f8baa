import type { FaceUploadDto } from '@mememint/contracts';

import type { ApiClient } from '../../../lib/api-client';

/**
 * PUT /v1/users/face/ (multipart `photo`): the face check, never charged. A passing photo becomes the
 * player's current face on the server (analysed once there); a refused one is a 400 `{detail, code}`.
 */
export function putFace(client: ApiClient, photo: Blob): Promise<FaceUploadDto> {
  const form = new FormData();
  form.append('photo', photo, 'face.jpg');
  return client.put<FaceUploadDto>('/v1/users/face/', form);
}
