/** The create flow's public face: the flow (loaded on demand), a meme's page, and the face photo kept on the device. */
export { createMemeKeys } from './api/keys';
export { CreateMeme, preloadCreateMeme } from './LazyCreateMeme';
export { MemeResult } from './MemeResult';
export { FaceCheck } from './FaceCheck';
export { forgetFacePhoto, loadFacePhotoUrl } from './photo';
export { useFaceUpload } from './useFaceUpload';
