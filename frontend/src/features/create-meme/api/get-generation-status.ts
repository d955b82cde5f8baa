import type { GenerationStatusDto } from '@mememint/contracts';

import type { ApiClient } from '../../../lib/api-client';

/** GET /v1/memes/generations/{id}/status/: the fallback while the socket is down (useGeneration polls it). */
export function getGenerationStatus(client: ApiClient, id: string): Promise<GenerationStatusDto> {
  return client.get<GenerationStatusDto>(`/v1/memes/generations/${encodeURIComponent(id)}/status/`);
}
