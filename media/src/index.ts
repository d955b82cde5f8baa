export {
  contentTypeOf,
  type MediaClientUrl,
  type MediaObject,
  MediaNotFoundError,
  MediaStore,
} from './media-store.js';
export { DirectoryMediaStore } from './directory-media-store.js';
export { S3MediaStore, type S3MediaStoreOptions } from './s3-media-store.js';
export {
  createMediaStore,
  MEDIA_DEFAULTS,
  MEDIA_STORE_KINDS,
  mediaStoreConfigFromEnv,
  mediaStoreProblems,
  type MediaStoreConfig,
} from './media-config.js';
export {
  ffprobePath,
  packagedBinary,
  probeVideo,
  UnreadableVideoError,
  type VideoProbe,
} from './video-probe.js';
