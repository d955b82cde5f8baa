import { useTranslation } from 'react-i18next';

import { Spinner } from '../../../ui/Spinner';
import { useOnline } from '../../../ui/useOnline';
import type { GenerationView } from '../useGeneration';

/** Step 4: the generation's live stage and percentage; offline, that it waits for the network. */
export function ProgressStep({ generation }: { generation: GenerationView }) {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <section className="create__step create__progress" aria-live="polite">
      <h2>{t('create.progressTitle')}</h2>
      <Spinner />
      <p className="stage" data-testid="generation-stage">
        {t(`create.stage.${generation.stage}`)}
      </p>
      <div
        className="progress"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={generation.progress}
      >
        <div className="progress__fill" style={{ width: `${generation.progress}%` }} />
      </div>
      <p className="progress__value" data-testid="generation-progress">
        {Math.round(generation.progress)}%
      </p>
      {!online && <p className="error-text">{t('errors.reconnecting')}</p>}
    </section>
  );
}
