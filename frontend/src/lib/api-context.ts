import { createContext, useContext } from 'react';

import type { ApiClient } from './api-client';
import { apiClient } from './services';

/** Features reach the API client through this, so tests can point them at a server of their own. */
export const ApiClientContext = createContext<ApiClient>(apiClient);

export function useApiClient(): ApiClient {
  return useContext(ApiClientContext);
}
