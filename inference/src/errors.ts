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
