import { useTranslation } from 'react-i18next';
import { MaskIcon } from '../ui/icons';

export function NotSupportedPage() {
  const { t } = useTranslation();
  return (
    <div className="fullscreen-center notice" data-testid="not-supported">
      <div className="onboarding__art" aria-hidden>
        <MaskIcon size={64} />
      </div>
      <h1>{t('notSupported.title')}</h1>
      <p className="muted">{t('notSupported.text')}</p>
    </div>
  );
}
