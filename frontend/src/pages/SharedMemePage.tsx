import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';

/** /i/:shareId: declared by the spec, its content not shown; a pointer into the app for now. */
export function SharedMemePage() {
  const { t } = useTranslation();
  const { shareId } = useParams();
  return (
    <div className="fullscreen-center notice">
      <h1>{t('share.title')}</h1>
      <p className="muted">{t('share.text')}</p>
      <Link className="button" to="/main" data-share-id={shareId}>
        {t('share.open')}
      </Link>
    </div>
  );
}
