import { createContext, useContext } from 'react';
import type { Api } from '../api/endpoints';
import { api } from './services';

/** Screens reach the API through this, so tests can point them at a server of their own. */
export const ApiContext = createContext<Api>(api);

export function useApi(): Api {
  return useContext(ApiContext);
}
