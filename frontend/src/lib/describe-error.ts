import { ErrorText, type GenerationFailureCode } from '@mememint/contracts';
import type { TFunction } from 'i18next';
import { ApiError, NetworkError, WrongResponseError } from './api-errors';

/** Server texts the app knows, mapped to their i18n keys so a Russian player reads Russian. */
const KNOWN_TEXTS: Record<string, string> = {
  [ErrorText.requestLimitExceeded]: 'errors.requestLimit',
  [ErrorText.requestLimitHint]: 'errors.requestLimitHint',
  [ErrorText.paymentRequired]: 'errors.paymentRequired',
  [ErrorText.paymentRequiredHint]: 'errors.paymentRequiredHint',
  [ErrorText.notEnoughCoins]: 'errors.notEnoughCoins',
  [ErrorText.outOfCredits]: 'errors.outOfCredits',
  [ErrorText.noFace]: 'errors.noFace',
  [ErrorText.noTargetFace]: 'errors.noTargetFace',
  [ErrorText.captionUnavailable]: 'errors.captionUnavailable',
  [ErrorText.imageUpload]: 'errors.imageUpload',
  [ErrorText.onlyJpeg]: 'errors.onlyJpeg',
  [ErrorText.originalText]: 'errors.originalText',
  [ErrorText.selectSticker]: 'errors.selectSticker',
  [ErrorText.promoTooShort]: 'errors.promoTooShort',
  [ErrorText.telegramUnavailable]: 'errors.telegramUnavailable',
};

export function translateServerText(text: string, t: TFunction): string {
  const key = KNOWN_TEXTS[text];
  return key ? t(key) : text;
}

/** A generation's failure: by its code when it has one (which picture), else by its text. */
const FAILURE_KEYS: Partial<Record<GenerationFailureCode, string>> = {
  NO_FACE: 'errors.noFace',
  NO_TARGET_FACE: 'errors.noTargetFace',
};

export function translateServerError(
  text: string,
  code: GenerationFailureCode | undefined,
  t: TFunction,
): string {
  const key = code && FAILURE_KEYS[code];
  return key ? t(key) : translateServerText(text, t);
}

/**
 * The global error rule (SEED-SPEC §8): nothing for a 401 (the refresh flow owns it); otherwise the
 * server's detail, else the error's own message, else the generic text. Offline → "Bad internet connection".
 */
export function describeError(error: unknown, t: TFunction): { message: string; hint?: string } | null {
  if (error instanceof ApiError && error.status === 401) return null;
  if (error instanceof NetworkError) return { message: t('errors.badConnection') };
  if (error instanceof WrongResponseError) return { message: t('errors.wrongResponse') };
  if (error instanceof ApiError && error.detail) {
    return {
      message: translateServerText(error.detail, t),
      hint: error.hint ? translateServerText(error.hint, t) : undefined,
    };
  }
  if (error instanceof Error && error.message) return { message: translateServerText(error.message, t) };
  return { message: t('errors.generic') };
}
