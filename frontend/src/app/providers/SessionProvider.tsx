import type { UserDto } from '@mememint/contracts';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';

import {
  getDevInitData,
  getDevTelegram,
  LoginError,
  meQueryOptions,
  sessionKeys,
  signIn,
} from '../../features/session';
import { i18n, setLanguage } from '../../i18n';
import { startAnalytics } from '../../lib/analytics';
import { dropEarlyRequests } from '../../lib/early-requests';
import { apiClient, onLogout, reportError } from '../../lib/services';
import { isInsideTelegram, readLaunchParams, type LaunchContext } from '../../telegram/launch';
import { prepareMockLaunch } from '../../telegram/mock-env';
import { isDesktopPlatform, isSupportedPlatform } from '../../telegram/platform';
import { startTelegram } from '../../telegram/sdk';
import { toast } from '../../ui/toast';

export type SessionStatus = 'loading' | 'unsupported' | 'failed' | 'ready';

interface SessionValue {
  status: SessionStatus;
  user: UserDto | undefined;
}

const SessionContext = createContext<SessionValue | null>(null);

interface Launch {
  context: LaunchContext;
  /** Starts Telegram's SDK (after the first screen), with the imitated client outside Telegram. */
  startSdk: () => Promise<void>;
}

let launchOnce: Promise<Launch> | null = null;

/**
 * The Telegram side of start-up, once per page load: the launch parameters, read without the SDK
 * (outside Telegram, the imitated client's, with the development login's init data).
 */
function launchTelegram(playerId: () => number | undefined): Promise<Launch> {
  launchOnce ??= (async () => {
    if (isInsideTelegram() || import.meta.env.VITE_TG_MOCK === 'off') {
      const context = readLaunchParams();
      if (!context) throw new Error('No Telegram launch parameters');
      return { context, startSdk: () => startTelegram() };
    }
    const { context, mock } = await prepareMockLaunch({
      hasTokens: () => apiClient.hasBothTokens(),
      devInitData: (body) => getDevInitData(apiClient, body),
    });
    const startSdk = () =>
      startTelegram(async () => {
        const { installMockBridge } = await import('../../telegram/mock-bridge');
        installMockBridge(mock, { devTelegram: () => getDevTelegram(apiClient), playerId });
      });
    return { context, startSdk };
  })();
  return launchOnce;
}

type StartUp =
  | { status: 'ready'; me: UserDto; startParam?: string }
  | { status: 'unsupported' }
  | { status: 'failed'; error: unknown }
  /** A refresh was refused during the run: the provider signs out and starts again. */
  | { status: 'signedOut' };

/**
 * Start-up (docs/SPEC.md §2, §4): the launch, the platform check, the sign-in and the user's language.
 * The user lands in `queryClient`; the Telegram SDK starts once the screen this leads to is painted.
 */
async function startUp(queryClient: QueryClient): Promise<StartUp> {
  let launch: Launch | undefined;
  try {
    launch = await launchTelegram(() => queryClient.getQueryData<UserDto>(sessionKeys.me())?.tgId);
    const { context } = launch;
    // Telegram's language: its texts are fetched while start-up signs in.
    const language = context.languageCode ? setLanguage(context.languageCode) : undefined;
    const supported = isSupportedPlatform(context.platform);
    // Admins also pass on Telegram Desktop and Web (the console): such a launch signs in to find out.
    if (!supported && !isDesktopPlatform(context.platform)) {
      dropEarlyRequests();
      await language;
      return { status: 'unsupported' };
    }
    const me = await signIn(apiClient, context).finally(() => dropEarlyRequests('sign-in'));
    // The early deck is /main's first screen's; anywhere else it would only go stale.
    if (!supported || !me.isOnboardingDone || !['/', '/main'].includes(window.location.pathname))
      dropEarlyRequests();
    await language;
    if (!supported && !me.isAdmin) return { status: 'unsupported' };
    await setLanguage(me.languageCode);
    queryClient.setQueryData(sessionKeys.me(), me);
    return { status: 'ready', me, startParam: context.startParam };
  } catch (error) {
    dropEarlyRequests();
    return { status: 'failed', error };
  } finally {
    const startSdk = launch?.startSdk;
    if (startSdk) requestAnimationFrame(() => setTimeout(() => void startSdk().catch(reportError)));
  }
}

let firstStartUp: Promise<StartUp> | undefined;

let sharedMemeTaken = false;

/** The share id of a `meme_<shareId>` start parameter, once per launch (start-up's result is kept). */
function takeSharedMeme(startParam: string | undefined): string | null {
  const shareId = /^meme_([A-Za-z0-9_-]+)$/.exec(startParam ?? '')?.[1];
  if (!shareId || sharedMemeTaken) return null;
  sharedMemeTaken = true;
  return shareId;
}

/**
 * Start-up's first run, begun by main.tsx as soon as the entry is evaluated, while React hydrates the
 * app shell index.html painted; the session provider takes the same run.
 */
export function beginStartUp(queryClient: QueryClient): Promise<StartUp> {
  firstStartUp ??= (async () => {
    // A refused refresh during this run comes before the provider listens for one: it is handed on.
    let signedOut = false;
    const stopListening = onLogout(() => (signedOut = true));
    const result = await startUp(queryClient).finally(stopListening);
    return signedOut ? { status: 'signedOut' } : result;
  })();
  return firstStartUp;
}

/**
 * Runs start-up, owns the current user and logout. Screens read the user with the session feature's
 * `useUser`; only the start-up gate reads the status.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // Always the shell first, even when start-up has already settled: it is what hydration finds.
  const [status, setStatus] = useState<SessionStatus>('loading');
  const [attempt, setAttempt] = useState(0);
  const relogins = useRef(0);
  const navigate = useRef(useNavigate());

  // A refused refresh: clear user data and tokens, go to the root, start again (once per page load).
  const signOut = useCallback(() => {
    // Leave the signed-in screens first, then drop their data.
    if (relogins.current++ < 1) {
      setStatus('loading');
      setAttempt((n) => n + 1);
    } else {
      setStatus('failed');
    }
    window.history.replaceState(null, '', '/');
    queryClient.clear();
  }, [queryClient]);

  useEffect(() => {
    let cancelled = false;
    void (attempt === 0 ? beginStartUp(queryClient) : startUp(queryClient)).then((result) => {
      if (cancelled) return;
      if (result.status === 'signedOut') return signOut();
      if (result.status === 'failed') {
        setStatus('failed');
        if (result.error instanceof LoginError) toast.error(i18n.t('errors.loginError'));
        else reportError(result.error);
        return;
      }
      if (result.status === 'ready') queryClient.setQueryData(sessionKeys.me(), result.me);
      // A launch with `startapp=meme_<shareId>` opens that meme first, before onboarding: the app shell
      // stays until its page is in (were the session ready first, onboarding's redirect would win).
      const sharedMeme =
        result.status === 'ready' && attempt === 0 ? takeSharedMeme(result.startParam) : null;
      if (sharedMeme) {
        startAnalytics();
        return void navigate.current(`/i/${sharedMeme}`);
      }
      setStatus(result.status);
      if (result.status !== 'ready') return;
      startAnalytics();
    });
    return () => {
      cancelled = true;
    };
  }, [attempt, queryClient, signOut]);

  useEffect(() => onLogout(signOut), [signOut]);

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
