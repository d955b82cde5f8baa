import { describe, expect, it } from 'vitest';

import { photoBlob } from '../../test/testdata';
import { fitWithin, isJpeg, NotJpegError, preparePhoto } from './photo';

describe('photos leave the phone as JPEG only', () => {
  it('recognises a JPEG by its bytes, whatever it is called', async () => {
    expect(await isJpeg(photoBlob('portrait-01.jpg'))).toBe(true);
    expect(await isJpeg(photoBlob('png-portrait-01.png'))).toBe(false);
    expect(await isJpeg(new Blob(['not an image']))).toBe(false);
  });

  it('refuses a PNG with "Only JPG/JPEG images are supported" before touching it', async () => {
    await expect(preparePhoto(photoBlob('png-portrait-01.png'))).rejects.toBeInstanceOf(NotJpegError);
    await expect(preparePhoto(photoBlob('png-portrait-01.png'))).rejects.toThrow(
      'Only JPG/JPEG images are supported',
    );
  });
});

describe('fitWithin', () => {
  it('scales the longer side down to the limit, keeping the aspect ratio', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1200, height: 1600 });
  });

  it('never enlarges a small photo', () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });
});
