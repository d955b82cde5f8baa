import { BadRequestException, Injectable, PayloadTooLargeException } from '@nestjs/common';
import { ErrorText } from '@mememint/contracts';
import sharp from 'sharp';

import { AppConfig } from '../config/app.config.js';
import { isTruncatedJpeg } from './jpeg-structure.js';
import { UploadSlots } from './upload-slots.js';

/** Longest side of a stored thumbnail. */
const THUMBNAIL_SIZE = 512;

/** An upload checked and re-encoded: EXIF orientation applied, metadata (EXIF, GPS, ICC) gone. */
export interface PreparedImage {
  /** JPEG. */
  image: Buffer;
  width: number;
  height: number;
}

function isJpeg(bytes: Buffer): boolean {
  return bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/** Uploaded photos: JPEG by content, within the game's limits, re-encoded before anything stores them. */
@Injectable()
export class ImagesService {
  constructor(
    private readonly config: AppConfig,
    private readonly slots: UploadSlots,
  ) {}

  /**
   * Checks the upload and re-encodes it, decoding its pixels once. The size comes from the header
   * first, without sharp's own pixel limit (268 MP), so a decompression bomb of any size is a 413
   * before anything is decoded, and a file whose coded data is too short for its size is refused as
   * truncated. The decode takes one of the process's upload slots (UploadSlots).
   */
  async prepare(upload: Buffer): Promise<PreparedImage> {
    if (!isJpeg(upload)) throw new BadRequestException(ErrorText.onlyJpeg);
    const maxPixels = this.config.media.maxImagePixels;
    const { width = 0, height = 0 } = await sharp(upload, { limitInputPixels: false })
      .metadata()
      .catch(() => {
        throw new BadRequestException(ErrorText.imageUpload);
      });
    if (width * height > maxPixels) throw new PayloadTooLargeException(ErrorText.imageTooLarge);
    if (isTruncatedJpeg(upload)) throw new BadRequestException(ErrorText.imageUpload);
    const release = await this.slots.acquire();
    try {
      return await this.decode(upload, maxPixels);
    } finally {
      release();
    }
  }

  private async decode(upload: Buffer, maxPixels: number): Promise<PreparedImage> {
    try {
      const { data, info } = await sharp(upload, { limitInputPixels: maxPixels, failOn: 'error' })
        .autoOrient()
        // Optimised Huffman tables need a second pass over every coefficient of the image, held in
        // memory (~200 MB for 36 MP); the standard tables stream, for files a few percent larger.
        .jpeg({ quality: 90, optimiseCoding: false })
        .toBuffer({ resolveWithObject: true });
      return { image: data, width: info.width, height: info.height };
    } catch {
      throw new BadRequestException(ErrorText.imageUpload);
    }
  }

  /**
   * A WEBP of at most 512 px on its longest side, made from a prepared JPEG: libjpeg decodes it
   * already shrunk (shrink-on-load), so this costs a small fraction of a second decode.
   */
  thumbnail(image: Buffer): Promise<Buffer> {
    return sharp(image)
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  }
}
