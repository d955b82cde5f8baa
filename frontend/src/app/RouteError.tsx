import { useTranslation } from 'react-i18next';

/** Whatever a screen throws while rendering ends here instead of a blank app. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="fullscreen-center notice" role="alert">
      <p>{t('errors.generic')}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </button>
    </div>
  );
}
