import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';

import { writeTestClip } from '../../test/test-clips.js';
import { loadInferenceConfig } from '../config.js';
import { analyseAnimation, inTempFolder } from './animation-analysis.js';
import { decodeTrackMesh, meshBox } from './face-tracks.js';

const config = loadInferenceConfig({ ...process.env, INFERENCE_THREADS: '2' });

describe('face tracks of a clip', { concurrency: 1 }, () => {
  it('finds one track per face when two faces cross at 720 px (one hidden behind the other for 2.5 s)', async () => {
    await inTempFolder(async (folder) => {
      // The worst case of the bench: 6 s, 30 fps, 720 px (it gave 4 tracks for 2 faces).
      const file = await writeTestClip('crossing', folder, 'mp4', { width: 720, fps: 30, seconds: 6 });
      const { record } = await analyseAnimation(await readFile(file), config);
      assert.equal(record.tracks.length, 2, `${record.tracks.length} tracks`);
      for (const track of record.tracks) {
        const centres = track.meshes.map((text) => {
          const mesh = decodeTrackMesh(text);
          if (!mesh) return null;
          const box = meshBox(mesh);
          return { x: box.x + box.width / 2, width: box.width };
        });
        const seen = centres.flatMap((centre, i) => (centre ? [{ ...centre, i }] : []));
        assert.ok(seen.length >= 0.5 * record.frameCount, `a track seen on ${seen.length} frames`);
        // One person from end to end: each face crosses the frame (from one half to the other)...
        const [first, last] = [seen[0]!, seen[seen.length - 1]!];
        assert.ok(
          (first.x - record.width / 2) * (last.x - record.width / 2) < 0,
          `from x ${first.x} to ${last.x}`,
        );
        // ...and never jumps to the other face from one frame to the next.
        for (let k = 1; k < seen.length; k++) {
          if (seen[k]!.i !== seen[k - 1]!.i + 1) continue;
          const step = Math.abs(seen[k]!.x - seen[k - 1]!.x);
          assert.ok(step < 0.25 * seen[k]!.width, `a jump of ${step.toFixed(0)} px at frame ${seen[k]!.i}`);
        }
      }
    });
  });
});
