import type { GenerationFailureCode } from '@mememint/contracts';

/**
 * A failure caused by the input, not by the engine: retrying cannot help. `code` is the failure code the
 * worker reports (`<code>: <message>`).
 */
export abstract class InputError extends Error {
  abstract readonly code: GenerationFailureCode;
}

/** Which input of a swap an error is about. */
export type SwapInput = 'face' | 'target';

/** NO_FACE for the player's face photo, NO_TARGET_FACE for the picture the face goes into. */
export class NoFaceError extends InputError {
  readonly code: 'NO_FACE' | 'NO_TARGET_FACE';
  constructor(readonly input: SwapInput) {
    super(input === 'face' ? 'no face found in the face photo' : 'no face found in the target photo');
    this.name = 'NoFaceError';
    this.code = input === 'face' ? 'NO_FACE' : 'NO_TARGET_FACE';
  }
}

export class UnsupportedImageError extends InputError {
  readonly code = 'UNSUPPORTED_IMAGE';
  constructor(message: string) {
    super(message);
    this.name = 'UnsupportedImageError';
  }
}

export class ImageTooLargeError extends InputError {
  readonly code = 'IMAGE_TOO_LARGE';
  constructor(message: string) {
    super(message);
    this.name = 'ImageTooLargeError';
  }
}

/** The chosen face of the target is too small to swap even on a supersampled crop. */
export class FaceTooSmallInTargetError extends InputError {
  readonly code = 'FACE_TOO_SMALL_IN_TARGET';
  constructor(width: number, minimum: number) {
    super(
      `the face in the picture is ${Math.round(width)} px wide: too small to swap (at least ${minimum} px)`,
    );
    this.name = 'FaceTooSmallInTargetError';
  }
}

/** A face index that the target's face list does not have. */
export class NoSuchFaceError extends InputError {
  readonly code = 'NO_SUCH_FACE';
  constructor(index: number, count: number) {
    super(`the picture has ${count} face${count === 1 ? '' : 's'}: there is no face ${index}`);
    this.name = 'NoSuchFaceError';
  }
}

/** An upload the NSFW classifier scores above the thresholds its analyse job carried. */
export class NsfwImageError extends InputError {
  readonly code = 'NSFW_IMAGE';
  constructor(message: string) {
    super(message);
    this.name = 'NsfwImageError';
  }
}
