import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { MintMark } from '../ui/brand/brand-art';
import './NotFoundPage.css';

/** A page that is not there for this player (the console for anyone not an admin). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="not-found" data-testid="not-found">
      <MintMark size={72} />
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.hint')}</p>
      <Link to="/main" className="button not-found__action">
        {t('notFound.toMain')}
      </Link>
    </div>
  );
}
