import { useTranslation } from 'react-i18next';
import { translateServerText } from '../../../lib/describe-error';

/** The generation failed: the server's reason (translated when known) and a fresh start. */
export function FailedStep({ error, onRetry }: { error: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="create__step">
      <h2>{t('create.failedTitle')}</h2>
      <p className="error-text">{translateServerText(error || t('errors.generic'), t)}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </section>
  );
}
