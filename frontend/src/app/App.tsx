import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { i18n } from '../i18n';
import { MotionFeatures } from '../ui/motion';
import { ToastHost } from '../ui/ToastHost';
import { AppRoutes } from './router';
import { queryClient } from '../lib/services';

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MotionFeatures>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </MotionFeatures>
        <ToastHost />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
