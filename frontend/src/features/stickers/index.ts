/** The stickers feature's public face. */
export { useCreateStickerPack } from './api/create-sticker-pack';
