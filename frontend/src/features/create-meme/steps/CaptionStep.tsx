import { useTranslation } from 'react-i18next';
import { haptic } from '../../../telegram/sdk';
import { isLimitReached } from '../../balance';
import { useUser } from '../../session';
import { useStartGeneration } from '../api/start-generation';
import type { CreateMemeFlowState } from '../useCreateMemeFlow';

/** Step 3: face → base at a glance, the caption, and the start (one credit). */
export function CaptionStep({
  flow: { faceUrl, target, caption },
  onCaptionChange,
  onStarted,
}: {
  flow: CreateMemeFlowState;
  onCaptionChange: (caption: string) => void;
  onStarted: (generationId: string) => void;
}) {
  const { t } = useTranslation();
  const user = useUser();
  const start = useStartGeneration({
    onSuccess: (created) => {
      haptic.tap();
      onStarted(created.id);
    },
  });

  return (
    <section className="create__step">
      <h2>{t('create.stepCaption')}</h2>
      <div className="chosen" aria-hidden>
        {faceUrl && <img className="chosen__face" src={faceUrl} alt="" />}
        <span className="chosen__arrow">→</span>
        {target && <img className="chosen__target" src={target.previewUrl} alt="" />}
      </div>
      <label className="field">
        <span className="field__label">{t('create.captionLabel')}</span>
        <textarea
          className="input"
          rows={3}
          maxLength={200}
          value={caption}
          placeholder={t('create.captionPlaceholder')}
          onChange={(e) => onCaptionChange(e.target.value)}
        />
      </label>
      {isLimitReached(user.generationLimit) && <p className="muted">{t('main.noCredits')}</p>}
      <button
        type="button"
        className="button"
        disabled={start.isPending}
        // The face picked in this flow passed the face check, which made it the server's current face.
        onClick={() => start.mutate({ face: null, base: target, caption })}
      >
        {start.isPending ? t('create.starting') : t('create.start')}
      </button>
    </section>
  );
}
