/** Telegram's limit of stickers in a regular static set. */
export const STICKER_PACK_MAX = 120;

/**
 * How a meme becomes a sticker: `full` is the whole meme fitted into 512 px; `face` is the swapped face
 * (its caption under it) cut out along the swap's face mask, on a transparent background with a white
 * outline. Only memes generated since the mask is kept can be `face` stickers.
 */
export const STICKER_STYLES = ['full', 'face'] as const;
export type StickerStyle = (typeof STICKER_STYLES)[number];

/** `POST /api/v1/stickers/`: a Telegram sticker set from the player's memes (at least one). */
export interface StickerPackCreateRequest {
  title: string;
  memeIds: string[];
  /** Default `full`. */
  style?: StickerStyle;
}

/** `PATCH /api/v1/stickers/{id}/`: memes to add or remove, a new title. */
export interface StickerPackUpdateRequest {
  add?: string[];
  remove?: string[];
  title?: string;
}

export interface StickerDto {
  memeId: string;
  /** Telegram's file id of the sticker in the set. */
  fileId: string;
}

/** A player's sticker pack; `link` is `https://t.me/addstickers/<name>`. */
export interface StickerPackDto {
  id: string;
  name: string;
  title: string;
  link: string;
  stickers: StickerDto[];
}

/** `GET /api/v1/stickers/`: the player's packs, newest first. */
export interface StickerPackListDto {
  items: StickerPackDto[];
}

/** The socket's report while a pack is made or changed (`stickers:progress`). */
export interface StickerPackProgress {
  /** The job making the pack (one per request). */
  jobId: string;
  /** Stickers done so far out of `total`. */
  done: number;
  total: number;
}
