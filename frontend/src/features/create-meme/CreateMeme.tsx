import { useTranslation } from 'react-i18next';
import { BaseChoiceStep } from './steps/BaseChoiceStep';
import { CaptionStep } from './steps/CaptionStep';
import { FacePhotoStep } from './steps/FacePhotoStep';
import { FailedStep } from './steps/FailedStep';
import { ProgressStep } from './steps/ProgressStep';
import { ResultStep } from './steps/ResultStep';
import { useCreateMemeFlow } from './useCreateMemeFlow';

/** The main action: face photo → template or own photo → caption → live progress → result. */
export function CreateMeme({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { state, dispatch, generation, pickFace } = useCreateMemeFlow(onClose);

  return (
    <div className="create" role="dialog" aria-label={t('create.title')}>
      <div className="create__header">
        <h1>{t('create.title')}</h1>
        <button type="button" className="icon-button" aria-label={t('common.close')} onClick={onClose}>
          ×
        </button>
      </div>

      {state.step === 'photo' && (
        <FacePhotoStep
          savedFaceUrl={state.faceUrl}
          onPicked={pickFace}
          onUseSaved={() => dispatch({ type: 'savedFaceUsed' })}
        />
      )}
      {state.step === 'target' && (
        <BaseChoiceStep onChosen={(target, caption) => dispatch({ type: 'targetChosen', target, caption })} />
      )}
      {state.step === 'caption' && (
        <CaptionStep
          flow={state}
          onCaptionChange={(caption) => dispatch({ type: 'captionChanged', caption })}
          onStarted={(generationId) => dispatch({ type: 'generationStarted', generationId })}
        />
      )}
      {state.step === 'progress' &&
        (generation.meme ? (
          <ResultStep meme={generation.meme} onAnother={() => dispatch({ type: 'anotherRequested' })} />
        ) : generation.error !== undefined ? (
          <FailedStep error={generation.error} onRetry={() => dispatch({ type: 'retried' })} />
        ) : (
          <ProgressStep generation={generation} />
        ))}
    </div>
  );
}
