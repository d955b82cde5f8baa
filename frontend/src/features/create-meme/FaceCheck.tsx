import type { FaceUploadDto } from '@mememint/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { describeError, translateFaceAdvice } from '../../lib/describe-error';
import { haptic } from '../../telegram/sdk';
import { toast } from '../../ui/toast';
import { FaceConsentGate } from '../trust';
import { PhotoPicker } from './PhotoPicker';

/**
 * A new face photo checked by the server, wherever the player picks one (the create flow's first step,
 * Profile → change photo): the one-time face-photo note until the player agrees, then the picker, "checking" while it runs, a notice as a toast, and a refusal's
 * advice next to the refused photo (in place of `children`, what is shown otherwise).
 */
export function FaceCheck({
  onPicked,
  children,
}: {
  /** Resolves with the check's answer once the photo passed; rejects with the refusal. */
  onPicked: (photo: Blob) => Promise<FaceUploadDto>;
  children?: ReactNode;
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
    <>
      {refused ? (
        <div className="face-advice" role="alert">
          <img className="face-preview" src={refused.url} alt="" />
          <p>{refused.advice}</p>
        </div>
      ) : (
        children
      )}
      {checking && <p className="muted">{t('create.checkingFace')}</p>}
      <FaceConsentGate>
        <PhotoPicker onPicked={(photo) => void picked(photo)} busy={checking} />
      </FaceConsentGate>
    </>
  );
}
