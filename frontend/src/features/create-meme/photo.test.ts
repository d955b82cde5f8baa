import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fitWithin, isJpeg, NotJpegError, preparePhoto } from './photo';

/** The shared real photos beside the repository. */
const FACES = resolve(__dirname, '../../../../../shared/testdata/faces');
const photo = (name: string) => new Blob([readFileSync(join(FACES, name))]);

describe('photos leave the phone as JPEG only', () => {
  it('recognises a JPEG by its bytes, whatever it is called', async () => {
    expect(await isJpeg(photo('portrait-01.jpg'))).toBe(true);
    expect(await isJpeg(photo('png-portrait-01.png'))).toBe(false);
    expect(await isJpeg(new Blob(['not an image']))).toBe(false);
  });

  it('refuses a PNG with "Only JPG/JPEG images are supported" before touching it', async () => {
    await expect(preparePhoto(photo('png-portrait-01.png'))).rejects.toBeInstanceOf(NotJpegError);
    await expect(preparePhoto(photo('png-portrait-01.png'))).rejects.toThrow(
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
