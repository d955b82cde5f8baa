/** The stickers feature's public face. */
import './stickers.css';

export { useCreateStickerPack } from './api/create-sticker-pack';
export { useStickerPacks } from './api/get-sticker-packs';
export { stickerKeys } from './api/keys';
export { useUpdateStickerPack } from './api/update-sticker-pack';
export { useStickerProgress } from './useStickerProgress';
