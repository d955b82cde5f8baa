/** `POST /api/v1/stickers/`: a Telegram sticker set from the player's memes (at least one). */
export interface StickerPackCreateRequest {
  title: string;
  memeIds: string[];
}

/** A player's sticker pack; `link` is `https://t.me/addstickers/<name>`. */
export interface StickerPackDto {
  id: string;
  name: string;
  title: string;
  link: string;
}
