/** The stickers feature's public face: the sticker pack maker and the player's packs (/stickers). */
export { StickerPacks } from './StickerPacks';
