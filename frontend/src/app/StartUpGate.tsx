import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';

import { AppShell } from './AppShell';
import { useSession } from './providers/SessionProvider';
import { ReloadNotice } from '../ui/ReloadNotice';
import { FullScreenSpinner } from '../ui/Spinner';

export const NOT_SUPPORTED_PATH = '/not-supported-platform';
export const ONBOARDING_PATH = '/onboarding';

/**
 * docs/SPEC.md §2 start-up: the app shell with its spinner until init is done, then unsupported platform /
 * onboarding / the app.
 */
export function StartUpGate() {
  const { t } = useTranslation();
  const { status, user } = useSession();
  const { pathname } = useLocation();

  if (status === 'unsupported') {
    return pathname === NOT_SUPPORTED_PATH ? <Pages /> : <Navigate to={NOT_SUPPORTED_PATH} replace />;
  }
  if (status === 'loading') return <AppShell />;
  if (status === 'failed' || !user) {
    // The session has already announced the failure in a toast; this screen offers the reload.
    return <ReloadNotice message={t('errors.loginError')} />;
  }
  if (pathname === NOT_SUPPORTED_PATH) return <Navigate to="/main" replace />;
  if (!user.isOnboardingDone && pathname !== ONBOARDING_PATH)
    return <Navigate to={ONBOARDING_PATH} replace />;
  return <Pages />;
}

/** The routes below, each page's code fetched when first shown. */
function Pages() {
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Outlet />
    </Suspense>
  );
}
