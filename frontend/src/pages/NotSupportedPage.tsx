import { useTranslation } from 'react-i18next';

export function NotSupportedPage() {
  const { t } = useTranslation();
  return (
    <div className="fullscreen-center notice" data-testid="not-supported">
      <div className="notice__icon" aria-hidden>
        📱
      </div>
      <h1>{t('notSupported.title')}</h1>
      <p className="muted">{t('notSupported.text')}</p>
    </div>
  );
}
