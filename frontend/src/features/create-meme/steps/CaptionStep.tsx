import type { FaceChoice } from '@mememint/contracts';
import { useTranslation } from 'react-i18next';

import { haptic } from '../../../telegram/sdk';
import { isLimitReached } from '../../balance';
import { useUser } from '../../session';
import { useStartGeneration } from '../api/start-generation';
import { CaptionField } from '../CaptionField';
import { FacePicker } from '../FacePicker';
import { StartRefusal } from '../StartRefusal';
import type { CreateMemeFlowState } from '../useCreateMemeFlow';

/** Step 3: face → base at a glance, the caption (a template's offered, never imposed), and the start. */
export function CaptionStep({
  flow: { faceUrl, target, caption, faceChoice },
  onCaptionChange,
  onFacesChange,
  onStarted,
  onSeePlans,
}: {
  flow: CreateMemeFlowState;
  onCaptionChange: (caption: string) => void;
  onFacesChange: (faceChoice: FaceChoice) => void;
  onStarted: (generationId: string) => void;
  onSeePlans: () => void;
}) {
  const { t } = useTranslation();
  const user = useUser();
  const start = useStartGeneration({
    onSuccess: (created) => {
      haptic.tap();
      onStarted(created.id);
    },
  });
  const suggestion = target?.suggestedCaption?.trim() || null;

  return (
    <section className="create__step">
      <h2>{t('create.stepCaption')}</h2>
      <div className="chosen" aria-hidden>
        {faceUrl && <img className="chosen__face" src={faceUrl} alt="" />}
        <span className="chosen__arrow">→</span>
        {target && <img className="chosen__target" src={target.previewUrl} alt="" />}
      </div>
      {target?.faces && target.faces.length > 1 && target.width && target.height && (
        <FacePicker
          imageUrl={target.previewUrl}
          width={target.width}
          height={target.height}
          faces={target.faces}
          defaultFace={target.defaultFace ?? 0}
          value={faceChoice}
          onChange={onFacesChange}
        />
      )}
      {suggestion && (
        <div className="suggestion" data-testid="caption-suggestion">
          <span className="field__label">{t('create.suggestionLabel')}</span>
          <p className="suggestion__text">{suggestion}</p>
          <p className="muted suggestion__why">{t('create.suggestionWhy')}</p>
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => onCaptionChange(suggestion)}
          >
            {t('create.useSuggestion')}
          </button>
        </div>
      )}
      <CaptionField value={caption} onChange={onCaptionChange} />
      {target?.animated && (
        <p className="muted" data-testid="animation-cost">
          {t('create.animationCost')}
        </p>
      )}
      {isLimitReached(user.generationLimit) && !start.error && (
        <div className="notice-box">
          <p>{t('errors.outOfCredits')}</p>
          <p className="muted">{t('main.noCredits')}</p>
          <button type="button" className="button button--small button--secondary" onClick={onSeePlans}>
            {t('create.seeCreditPacks')}
          </button>
        </div>
      )}
      <button
        type="button"
        className="button"
        disabled={start.isPending}
        // The face picked in this flow passed the face check, which made it the server's current face.
        onClick={() => start.mutate({ face: null, base: target, caption, faces: faceChoice })}
      >
        {start.isPending ? t('create.starting') : t('create.start')}
      </button>
      {start.error && !start.isPending && (
        <StartRefusal
          key={start.submittedAt}
          error={start.error}
          animated={!!target?.animated}
          onSeePlans={onSeePlans}
        />
      )}
    </section>
  );
}
