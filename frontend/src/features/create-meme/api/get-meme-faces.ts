import type { MemeFacesDto } from '@mememint/contracts';

import type { ApiClient } from '../../../lib/api-client';

/** GET /v1/memes/{id}/faces/: the faces of the player's own photo, analysed once on the first ask. */
export function getMemeFaces(client: ApiClient, memeId: string): Promise<MemeFacesDto> {
  return client.get<MemeFacesDto>(`/v1/memes/${memeId}/faces/`);
}
