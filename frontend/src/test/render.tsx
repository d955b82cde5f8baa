import type { UserDto } from '@mememint/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';

import { sessionKeys } from '../features/session';
import { i18n } from '../i18n';
import { ApiClient } from '../lib/api-client';
import { ApiClientContext } from '../lib/api-context';
import { banned } from '../lib/banned';
import { createQueryClient } from '../lib/services';
import { tokenStore } from '../lib/tokens';
import { MotionFeatures, startMotion } from '../ui/motion';
import { ToastHost } from '../ui/ToastHost';

export const TEST_USER: UserDto = {
  tgId: 1001,
  createdAt: '2026-11-01T10:00:00.000Z',
  isBot: false,
  isAdmin: false,
  isPremium: false,
  isOnboardingDone: true,
  referalId: null,
  hasTon: false,
  username: 'tester',
  firstName: 'Test',
  lastName: null,
  languageCode: 'en',
  photoUrl: null,
  generationLimit: 3,
  memeCoins: 0,
  tasksCount: 0,
  generationsCount: 0,
  invitedCount: 0,
  friendsGenerated: 0,
  referalCoins: 0,
  infl: false,
  referralSpending: 0,
  refInfl: null,
  boostEnds: null,
  swipes: 60,
  swipedCount: 0,
  swipedGiftCount: 0,
  gender: null,
  // Agreed to the face-photo note, as every player who uploaded a face has.
  faceConsentAt: '2026-11-01T10:00:00.000Z',
  balanceVersion: 5,
};

/** Renders with the app's providers, the API pointed at `baseUrl`, and the app's global error toasts. */
export function renderWithApp(
  ui: ReactNode,
  { baseUrl, user = TEST_USER }: { baseUrl: string; user?: UserDto },
) {
  startMotion();
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionKeys.me(), user);
  const client = new ApiClient({
    baseUrl,
    tokens: tokenStore,
    onLogout: () => undefined,
    onBanned: banned.set,
  });
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ApiClientContext.Provider value={client}>
          <MotionFeatures>{ui}</MotionFeatures>
        </ApiClientContext.Provider>
        <ToastHost />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...result, queryClient, user: () => queryClient.getQueryData<UserDto>(sessionKeys.me()) };
}
