import { useTranslation } from 'react-i18next';

export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="spinner" role="progressbar" aria-label={label ?? t('app.loading')}>
      <div className="spinner__ring" />
    </div>
  );
}

export function FullScreenSpinner() {
  return (
    <div className="fullscreen-center">
      <Spinner />
    </div>
  );
}
