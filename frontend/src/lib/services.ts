import { QueryCache, QueryClient, MutationCache } from '@tanstack/react-query';

import { i18n } from '../i18n';
import { haptic } from '../telegram/sdk';
import { connection } from '../ui/connection';
import { toast } from '../ui/toast';
import { ApiClient } from './api-client';
import { banned } from './banned';
import { NetworkError } from './api-errors';
import { describeError } from './describe-error';
import { tokenStore } from './tokens';

/** docs/SPEC.md §7: every call lives under /api. */
export const API_BASE = '/api';

type LogoutListener = () => void;
const logoutListeners = new Set<LogoutListener>();

/** The session layer subscribes here to clear user data and go to the root after a failed refresh. */
export function onLogout(listener: LogoutListener): () => void {
  logoutListeners.add(listener);
  return () => logoutListeners.delete(listener);
}

export const apiClient = new ApiClient({
  baseUrl: API_BASE,
  tokens: tokenStore,
  onLogout: () => logoutListeners.forEach((listener) => listener()),
  onBanned: banned.set,
});

/** The global error toast (docs/SPEC.md §8) for every failed query or mutation. */
export function reportError(error: unknown): void {
  // No network is said once, by the connection banner, not by a toast per failed call.
  if (error instanceof NetworkError) {
    connection.unreachable();
    haptic.error();
    return;
  }
  const described = describeError(error, i18n.t);
  if (!described) return;
  haptic.error();
  toast.error(described.message, described.hint);
}

/** A query client with the app's error reporting and defaults (the app's one, and each test's own). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: reportError, onSuccess: connection.reachable }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        // A mutation that shows its error itself opts out with meta.silent.
        if (!mutation.meta?.silent) reportError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      // Offline, a mutation fails at once ("Bad internet connection") instead of waiting to fire by
      // itself when the network returns: nothing that spends is ever sent without the player.
      mutations: { networkMode: 'always' },
    },
  });
}

export const queryClient = createQueryClient();
