import type { FaceUploadDto } from '@mememint/contracts';
import { useTranslation } from 'react-i18next';

import { FaceCheck } from '../FaceCheck';

/**
 * Step 1: a new face photo, checked by the server (advice shown next to the photo, retake below), or
 * the one saved on the device. A photo with several people works, with the largest face: said up front.
 */
export function FacePhotoStep({
  savedFaceUrl,
  onPicked,
  onUseSaved,
}: {
  savedFaceUrl: string | null;
  /** Resolves with the check's answer once the photo passed; rejects with the refusal. */
  onPicked: (photo: Blob) => Promise<FaceUploadDto>;
  onUseSaved: () => void;
}) {
  const { t } = useTranslation();

  return (
    <section className="create__step">
      <h2>{t('create.stepPhoto')}</h2>
      <p className="muted">{t('create.stepPhotoText')}</p>
      <FaceCheck onPicked={onPicked}>
        {savedFaceUrl && (
          <>
            <img className="face-preview" src={savedFaceUrl} alt={t('create.currentPhoto')} />
            <button type="button" className="button" onClick={onUseSaved}>
              {t('create.usePrevious')}
            </button>
          </>
        )}
      </FaceCheck>
      <p className="muted small-text">{t('create.largestFaceHint')}</p>
    </section>
  );
}
