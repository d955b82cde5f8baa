import { randomBytes } from 'node:crypto';

import type { File, Sticker, StickerSet } from '@grammyjs/types';
import sharp from 'sharp';

import { badRequest, int, isUploadedFile, type Params, str, type UploadedFile } from './params.js';
import { checkVideoSticker } from './video-stickers.js';

/** Telegram's limits for static stickers and sets (core.telegram.org/stickers, Bot API docs). */
export const STICKER_LIMITS = {
  side: 512,
  maxBytes: 512 * 1024,
  initialMin: 1,
  initialMax: 50,
  /** Regular (non-emoji) sets hold up to 120 stickers. */
  setMax: 120,
  nameMax: 64,
  titleMax: 64,
  emojiMax: 20,
} as const;

interface StoredFile {
  fileId: string;
  fileUniqueId: string;
  data: Buffer;
  format: 'webp' | 'png' | 'webm';
  width: number;
  height: number;
}

interface StoredSet {
  name: string;
  title: string;
  ownerId: number;
  stickers: { file: StoredFile; emoji: string }[];
}

const newFileId = () => `CAAC${randomBytes(24).toString('base64url')}`;
const newUniqueId = () => `AgAD${randomBytes(8).toString('base64url')}`;

/**
 * The checks Telegram makes on a set name: 1–64 characters, English letters, digits and
 * underscores, starting with a letter, no consecutive underscores, ending in `_by_<bot username>`
 * (case-insensitive). Answers the Bot API's error description, or null when the name is fine.
 */
export function stickerSetNameProblem(name: string, botUsername: string): string | null {
  if (name.length < 1 || name.length > STICKER_LIMITS.nameMax) return 'invalid sticker set name is specified';
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name) || name.includes('__'))
    return 'invalid sticker set name is specified';
  if (!name.toLowerCase().endsWith(`_by_${botUsername.toLowerCase()}`))
    return `sticker set name must end with "_by_${botUsername}"`;
  return null;
}

/** A static sticker file: really WEBP or PNG, one side exactly 512 px, neither more, at most 512 KB. */
async function checkStaticImage(file: UploadedFile): Promise<Omit<StoredFile, 'fileId' | 'fileUniqueId'>> {
  if (file.data.length > STICKER_LIMITS.maxBytes) throw badRequest('file is too big');
  const meta = await sharp(file.data)
    .metadata()
    .catch(() => null);
  if (!meta || (meta.format !== 'webp' && meta.format !== 'png')) throw badRequest('STICKER_PNG_NOPNG');
  const { width, height } = meta;
  const side = STICKER_LIMITS.side;
  if (width > side || height > side || (width !== side && height !== side))
    throw badRequest('STICKER_PNG_DIMENSIONS');
  return { data: file.data, format: meta.format, width, height };
}

/** The formats the fake takes: `static` (WEBP/PNG) and `video` (WEBM); `animated` (TGS) it refuses. */
function stickerFormat(format: unknown): 'static' | 'video' {
  if (format === 'static' || format === 'video') return format;
  if (format === 'animated') throw badRequest('the fake Bot API does not take animated (TGS) stickers');
  throw badRequest('sticker format is invalid');
}

function checkFile(file: UploadedFile, format: 'static' | 'video') {
  return format === 'video' ? checkVideoSticker(file) : checkStaticImage(file);
}

/** Sticker files and sets of the fake bot, with the methods that manage them. */
export class StickerStore {
  private readonly files = new Map<string, StoredFile>();
  private readonly sets = new Map<string, StoredSet>();

  constructor(private readonly botUsername: () => string) {}

  /** The bytes of an uploaded or set sticker (for tests to inspect what was sent). */
  file(fileId: string): StoredFile | undefined {
    return this.files.get(fileId);
  }

  async uploadStickerFile(params: Params): Promise<File> {
    int(params, 'user_id');
    const format = stickerFormat(str(params, 'sticker_format'));
    const sticker = params.sticker;
    if (!isUploadedFile(sticker)) throw badRequest('there is no sticker file in the request');
    const stored = this.store(await checkFile(sticker, format));
    return { file_id: stored.fileId, file_unique_id: stored.fileUniqueId, file_size: stored.data.length };
  }

  async createNewStickerSet(params: Params): Promise<true> {
    const ownerId = int(params, 'user_id');
    const name = str(params, 'name');
    const problem = stickerSetNameProblem(name, this.botUsername());
    if (problem) throw badRequest(problem);
    const title = this.title(params);
    const type = params.sticker_type ?? 'regular';
    if (type !== 'regular') throw badRequest('the fake Bot API supports regular sticker sets only');
    const inputs = params.stickers;
    if (!Array.isArray(inputs) || inputs.length < STICKER_LIMITS.initialMin)
      throw badRequest('stickers must be non-empty');
    if (inputs.length > STICKER_LIMITS.initialMax) throw badRequest('STICKERS_TOO_MUCH');
    const stickers = [];
    for (const input of inputs) stickers.push(await this.inputSticker(input, params));
    // Checked after the files, as Telegram answers a bad file before an occupied name.
    if (this.sets.has(name.toLowerCase())) throw badRequest('sticker set name is already occupied');
    this.sets.set(name.toLowerCase(), { name, title, ownerId, stickers });
    return true;
  }

