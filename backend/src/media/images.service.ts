import { BadRequestException, Injectable, PayloadTooLargeException } from '@nestjs/common';
import { detectFaces } from '@mememint/inference';
import { ErrorText } from '@mememint/contracts';
import sharp from 'sharp';
import { AppConfig } from '../config/app.config.js';

/** Longest side of a stored thumbnail. */
const THUMBNAIL_SIZE = 512;

/** An upload checked and re-encoded: EXIF orientation applied, metadata (EXIF, GPS, ICC) gone. */
export interface PreparedImage {
  /** JPEG. */
  image: Buffer;
  /** WEBP, at most 512 px on its longest side. */
  thumbnail: Buffer;
  width: number;
  height: number;
}

function isJpeg(bytes: Buffer): boolean {
  return bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/** Uploaded photos: JPEG by content, within the game's limits, re-encoded before anything stores them. */
@Injectable()
export class ImagesService {
  constructor(private readonly config: AppConfig) {}

  async prepare(upload: Buffer): Promise<PreparedImage> {
    if (!isJpeg(upload)) throw new BadRequestException(ErrorText.onlyJpeg);
    const maxPixels = this.config.media.maxImagePixels;
    // The header says how large the image is: a decompression bomb is refused before decoding.
    const { width = 0, height = 0 } = await sharp(upload)
      .metadata()
      .catch(() => {
        throw new BadRequestException(ErrorText.imageUpload);
      });
    if (width * height > maxPixels) throw new PayloadTooLargeException(ErrorText.imageTooLarge);
    try {
      const oriented = sharp(upload, { limitInputPixels: maxPixels, failOn: 'error' }).autoOrient();
      const [image, thumbnail] = await Promise.all([
        oriented.clone().jpeg({ quality: 90 }).toBuffer({ resolveWithObject: true }),
        oriented
          .clone()
          .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer(),
      ]);
      return { image: image.data, thumbnail, width: image.info.width, height: image.info.height };
    } catch {
      throw new BadRequestException(ErrorText.imageUpload);
    }
  }

  /** Faces the inference library finds in an image, synchronously (a template needs one). */
  async countFaces(image: Buffer): Promise<number> {
    return (await detectFaces(image)).length;
  }
}
