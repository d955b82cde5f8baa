import assert from 'node:assert/strict';
import { test } from 'node:test';

import { AI_DIGITAL_SOURCE_TYPE } from '@mememint/contracts';

import { AI_LABEL_XMP } from '../image/ai-label.js';
import { mp4TopLevelBoxes, mp4XmpPackets, withMp4Xmp } from './mp4-xmp.js';

function box(type: string, payload: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
}

test('the AI label goes into a top-level uuid box after the file, leaving moov before mdat', () => {
  const mp4 = Buffer.concat([
    box('ftyp', Buffer.from('isom')),
    box('moov', Buffer.alloc(16)),
    box('mdat', Buffer.alloc(64, 1)),
  ]);
  const labelled = withMp4Xmp(mp4, AI_LABEL_XMP);
  assert.deepEqual(
    mp4TopLevelBoxes(labelled).map((b) => b.type),
    ['ftyp', 'moov', 'mdat', 'uuid'],
  );
  assert.ok(labelled.subarray(0, mp4.length).equals(mp4), 'no byte of the original moved');
  const [packet] = mp4XmpPackets(labelled);
  assert.ok(packet?.includes(AI_DIGITAL_SOURCE_TYPE));
  assert.deepEqual(mp4XmpPackets(mp4), []);
});
