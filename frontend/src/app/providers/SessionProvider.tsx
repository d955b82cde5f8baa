import type { UserDto } from '@mememint/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  getDevInitData,
  getDevTelegram,
  LoginError,
  meQueryOptions,
  sessionKeys,
  signIn,
} from '../../features/session';
import { useNavigate } from 'react-router';
import { i18n, setLanguage } from '../../i18n';
import { startAnalytics } from '../../lib/analytics';
import { dropEarlyRequests } from '../../lib/early-requests';
import { apiClient, onLogout, reportError } from '../../lib/services';
import { installMockEnv, isInsideTelegram } from '../../telegram/mock-env';
import { isSupportedPlatform } from '../../telegram/platform';
import { initTelegram, readInitData, type LaunchContext } from '../../telegram/sdk';
import { toast } from '../../ui/toast';

export type SessionStatus = 'loading' | 'unsupported' | 'failed' | 'ready';

interface SessionValue {
  status: SessionStatus;
  user: UserDto | undefined;
}

const SessionContext = createContext<SessionValue | null>(null);

let launchOnce: Promise<LaunchContext> | null = null;

/** The Telegram side of start-up runs once per page load (the SDK keeps global state). */
function launchTelegram(playerId: () => number | undefined): Promise<LaunchContext> {
  launchOnce ??= (async () => {
    if (isInsideTelegram() || import.meta.env.VITE_TG_MOCK === 'off') return initTelegram();
    const devInitData = await installMockEnv({
      hasTokens: () => apiClient.hasBothTokens(),
      devInitData: (body) => getDevInitData(apiClient, body),
      devTelegram: () => getDevTelegram(apiClient),
      playerId,
    });
    return { ...(await initTelegram()), ...readInitData(devInitData) };
  })();
  return launchOnce;
}

/**
 * Runs start-up (SEED-SPEC §2, §4), owns the current user and logout. Screens read the user with
 * the session feature's `useUser`; only the start-up gate reads the status.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SessionStatus>('loading');
  const [attempt, setAttempt] = useState(0);
  const relogins = useRef(0);
  const navigate = useRef(useNavigate());

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const context = await launchTelegram(() => queryClient.getQueryData<UserDto>(sessionKeys.me())?.tgId);
      if (cancelled) return;
      // Telegram's language: its texts are fetched while start-up signs in.
      const language = context.languageCode ? setLanguage(context.languageCode) : undefined;
      if (!isSupportedPlatform(context.platform)) {
        await language;
        if (!cancelled) setStatus('unsupported');
        return;
      }
      const me = await signIn(apiClient, context).finally(dropEarlyRequests);
      if (cancelled) return;
      await language;
      await setLanguage(me.languageCode);
      if (cancelled) return;
      queryClient.setQueryData(sessionKeys.me(), me);
      setStatus('ready');
      // A launch with `startapp=meme_<shareId>` opens that meme.
      const sharedMeme = /^meme_([A-Za-z0-9_-]+)$/.exec(context.startParam ?? '')?.[1];
      if (sharedMeme && attempt === 0) void navigate.current(`/i/${sharedMeme}`);
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

  useEffect(() => {
    const offline = () => toast.error(i18n.t('errors.badConnection'));
    window.addEventListener('offline', offline);
    return () => window.removeEventListener('offline', offline);
  }, []);

  const user = useQuery({ ...meQueryOptions(apiClient), enabled: status === 'ready' }).data;
  const value = useMemo(() => ({ status, user }), [status, user]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The start-up state, for the app shell (features read the user through `useUser`). */
export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
