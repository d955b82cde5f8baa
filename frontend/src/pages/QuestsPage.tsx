import { useTranslation } from 'react-i18next';

/** Quests: the list arrives with the quests API; until then its empty state. */
export function QuestsPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <h1>{t('quests.title')}</h1>
      <p className="muted">{t('quests.text')}</p>
      <p className="empty">{t('quests.empty')}</p>
    </div>
  );
}
