import { createRequire } from 'node:module';

import { aiLabelXmp } from '@mememint/contracts';
import sharp from 'sharp';

import { MediaKeys } from '../media/media-keys.js';
import type { Meme } from '../memes/entities/meme.entity.js';

/** Telegram's static sticker: one side exactly 512 px, the other at most 512, WEBP, at most 512 KB. */
export const STICKER_SIDE = 512;
export const STICKER_MAX_BYTES = 512 * 1024;

// The workspace's package.json, two folders up from both src/stickers and dist/stickers.
const pkg = createRequire(import.meta.url)('../../package.json') as { name: string; version: string };

/** The AI label (XMP) of the stickers made here: the meme's own label does not survive re-encoding. */
const AI_LABEL_XMP = aiLabelXmp(`MemeMint face swap (${pkg.name} ${pkg.version})`);

/**
 * A meme as a static sticker: fitted into 512×512 (the longer side exactly 512), WEBP with its alpha
 * kept, the quality lowered until it fits Telegram's 512 KB.
 */
export async function memeToSticker(image: Buffer): Promise<Buffer> {
  const resized = await sharp(image)
    .rotate()
    .resize(STICKER_SIDE, STICKER_SIDE, { fit: 'inside', withoutEnlargement: false })
    .toBuffer();
  for (const quality of [90, 80, 70, 55, 40]) {
    const webp = await sharp(resized).webp({ quality, alphaQuality: 100 }).withXmp(AI_LABEL_XMP).toBuffer();
    if (webp.length <= STICKER_MAX_BYTES) return webp;
  }
  return sharp(resized).webp({ quality: 25 }).withXmp(AI_LABEL_XMP).toBuffer();
}

/**
 * Where a still face sticker's inputs are: the caption-less picture and the mask the swap kept beside it.
 * Null for a meme that has none (an upload, an animation, or made before the swap kept its mask: the mask object is
 * then missing, which the caller checks in storage).
 */
export function faceStickerSources(
  meme: Pick<Meme, 'generationId' | 'plainImageKey' | 'videoKey'>,
): { pictureKey: string; maskKey: string } | null {
  if (meme.generationId === null || meme.plainImageKey === null || meme.videoKey !== null) return null;
  return { pictureKey: meme.plainImageKey, maskKey: MediaKeys.generation(meme.generationId).mask };
}

/**
 * Where an animated meme's video sticker comes from: its MP4 and, for a "face" sticker, the tracks its
 * swap wrote (a meme made before they were kept has none: the caller checks the object in storage).
 * Null for a still.
 */
export function videoStickerSources(
  meme: Pick<Meme, 'generationId' | 'videoKey'>,
): { videoKey: string; tracksKey: string } | null {
  if (meme.generationId === null || meme.videoKey === null) return null;
  return { videoKey: meme.videoKey, tracksKey: MediaKeys.generation(meme.generationId).tracks };
}

/**
 * A set name Telegram takes: `<slug>_<random>_by_<bot>`, English letters, digits and single
 * underscores, starting with a letter, at most 64 characters; the random part makes it unique.
 */
export function stickerSetName(title: string, botUsername: string, random: string): string {
  const suffix = `_${random}_by_${botUsername}`;
  let slug = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+/, '')
    .replace(/_+$/, '');
  slug = slug.slice(0, Math.max(0, 64 - suffix.length - 1)).replace(/_+$/, '');
  return `${slug || 'memes'}${suffix}`;
}
