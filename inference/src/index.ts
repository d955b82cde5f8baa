import type { FaceBox } from '@mememint/contracts';

import { loadInferenceConfig, type InferenceConfig } from './config.js';
import { findFaces, runSwap, type ProgressListener, type SwapRequest, type SwapResult } from './pipeline.js';

export { ConfigError, loadInferenceConfig, type InferenceConfig } from './config.js';
export {
  ImageTooLargeError,
  InputError,
  NoFaceError,
  UnsupportedImageError,
  type SwapInput,
} from './errors.js';
export type { ProgressListener, SwapRequest, SwapResult } from './pipeline.js';
export { ensureModels } from './models/model-paths.js';
export { mediaPath, readMedia, writeMedia } from './media/media-directory.js';

let defaultConfig: InferenceConfig | undefined;

function config(): InferenceConfig {
  defaultConfig ??= loadInferenceConfig();
  return defaultConfig;
}

/**
 * Swaps the face of `face` into `target` (its largest face, or every face), draws the caption and encodes a
 * JPEG result and a WEBP thumbnail. Configuration (device, threads, limits) comes from the environment.
 */
export function swapFaces(request: SwapRequest, onProgress?: ProgressListener): Promise<SwapResult> {
  return runSwap(request, config(), onProgress);
}

/** Every face found in an image (JPEG, PNG or WEBP bytes), e.g. to check an uploaded template. */
export function detectFaces(buffer: Uint8Array): Promise<FaceBox[]> {
  return findFaces(buffer, config());
}
