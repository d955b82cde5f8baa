import {
  ErrorCode,
  ErrorText,
  FACE_CHECK_CODES,
  FACE_NOTICE_CODES,
  type GenerationFailureCode,
  type PromoErrorCode,
} from '@mememint/contracts';
import type { TFunction } from 'i18next';

import { ApiError, NetworkError, WrongResponseError } from './api-errors';

/** Server texts the app knows, mapped to their i18n keys so a Russian player reads Russian. */
const KNOWN_TEXTS: Record<string, string> = {
  [ErrorText.requestLimitExceeded]: 'errors.requestLimit',
  [ErrorText.requestLimitHint]: 'errors.requestLimitHint',
  [ErrorText.generationsInProgress]: 'errors.generationsInProgress',
  [ErrorText.paymentRequired]: 'errors.paymentRequired',
  [ErrorText.paymentRequiredHint]: 'errors.paymentRequiredHint',
  [ErrorText.notEnoughCoins]: 'errors.notEnoughCoins',
  [ErrorText.outOfCredits]: 'errors.outOfCredits',
  [ErrorText.noFace]: 'errors.noFace',
  [ErrorText.faceTooSmallInTarget]: 'errors.faceTooSmallInTarget',
  [ErrorText.noSuchFace]: 'errors.noSuchFace',
  [ErrorText.noTargetFace]: 'errors.noTargetFace',
  [ErrorText.captionUnavailable]: 'errors.captionUnavailable',
  [ErrorText.imageUpload]: 'errors.imageUpload',
  [ErrorText.generationTimeout]: 'errors.generationTimeout',
  [ErrorText.onlyJpeg]: 'errors.onlyJpeg',
  [ErrorText.nsfwImage]: 'errors.nsfwImage',
  [ErrorText.inReview]: 'errors.inReview',
  [ErrorText.originalText]: 'errors.originalText',
  [ErrorText.selectSticker]: 'errors.selectSticker',
  [ErrorText.promoTooShort]: 'errors.promoTooShort',
  [ErrorText.telegramUnavailable]: 'errors.telegramUnavailable',
  [ErrorText.faceConsentRequired]: 'trust.consentRequired',
  [ErrorText.alreadyReported]: 'trust.alreadyReported',
};

/** Codes of the face check (GAME.md "Decisions"): the advice is translated by code, not by text. */
const FACE_CODES: readonly string[] = [...FACE_CHECK_CODES, ...FACE_NOTICE_CODES];

/** A face check's advice or notice (`{code, detail}`) in the player's language. */
export function translateFaceAdvice(code: string | undefined, detail: string, t: TFunction): string {
  return code && FACE_CODES.includes(code) ? t(`faceCheck.${code}`) : translateServerText(detail, t);
}

/** Every refusal of `/v1/promocodes/` by its code (a new code fails the type check until it has a text). */
const PROMO_KEYS: Record<PromoErrorCode, string> = {
  PROMO_TOO_SHORT: 'errors.promoTooShort',
  PROMO_NOT_FOUND: 'errors.promoNotFound',
  PROMO_EXHAUSTED: 'errors.promoExhausted',
  PROMO_ALREADY_USED: 'errors.promoAlreadyUsed',
  PROMO_OWN_CODE: 'errors.promoOwnCode',
  PROMO_INFLUENCERS_ONLY: 'errors.promoInfluencersOnly',
};

/**
 * An API error's `detail` in the player's language: by its `code` when the app knows it (a face
 * check's advice or notice, a promo code's refusal), else by its text, else verbatim.
 */
/** Screening's refusals (an upload scored NSFW, a result held for review) by their code. */
const SCREENING_KEYS: Record<string, string> = {
  NSFW_IMAGE: 'errors.nsfwImage',
  IN_REVIEW: 'errors.inReview',
};

function translateCodedError(code: string | undefined, detail: string, t: TFunction): string {
  if (code && Object.hasOwn(PROMO_KEYS, code)) return t(PROMO_KEYS[code as PromoErrorCode]);
  if (code && Object.hasOwn(SCREENING_KEYS, code)) return t(SCREENING_KEYS[code]);
  return translateFaceAdvice(code, detail, t);
}

export function translateServerText(text: string, t: TFunction): string {
  const key = KNOWN_TEXTS[text];
  return key ? t(key) : text;
}

/** A generation's failure: by its code when it has one (which picture), else by its text. */
const FAILURE_KEYS: Partial<Record<GenerationFailureCode, string>> = {
  NO_FACE: 'errors.noFace',
  NO_TARGET_FACE: 'errors.noTargetFace',
  NSFW_IMAGE: 'errors.nsfwImage',
  GENERATION_TIMEOUT: 'errors.generationTimeout',
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
 * The global error rule (docs/SPEC.md §8): nothing for a 401 (the refresh flow owns it); otherwise the
 * server's detail, else the error's own message, else the generic text. Offline → "Bad internet connection".
 */
export function describeError(error: unknown, t: TFunction): { message: string; hint?: string } | null {
  if (error instanceof ApiError && error.status === 401) return null;
  // A banned player sees the banned screen (lib/banned), not a toast per refused write.
  if (error instanceof ApiError && error.body?.code === ErrorCode.banned) return null;
  if (error instanceof NetworkError) return { message: t('errors.badConnection') };
  if (error instanceof WrongResponseError) return { message: t('errors.wrongResponse') };
  if (error instanceof ApiError && error.detail) {
    return {
      message: translateCodedError(error.body?.code, error.detail, t),
      hint: error.hint ? translateServerText(error.hint, t) : undefined,
    };
  }
  if (error instanceof Error && error.message) return { message: translateServerText(error.message, t) };
  return { message: t('errors.generic') };
}
