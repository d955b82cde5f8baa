import type { Page, TemplateDto } from '@mememint/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { createMemeKeys } from './keys';

/** GET /v1/memes/generations/templates/ */
export function getTemplates(client: ApiClient): Promise<Page<TemplateDto>> {
  return client.get<Page<TemplateDto>>('/v1/memes/generations/templates/');
}

export function templatesQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: createMemeKeys.templates(),
    queryFn: async () => (await getTemplates(client)).items,
    staleTime: 5 * 60_000,
  });
}

export function useTemplates() {
  return useQuery(templatesQueryOptions(useApiClient()));
}

/** The caption a template offers (from the cached list), for a meme made from it. */
export function useTemplateCaption(templateId: string | null): string | null {
  const templates = useQuery({ ...templatesQueryOptions(useApiClient()), enabled: templateId !== null });
  return templates.data?.find((template) => template.id === templateId)?.caption ?? null;
}
