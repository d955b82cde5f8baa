import type { MemeDto } from '@mememint/contracts';
import { useTranslation } from 'react-i18next';

import { MemeResult } from '../MemeResult';

/** Step 5: the finished meme, and another one with the same face. */
export function ResultStep({ meme, onAnother }: { meme: MemeDto; onAnother: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="create__step">
      <h2>{t('create.resultTitle')}</h2>
      <MemeResult key={meme.id} meme={meme} />
      <button type="button" className="link-button" onClick={onAnother}>
        {t('create.another')}
      </button>
    </section>
  );
}
