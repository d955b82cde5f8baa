import { lazy, Suspense, type ComponentType } from 'react';
import { matchPath, Navigate, Route, Routes } from 'react-router';

import { useUser } from '../features/session';
import { ACCOUNT_DELETED_PATH, PRIVACY_PATH } from '../features/trust';
import { MainPage } from '../pages/MainPage';
import { PageSkeleton } from './AppShell';
import { Layout } from './Layout';
import { RealtimeProvider } from './providers/RealtimeProvider';
import { SessionProvider } from './providers/SessionProvider';
import { RouteErrorBoundary } from './RouteError';
import { NOT_SUPPORTED_PATH, ONBOARDING_PATH, StartUpGate } from './StartUpGate';

/**
 * A page fetched when first shown: the first screen (/main) loads only its own code, and the layout
 * (a Suspense boundary around its outlet) shows a skeleton meanwhile.
 */
function page<M>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const InvitePage = page(() => import('../pages/InvitePage'), 'InvitePage');
const RatingPage = page(() => import('../pages/RatingPage'), 'RatingPage');
const QuestsPage = page(() => import('../pages/QuestsPage'), 'QuestsPage');
/** TON Connect is heavy and only this page needs it. */
const AirdropPage = page(() => import('../pages/AirdropPage'), 'default');
const ProfilePage = page(() => import('../pages/ProfilePage'), 'ProfilePage');
const StickersPage = page(() => import('../pages/StickersPage'), 'StickersPage');
const OnboardingPage = page(() => import('../pages/OnboardingPage'), 'OnboardingPage');
const NotSupportedPage = page(() => import('../pages/NotSupportedPage'), 'NotSupportedPage');
const SharedMemePage = page(() => import('../pages/SharedMemePage'), 'SharedMemePage');
const SquadPage = page(() => import('../pages/SquadPage'), 'SquadPage');
/** The operator console: its code (and its texts and charts) loads for admins opening it, never before. */
const AdminPage = page(() => import('../pages/AdminPage'), 'AdminPage');
const NotFoundPage = page(() => import('../pages/NotFoundPage'), 'NotFoundPage');
const PrivacyPage = page(() => import('../pages/PrivacyPage'), 'PrivacyPage');
const AccountDeletedPage = page(() => import('../pages/AccountDeletedPage'), 'AccountDeletedPage');

/** `/admin/…`: the console for admins, the not-found screen for anyone else (the API refuses them too). */
function AdminRoute() {
  const user = useUser();
  return <Suspense fallback={<PageSkeleton />}>{user.isAdmin ? <AdminPage /> : <NotFoundPage />}</Suspense>;
}

/** The shared meme's page, public: shown in any browser, signed in or not (Telegram or not). */
const SHARED_MEME_PATH = '/i/:shareId';

/** A page that needs no sign-in (start-up is not waited for). */
export function isPublicPath(pathname: string): boolean {
  return matchPath(SHARED_MEME_PATH, pathname) !== null || pathname === ACCOUNT_DELETED_PATH;
}

/**
 * Every route of docs/SPEC.md §2, as `<Routes>` under a `<BrowserRouter>` (App): the app uses none of the
 * data router's loaders, actions or fetchers, and `createBrowserRouter` brought them all (and their
 * evaluation) onto a weak phone's first screen (docs/perf-log/mini-app.md, fifth pass). What a route's
 * `errorElement` did, `RouteErrorBoundary` does.
 */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Routes>
        <Route
          path={SHARED_MEME_PATH}
          element={
            <Suspense fallback={<PageSkeleton />}>
              <SharedMemePage />
            </Suspense>
          }
        />
        <Route
          path={ACCOUNT_DELETED_PATH}
          element={
            <Suspense fallback={<PageSkeleton />}>
              <AccountDeletedPage />
            </Suspense>
          }
        />
        <Route
          element={
            <SessionProvider>
              <RealtimeProvider>
                <StartUpGate />
              </RealtimeProvider>
            </SessionProvider>
          }
        >
          <Route path={ONBOARDING_PATH} element={<OnboardingPage />} />
          <Route path={NOT_SUPPORTED_PATH} element={<NotSupportedPage />} />
          <Route element={<Layout />}>
            <Route index element={<Navigate to="/main" replace />} />
            <Route path="/main" element={<MainPage />} />
            <Route path="/invite" element={<InvitePage />} />
            <Route path="/rating" element={<RatingPage />} />
            <Route path="/squads/:id" element={<SquadPage />} />
            <Route path="/quests" element={<QuestsPage />} />
            <Route path="/airdrop" element={<AirdropPage />} />
            <Route path="/profile" element={<ProfilePage />} />
            <Route path="/stickers" element={<StickersPage />} />
            <Route path={PRIVACY_PATH} element={<PrivacyPage />} />
          </Route>
          {/* Outside the layout: the console has its own header and no bottom navigation. */}
          <Route path="/admin/*" element={<AdminRoute />} />
          <Route path="*" element={<Navigate to="/main" replace />} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
