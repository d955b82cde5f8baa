import type { FaceBox } from '@mememint/contracts';

import { loadInferenceConfig, type InferenceConfig } from './config.js';
import { findFaces } from './pipeline.js';

export { ConfigError, loadInferenceConfig, type InferenceConfig } from './config.js';
export {
  ImageTooLargeError,
  InputError,
  NoFaceError,
  UnsupportedImageError,
  type SwapInput,
} from './errors.js';
export { ensureModels } from './models/model-paths.js';
export { mediaPath, readMedia, writeMedia } from './media/media-directory.js';

let defaultConfig: InferenceConfig | undefined;

function config(): InferenceConfig {
  defaultConfig ??= loadInferenceConfig();
  return defaultConfig;
}

/** Every face found in an image (JPEG, PNG or WEBP bytes), e.g. to check an uploaded template. */
export function detectFaces(buffer: Uint8Array): Promise<FaceBox[]> {
  return findFaces(buffer, config());
}
