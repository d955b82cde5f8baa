import type { GenerationFailureCode } from '@mememint/contracts';
import { useTranslation } from 'react-i18next';

import { translateServerError } from '../../../lib/describe-error';
import type { FailedInput } from '../useCreateMemeFlow';

/** Which picture a failure blames: the face photo (NO_FACE) or the chosen picture (NO_TARGET_FACE). */
export function failedInput(code: GenerationFailureCode | undefined): FailedInput {
  if (code === 'NO_FACE') return 'face';
  if (code === 'NO_TARGET_FACE') return 'target';
  return null;
}

const RETRY_LABEL = { face: 'create.retryFace', target: 'create.retryTarget' } as const;

/**
 * The generation failed (its credit came back): the reason, naming the picture at fault, and the way
 * on — another face photo, another picture, or the same choices again.
 */
export function FailedStep({
  error,
  errorCode,
  onRetry,
}: {
  error: string;
  errorCode?: GenerationFailureCode;
  onRetry: (failed: FailedInput) => void;
}) {
  const { t } = useTranslation();
  const failed = failedInput(errorCode);
  return (
    <section className="create__step">
      <h2>{t('create.failedTitle')}</h2>
      <p className="error-text" data-testid="generation-error">
        {translateServerError(error || t('errors.generic'), errorCode, t)}
      </p>
      {failed === 'face' && <p className="muted">{t('create.noFaceAdvice')}</p>}
      <button type="button" className="button" onClick={() => onRetry(failed)}>
        {t(failed ? RETRY_LABEL[failed] : 'common.retry')}
      </button>
    </section>
  );
}
