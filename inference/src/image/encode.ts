import sharp, { type Sharp } from 'sharp';

import type { RgbImage } from '../types.js';
import { AI_LABEL_XMP } from './ai-label.js';

/** Longest side of the WEBP thumbnail. */
const THUMBNAIL_SIZE = 512;

export interface EncodedResult {
  /** The full-size result, JPEG. */
  image: Buffer;
  /** At most THUMBNAIL_SIZE on its longest side, WEBP. */
  thumbnail: Buffer;
}

function rawInput(image: RgbImage): Sharp {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });
}

/** The full-size JPEG of a result, labelled as AI-made (XMP). */
export function encodeJpeg(image: RgbImage): Promise<Buffer> {
  return rawInput(image).jpeg({ quality: 90, mozjpeg: false }).withXmp(AI_LABEL_XMP).toBuffer();
}

export async function encodeResult(image: RgbImage): Promise<EncodedResult> {
  const [full, thumbnail] = await Promise.all([
    encodeJpeg(image),
    rawInput(image)
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80, effort: 2 })
      .withXmp(AI_LABEL_XMP)
      .toBuffer(),
  ]);
  return { image: full, thumbnail };
}
