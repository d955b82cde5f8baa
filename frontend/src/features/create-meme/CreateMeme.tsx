import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { PLANS_PATH } from '../../lib/config';
import { Sheet } from '../../ui/Sheet';
import { BaseChoiceStep } from './steps/BaseChoiceStep';
import { CaptionStep } from './steps/CaptionStep';
import { FacePhotoStep } from './steps/FacePhotoStep';
import { FailedStep } from './steps/FailedStep';
import { ProgressStep } from './steps/ProgressStep';
import { ResultStep } from './steps/ResultStep';
import { useCreateMemeFlow } from './useCreateMemeFlow';
import './create-meme.css';

/** The main action: face photo → template or own photo → caption → live progress → result. */
export default function CreateMeme({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, dispatch, generation, pickFace } = useCreateMemeFlow(onClose);
  const seePlans = () => {
    onClose();
    void navigate(PLANS_PATH);
  };

  return (
    <Sheet title={t('create.title')} onClose={onClose}>
      {state.step === 'photo' && (
        <FacePhotoStep
          savedFaceUrl={state.faceUrl}
          onPicked={pickFace}
          onUseSaved={() => dispatch({ type: 'savedFaceUsed' })}
        />
      )}
      {state.step === 'target' && (
        <BaseChoiceStep
          onChosen={(target) => dispatch({ type: 'targetChosen', target })}
          onSeePlans={seePlans}
        />
      )}
      {state.step === 'caption' && (
        <CaptionStep
          flow={state}
          onCaptionChange={(caption) => dispatch({ type: 'captionChanged', caption })}
          onFacesChange={(faceChoice) => dispatch({ type: 'facesChosen', faceChoice })}
          onStarted={(generationId) => dispatch({ type: 'generationStarted', generationId })}
          onSeePlans={seePlans}
        />
      )}
      {state.step === 'progress' &&
        (generation.meme ? (
          <ResultStep meme={generation.meme} onAnother={() => dispatch({ type: 'anotherRequested' })} />
        ) : generation.error !== undefined ? (
          <FailedStep
            error={generation.error}
            errorCode={generation.errorCode}
            onRetry={(failed) => dispatch({ type: 'retried', failed })}
          />
        ) : (
          <ProgressStep generation={generation} />
        ))}
    </Sheet>
  );
}
