import type { UserDto } from '@mememint/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { api, apiClient, onLogout, reportError } from '../../app/services';
import { i18n, setLanguage } from '../../i18n';
import { installMockEnv, isInsideTelegram } from '../../telegram/mock-env';
import { isSupportedPlatform } from '../../telegram/platform';
import { initTelegram, readInitData, type LaunchContext } from '../../telegram/sdk';
import { toast } from '../../ui/toast';
import { connectSocket, watchSocket, type GameSocket } from '../realtime/socket';
import { startAnalytics } from './analytics';
import { LoginError, signIn } from './sign-in';
import { ME_KEY } from './user-cache';

type Status = 'loading' | 'unsupported' | 'failed' | 'ready';

interface SessionValue {
  status: Status;
  user: UserDto | undefined;
  socket: GameSocket | null;
}

const SessionContext = createContext<SessionValue | null>(null);

let launchOnce: Promise<LaunchContext> | null = null;

/** The Telegram side of start-up runs once per page load (the SDK keeps global state). */
function launchTelegram(): Promise<LaunchContext> {
  launchOnce ??= (async () => {
    if (isInsideTelegram() || import.meta.env.VITE_TG_MOCK === 'off') return initTelegram();
    const devInitData = await installMockEnv(api);
    return { ...(await initTelegram()), ...readInitData(devInitData) };
  })();
  return launchOnce;
}

/** Runs start-up (SEED-SPEC §2, §4), owns the current user, the socket, and logout. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>('loading');
  const [socket, setSocket] = useState<GameSocket | null>(null);
  const [attempt, setAttempt] = useState(0);
  const relogins = useRef(0);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const context = await launchTelegram();
      if (cancelled) return;
      if (context.languageCode) setLanguage(context.languageCode);
      if (!isSupportedPlatform(context.platform)) {
        setStatus('unsupported');
        return;
      }
      const me = await signIn(api, context);
      if (cancelled) return;
      setLanguage(me.languageCode);
      queryClient.setQueryData(ME_KEY, me);
      setStatus('ready');
      startAnalytics();
    })().catch((error: unknown) => {
      if (cancelled) return;
      setStatus('failed');
      if (error instanceof LoginError) toast.error(i18n.t('errors.loginError'));
      else reportError(error);
    });
    return () => {
      cancelled = true;
    };
  }, [attempt, queryClient]);

  // A failed refresh: clear user data and tokens, go to the root, start again (once per page load).
  useEffect(
    () =>
      onLogout(() => {
        // Leave the signed-in screens first, then drop their data.
        if (relogins.current++ < 1) {
          setStatus('loading');
          setAttempt((n) => n + 1);
        } else {
          setStatus('failed');
        }
        window.history.replaceState(null, '', '/');
        queryClient.clear();
      }),
    [queryClient],
  );

  const signedIn = status === 'ready';
  useEffect(() => {
    if (!signedIn) return;
    const connection = connectSocket(() => apiClient.authToken);
    watchSocket(connection, {
      onBalance: (balance) =>
        queryClient.setQueryData<UserDto>(ME_KEY, (old) => (old ? { ...old, ...balance } : old)),
      onReconnecting: () => toast.error(i18n.t('errors.reconnecting')),
      getToken: () => apiClient.authToken,
      renewAuth: (staleToken) => apiClient.renewAuth(staleToken),
    });
    setSocket(connection);
    return () => {
      connection.disconnect();
      setSocket(null);
    };
  }, [signedIn, queryClient]);

  useEffect(() => {
    const offline = () => toast.error(i18n.t('errors.badConnection'));
    window.addEventListener('offline', offline);
    return () => window.removeEventListener('offline', offline);
  }, []);

  const user = useQuery({
    queryKey: ME_KEY,
    queryFn: () => api.me(),
    enabled: status === 'ready',
    staleTime: Infinity,
  }).data;
  const value = useMemo(() => ({ status, user, socket }), [status, user, socket]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
