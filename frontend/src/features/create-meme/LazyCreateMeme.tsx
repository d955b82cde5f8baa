import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

import { Sheet } from '../../ui/Sheet';
import { Spinner } from '../../ui/Spinner';

const loadCreateMeme = () => import('./CreateMeme');
const CreateMemeFlow = lazy(loadCreateMeme);

/** Fetches the create flow ahead of the tap (the app shell calls it once the first screen is up). */
export function preloadCreateMeme(): void {
  void loadCreateMeme();
}

/** The create flow, loaded on demand: the first screen does not wait for it. */
export function CreateMeme({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Sheet title={t('create.title')} onClose={onClose}>
          <Spinner />
        </Sheet>
      }
    >
      <CreateMemeFlow onClose={onClose} />
    </Suspense>
  );
}
