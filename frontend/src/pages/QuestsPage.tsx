import { useTranslation } from 'react-i18next';

import { QuestList } from '../features/quests';

/** Quests: do them, check them, earn coins and credits. */
export function QuestsPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <h1>{t('quests.title')}</h1>
      <p className="muted">{t('quests.text')}</p>
      <QuestList />
    </div>
  );
}
