import { ForbiddenException } from '@nestjs/common';
import { ErrorCode, type ErrorBody, ErrorText } from '@mememint/contracts';

import type { AuthenticatedRequest } from '../auth/auth.types.js';

/** 403 `{detail, code: "FACE_CONSENT_REQUIRED"}`: a face photo before `POST /v1/users/face/consent/`. */
export class FaceConsentRequiredException extends ForbiddenException {
  constructor() {
    const body: ErrorBody = { detail: ErrorText.faceConsentRequired, code: ErrorCode.faceConsentRequired };
    super(body);
  }
}

/**
 * The multipart parser's file filter of routes that take a face photo (`PUT /v1/users/face/`, a
 * generation with a `photo`): a player who has not agreed to the face-photo note is refused as the
 * file's part begins, before a byte of it is kept or anything is computed.
 */
export function requireFaceConsent(
  req: unknown,
  _file: unknown,
  accept: (error: Error | null, acceptFile: boolean) => void,
): void {
  if ((req as AuthenticatedRequest).user?.faceConsentAt) accept(null, true);
  else accept(new FaceConsentRequiredException(), false);
}
