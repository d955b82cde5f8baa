import type { MemeDto } from '@mememint/contracts';

import type { ApiClient } from '../../../lib/api-client';

/** POST /v1/memes/ (multipart): the player's own photo as a meme to put a face into. */
export function uploadMeme(client: ApiClient, image: Blob, text?: string): Promise<MemeDto> {
  const form = new FormData();
  form.append('image', image, 'photo.jpg');
  if (text) form.append('text', text);
  return client.post<MemeDto>('/v1/memes/', form);
}
