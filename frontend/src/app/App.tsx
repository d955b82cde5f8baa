import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, StaticRouter } from 'react-router';

import { MomentHost } from '../features/moments';
import { i18n } from '../i18n';
import { MotionFeatures } from '../ui/motion';
import { ToastHost } from '../ui/ToastHost';
import { AppRoutes } from './router';
import { queryClient } from '../lib/services';

/**
 * The whole app. `location` is for the build's prerender (build/prerender-shell.ts), where there is no
 * browser history: it draws that URL's first state, the app shell while start-up signs in.
 */
export function App({ location }: { location?: string }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MotionFeatures>
          {location === undefined ? (
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          ) : (
            <StaticRouter location={location}>
              <AppRoutes />
            </StaticRouter>
          )}
        </MotionFeatures>
        <MomentHost />
        <ToastHost />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
