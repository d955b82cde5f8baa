import type { FaceUploadDto } from '@mememint/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { describeError, translateFaceAdvice } from '../../../lib/describe-error';
import { haptic } from '../../../telegram/sdk';
import { toast } from '../../../ui/toast';
import { FaceConsentGate } from '../../trust';
import { PhotoPicker } from '../PhotoPicker';

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
  const [checking, setChecking] = useState(false);
  const [refused, setRefused] = useState<{ url: string; advice: string } | null>(null);

  async function picked(photo: Blob) {
    setChecking(true);
    setRefused(null);
    try {
      const checked = await onPicked(photo);
      if (checked.notice) toast.info(translateFaceAdvice(checked.notice.code, checked.notice.detail, t));
    } catch (error) {
      haptic.error();
      const advice = describeError(error, t)?.message ?? t('errors.generic');
      setRefused({ url: URL.createObjectURL(photo), advice });
    } finally {
      setChecking(false);
    }
  }

  return (
    <section className="create__step">
      <h2>{t('create.stepPhoto')}</h2>
      <p className="muted">{t('create.stepPhotoText')}</p>
      {refused ? (
        <div className="face-advice" role="alert">
          <img className="face-preview" src={refused.url} alt="" />
          <p>{refused.advice}</p>
        </div>
      ) : (
        savedFaceUrl && (
          <>
            <img className="face-preview" src={savedFaceUrl} alt={t('create.currentPhoto')} />
            <button type="button" className="button" onClick={onUseSaved}>
              {t('create.usePrevious')}
            </button>
          </>
        )
      )}
      {checking && <p className="muted">{t('create.checkingFace')}</p>}
      <FaceConsentGate>
        <PhotoPicker onPicked={(photo) => void picked(photo)} busy={checking} />
      </FaceConsentGate>
      <p className="muted small-text">{t('create.largestFaceHint')}</p>
    </section>
  );
}
