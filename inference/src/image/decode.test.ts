import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import sharp from 'sharp';

import { photoBytes } from '../../test/labelled-photos.js';
import { ImageTooLargeError, UnsupportedImageError } from '../errors.js';
import { decodeImage } from './decode.js';
import { encodeResult } from './encode.js';

const limits = { maxBytes: 10_000_000, maxPixels: 40_000_000, jpegOnly: true };

/** A real 16×8 JPEG whose frame header (SOF0) is rewritten to claim `width`×`height`. */
async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 16, height: 8, channels: 3, background: '#808080' } })
    .jpeg({ mozjpeg: false })
    .toBuffer();
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  assert.ok(sof > 0, 'baseline JPEG has an SOF0 marker');
  jpeg.writeUInt16BE(height, sof + 5);
  jpeg.writeUInt16BE(width, sof + 7);
  return jpeg;
}

describe('decodeImage', () => {
  it('decodes a JPEG photo to interleaved RGB', async () => {
    const image = await decodeImage(photoBytes('portrait-01.jpg'), limits);
    assert.equal(image.width, 800);
    assert.equal(image.height, 533);
    assert.equal(image.data.length, 800 * 533 * 3);
  });

  it('turns a one-channel greyscale JPEG into RGB', async () => {
    const image = await decodeImage(photoBytes('bw-01.jpg'), limits);
    assert.equal(image.data.length, image.width * image.height * 3);
  });

  it('applies the EXIF orientation', async () => {
    const rotated = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#ff0000' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const image = await decodeImage(rotated, limits);
    assert.deepEqual([image.width, image.height], [20, 40]);
  });

  it('refuses a PNG upload, judged by content not name', async () => {
    const png = photoBytes('png-portrait-01.png');
    await assert.rejects(decodeImage(png, limits), UnsupportedImageError);
  });

  it('accepts a PNG when JPEG is not required (templates)', async () => {
    const png = photoBytes('png-portrait-01.png');
    const image = await decodeImage(png, { ...limits, jpegOnly: false });
    assert.equal(image.data.length, image.width * image.height * 3);
  });

  it('refuses bytes that are no image', async () => {
    await assert.rejects(
      decodeImage(Buffer.from([0xff, 0xd8, 0xff, 0x00, 1, 2, 3]), limits),
      UnsupportedImageError,
    );
  });

  it('refuses a file over the byte limit', async () => {
    const photo = photoBytes('portrait-01.jpg');
    await assert.rejects(decodeImage(photo, { ...limits, maxBytes: photo.length - 1 }), ImageTooLargeError);
  });

  it('refuses a decompression bomb from its header, before decoding', async () => {
    const bomb = await jpegClaiming(30000, 30000);
    assert.ok(bomb.length < 1000);
    const metadata = await sharp(bomb, { limitInputPixels: false }).metadata();
    assert.deepEqual([metadata.width, metadata.height], [30000, 30000]);
    const heapBefore = process.memoryUsage().rss;
    await assert.rejects(decodeImage(bomb, limits), ImageTooLargeError);
    // 30000² RGB pixels would be 2.7 GB: nothing close to that was allocated.
    assert.ok(process.memoryUsage().rss - heapBefore < 200_000_000);
  });
});

describe('encodeResult', () => {
  it('encodes a JPEG at full size and a WEBP thumbnail of at most 512 px', async () => {
    const image = await decodeImage(photoBytes('portrait-13.jpg'), limits);
    const { image: full, thumbnail } = await encodeResult(image);
    const fullMeta = await sharp(full).metadata();
    const thumbMeta = await sharp(thumbnail).metadata();
    assert.deepEqual([fullMeta.format, fullMeta.width, fullMeta.height], ['jpeg', 1600, 900]);
    assert.deepEqual([thumbMeta.format, thumbMeta.width, thumbMeta.height], ['webp', 512, 288]);
  });
});
