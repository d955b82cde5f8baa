import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { AirdropSkeleton } from '../features/airdrop';
import { InvitePage } from '../pages/InvitePage';
import { MainPage } from '../pages/MainPage';
import { NotSupportedPage } from '../pages/NotSupportedPage';
import { OnboardingPage } from '../pages/OnboardingPage';
import { ProfilePage } from '../pages/ProfilePage';
import { QuestsPage } from '../pages/QuestsPage';
import { RatingPage } from '../pages/RatingPage';
import { SharedMemePage } from '../pages/SharedMemePage';
import { SquadPage } from '../pages/SquadPage';
import { StickersPage } from '../pages/StickersPage';
import { Layout } from './Layout';
import { RealtimeProvider } from './providers/RealtimeProvider';
import { SessionProvider } from './providers/SessionProvider';
import { RouteError } from './RouteError';
import { NOT_SUPPORTED_PATH, ONBOARDING_PATH, StartUpGate } from './StartUpGate';

const AirdropPage = lazy(() => import('../pages/AirdropPage'));

/** Every route of SEED-SPEC §2. */
export const router = createBrowserRouter([
  // Public: a shared meme shows in any browser, signed in or not (Telegram or not).
  { path: '/i/:shareId', element: <SharedMemePage />, errorElement: <RouteError /> },
  {
    element: (
      <SessionProvider>
        <RealtimeProvider>
          <StartUpGate />
        </RealtimeProvider>
      </SessionProvider>
    ),
    errorElement: <RouteError />,
    children: [
      { path: ONBOARDING_PATH, element: <OnboardingPage /> },
      { path: NOT_SUPPORTED_PATH, element: <NotSupportedPage /> },
      {
        element: <Layout />,
        children: [
          { index: true, element: <Navigate to="/main" replace /> },
          { path: '/main', element: <MainPage /> },
          { path: '/invite', element: <InvitePage /> },
          { path: '/rating', element: <RatingPage /> },
          { path: '/squads/:id', element: <SquadPage /> },
          { path: '/quests', element: <QuestsPage /> },
          {
            path: '/airdrop',
            element: (
              <Suspense fallback={<AirdropSkeleton />}>
                <AirdropPage />
              </Suspense>
            ),
          },
          { path: '/profile', element: <ProfilePage /> },
          { path: '/stickers', element: <StickersPage /> },
        ],
      },
      { path: '*', element: <Navigate to="/main" replace /> },
    ],
  },
]);