  async addStickerToSet(params: Params): Promise<true> {
    const set = this.ownedSet(params);
    const sticker = await this.inputSticker(params.sticker, params);
    if (set.stickers.length >= STICKER_LIMITS.setMax) throw badRequest('STICKERS_TOO_MUCH');
    set.stickers.push(sticker);
    return true;
  }

  deleteStickerFromSet(params: Params): true {
    const fileId = str(params, 'sticker');
    for (const set of this.sets.values()) {
      const index = set.stickers.findIndex((sticker) => sticker.file.fileId === fileId);
      if (index >= 0) {
        set.stickers.splice(index, 1);
        return true;
      }
    }
    throw badRequest('STICKER_INVALID');
  }

  setStickerSetTitle(params: Params): true {
    this.existingSet(str(params, 'name')).title = this.title(params);
    return true;
  }

  deleteStickerSet(params: Params): true {
    const set = this.existingSet(str(params, 'name'));
    this.sets.delete(set.name.toLowerCase());
    return true;
  }

  getStickerSet(params: Params): StickerSet {
    const set = this.existingSet(str(params, 'name'));
    return {
      name: set.name,
      title: set.title,
      sticker_type: 'regular',
      stickers: set.stickers.map(({ file, emoji }): Sticker => ({
        file_id: file.fileId,
        file_unique_id: file.fileUniqueId,
        type: 'regular',
        width: file.width,
        height: file.height,
        is_animated: false,
        is_video: file.format === 'webm',
        emoji,
        set_name: set.name,
        file_size: file.data.length,
      })),
    };
  }

  private title(params: Params): string {
    const title = str(params, 'title');
    if (title.length > STICKER_LIMITS.titleMax) throw badRequest('invalid sticker set title');
    return title;
  }

  private existingSet(name: string): StoredSet {
    const set = this.sets.get(name.toLowerCase());
    if (!set) throw badRequest('STICKERSET_INVALID');
    return set;
  }

  private ownedSet(params: Params): StoredSet {
    const userId = int(params, 'user_id');
    const set = this.existingSet(str(params, 'name'));
    if (set.ownerId !== userId) throw badRequest('STICKERSET_INVALID');
    return set;
  }

  /** An InputSticker: a file_id from uploadStickerFile, or a file attached as `attach://<field>`. */
  private async inputSticker(input: unknown, params: Params): Promise<StoredSet['stickers'][number]> {
    if (typeof input !== 'object' || input === null) throw badRequest('sticker is invalid');
    const { sticker, format, emoji_list: emojiList } = input as Record<string, unknown>;
    // Bot API 7.2: each sticker says its own format, so one set may mix static and video stickers.
    const kind = stickerFormat(format);
    if (
      !Array.isArray(emojiList) ||
      emojiList.length < 1 ||
      emojiList.length > STICKER_LIMITS.emojiMax ||
      !emojiList.every((emoji) => typeof emoji === 'string' && emoji.length > 0)
    )
      throw badRequest('STICKER_EMOJI_INVALID');
    let file: StoredFile | undefined;
    if (typeof sticker === 'string' && sticker.startsWith('attach://')) {
      const attached = params[sticker.slice('attach://'.length)];
      if (!isUploadedFile(attached)) throw badRequest('wrong HTTP URL specified');
      file = this.store(await checkFile(attached, kind));
    } else if (typeof sticker === 'string' && /^https?:\/\//.test(sticker)) {
      throw badRequest('the fake Bot API does not download files from URLs');
    } else if (typeof sticker === 'string') {
      const uploaded = this.files.get(sticker);
      if (!uploaded) throw badRequest('wrong file identifier/HTTP URL specified');
      if ((uploaded.format === 'webm') !== (kind === 'video')) throw badRequest('STICKER_FILE_INVALID');
      // A set holds its own copy of the file, with a new file id, as in Telegram.
      file = this.store(uploaded);
    }
    if (!file) throw badRequest('sticker is invalid');
    return { file, emoji: emojiList[0] as string };
  }

  private store(image: Omit<StoredFile, 'fileId' | 'fileUniqueId'>): StoredFile {
    const stored: StoredFile = {
      fileId: newFileId(),
      fileUniqueId: newUniqueId(),
      data: image.data,
      format: image.format,
      width: image.width,
      height: image.height,
    };
    this.files.set(stored.fileId, stored);
    return stored;
  }
}
