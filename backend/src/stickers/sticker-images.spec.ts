import { describe, expect, it } from '@jest/globals';
import { AI_DIGITAL_SOURCE_TYPE } from '@mememint/contracts';
import sharp from 'sharp';

import { memeToSticker, STICKER_SIDE } from './sticker-images.js';

describe('memeToSticker', () => {
  it('keeps the AI label: the sticker’s XMP names the digital source type and the software', async () => {
    const meme = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#804020' } })
      .jpeg()
      .toBuffer();
    const sticker = await memeToSticker(meme);
    const metadata = await sharp(sticker).metadata();
    expect([metadata.format, metadata.width]).toEqual(['webp', STICKER_SIDE]);
    const xmp = metadata.xmp?.toString('utf8') ?? '';
    expect(xmp).toContain(`Iptc4xmpExt:DigitalSourceType="${AI_DIGITAL_SOURCE_TYPE}"`);
    expect(xmp).toMatch(/xmp:CreatorTool="MemeMint face swap \(@mememint\/backend \d+\.\d+\.\d+\)"/);
  });
});
