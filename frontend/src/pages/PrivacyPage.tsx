import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import './PrivacyPage.css';

/** The privacy text's sections, in order (i18n `privacy.<name>Title` / `privacy.<name>Text`). */
const SECTIONS = ['profile', 'face', 'memes', 'game', 'payments', 'safety', 'delete'] as const;

/**
 * /privacy: what MemeMint stores, why, for how long and how to delete it (docs/OPERATIONS.md, "Deleting
 * a face or an account", says the same for operators).
 */
export function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <div className="page privacy-page" data-testid="privacy-page">
      <h1>{t('privacy.title')}</h1>
      <p className="muted">{t('privacy.intro')}</p>
      {SECTIONS.map((name) => (
        <section key={name}>
          <h2>{t(`privacy.${name}Title`)}</h2>
          <p>{t(`privacy.${name}Text`)}</p>
        </section>
      ))}
      <Link to="/profile" className="button button--secondary">
        {t('nav.profile')}
      </Link>
    </div>
  );
}
