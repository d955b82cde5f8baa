import sharp, { type Metadata } from 'sharp';

import { ImageTooLargeError, UnsupportedImageError } from '../errors.js';
import type { RgbImage } from '../types.js';

export interface DecodeLimits {
  /** Largest encoded size accepted, in bytes. */
  maxBytes: number;
  /** Largest decoded size accepted, in pixels (width × height). */
  maxPixels: number;
}

export interface DecodeOptions extends DecodeLimits {
  /** User uploads must be JPEG (checked by content, not by name); templates may also be PNG or WEBP. */
  jpegOnly: boolean;
}

const acceptedFormats = new Set(['jpeg', 'png', 'webp']);

function isJpeg(buffer: Uint8Array): boolean {
  return buffer.length > 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff;
}

/**
 * Decodes an upload to interleaved RGB with its EXIF orientation applied. The byte and pixel limits are
 * checked on the encoded bytes and the header before any pixel is decoded, so a decompression bomb (a tiny
 * file claiming a huge size) is refused without allocating its pixels.
 */
export async function decodeImage(buffer: Uint8Array, options: DecodeOptions): Promise<RgbImage> {
  if (buffer.length > options.maxBytes) {
    throw new ImageTooLargeError(`image is ${buffer.length} bytes, the limit is ${options.maxBytes}`);
  }
  if (options.jpegOnly && !isJpeg(buffer)) {
    throw new UnsupportedImageError('only JPEG photos are accepted');
  }
  let metadata: Metadata;
  try {
    // Reads the header only; sharp's own pixel limit would misreport a bomb as unreadable.
    metadata = await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch {
    throw new UnsupportedImageError('the file is not a readable image');
  }
  if (!metadata.format || !acceptedFormats.has(metadata.format)) {
    throw new UnsupportedImageError(`unsupported image format ${metadata.format ?? 'unknown'}`);
  }
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (pixels === 0) throw new UnsupportedImageError('the image has no pixels');
  if (pixels > options.maxPixels) {
    throw new ImageTooLargeError(
      `image is ${metadata.width}×${metadata.height} pixels, the limit is ${options.maxPixels} pixels`,
    );
  }
  try {
    const { data, info } = await sharp(buffer, { limitInputPixels: options.maxPixels, failOn: 'error' })
      .autoOrient()
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new UnsupportedImageError(`unexpected ${info.channels}-channel image`);
    return {
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
      width: info.width,
      height: info.height,
    };
  } catch (error) {
    if (error instanceof UnsupportedImageError) throw error;
    throw new UnsupportedImageError(`the image cannot be decoded (${(error as Error).message})`);
  }
}
