import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

import { AI_DIGITAL_SOURCE_TYPE } from '@mememint/contracts';
import { XMLParser } from 'fast-xml-parser';
import sharp from 'sharp';

import { photoBytes } from '../../test/labelled-photos.js';
import { faceSticker } from '../sticker/face-sticker.js';
import { decodeImage } from './decode.js';
import { encodeResult } from './encode.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  name: string;
  version: string;
};

/** The XMP of an image as a metadata reader finds it (libvips's), parsed as the XML it is. */
async function aiLabelOf(image: Buffer): Promise<{ format: string; source: unknown; tool: unknown }> {
  const metadata = await sharp(image).metadata();
  assert.ok(metadata.xmp, `a ${metadata.format} without XMP`);
  const xmp = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(
    metadata.xmp.toString('utf8'),
  );
  const description = xmp['x:xmpmeta']['rdf:RDF']['rdf:Description'];
  return {
    format: metadata.format,
    source: description['Iptc4xmpExt:DigitalSourceType'],
    tool: description['xmp:CreatorTool'],
  };
}

describe('AI label', () => {
  it('is in the XMP of every result and thumbnail the worker encodes, with the software and its version', async () => {
    const image = await decodeImage(photoBytes('portrait-01.jpg'), {
      maxBytes: 1e7,
      maxPixels: 4e7,
      jpegOnly: true,
    });
    const { image: jpeg, thumbnail } = await encodeResult(image);
    const expected = {
      source: AI_DIGITAL_SOURCE_TYPE,
      tool: `MemeMint face swap (${pkg.name} ${pkg.version})`,
    };
    assert.deepEqual(await aiLabelOf(jpeg), { format: 'jpeg', ...expected });
    assert.deepEqual(await aiLabelOf(thumbnail), { format: 'webp', ...expected });
  });

  it('is in the XMP of a face sticker (PNG)', async () => {
    const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#a08070' } })
      .jpeg()
      .toBuffer();
    const mask = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="64" height="64"><circle cx="32" cy="32" r="20" fill="#fff"/></svg>',
          ),
        },
      ])
      .greyscale()
      .png()
      .toBuffer();
    const label = await aiLabelOf(await faceSticker(picture, mask));
    assert.equal(label.format, 'png');
    assert.equal(label.source, AI_DIGITAL_SOURCE_TYPE);
  });
});
