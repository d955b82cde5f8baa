import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../features/session/SessionProvider';
import { FullScreenSpinner } from '../ui/Spinner';

export const NOT_SUPPORTED_PATH = '/not-supported-platform';
export const ONBOARDING_PATH = '/onboarding';

/** SEED-SPEC §2 start-up: spinner until init is done, then unsupported platform / onboarding / the app. */
export function StartUpGate() {
  const { t } = useTranslation();
  const { status, user } = useSession();
  const { pathname } = useLocation();

  if (status === 'unsupported') {
    return pathname === NOT_SUPPORTED_PATH ? <Outlet /> : <Navigate to={NOT_SUPPORTED_PATH} replace />;
  }
  if (status === 'loading') return <FullScreenSpinner />;
  if (status === 'failed' || !user) {
    return (
      <div className="fullscreen-center notice">
        <p>{t('errors.loginError')}</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (pathname === NOT_SUPPORTED_PATH) return <Navigate to="/main" replace />;
  if (!user.isOnboardingDone && pathname !== ONBOARDING_PATH)
    return <Navigate to={ONBOARDING_PATH} replace />;
  return <Outlet />;
}
