/** The create flow's public face: the flow itself and the face photo kept on the device. */
export { CreateMeme } from './CreateMeme';
export { loadFacePhotoUrl, saveFacePhoto } from './photo';
export { PhotoPicker } from './PhotoPicker';
