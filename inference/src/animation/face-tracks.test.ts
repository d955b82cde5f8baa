import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';

import { TEST_CLIPS, writeTestClip } from '../../test/test-clips.js';
import { loadInferenceConfig } from '../config.js';
import { analyseAnimation, inTempFolder } from './animation-analysis.js';
import { decodeTrackMesh, meshBox } from './face-tracks.js';
import { smoothTrack } from './track-smoothing.js';

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

  for (const clip of ['pan', 'leave-return'] as const) {
    it(`moves a track's smoothed mesh as the face moves (${clip}: the clip's own translation, 480 px)`, async () => {
      await inTempFolder(async (folder) => {
        const [fps, seconds] = [25, 2];
        const file = await writeTestClip(clip, folder, 'mp4', { width: 480, fps, seconds });
        const { record } = await analyseAnimation(await readFile(file), config);
        assert.equal(record.tracks.length, 1);
        // Where the clip puts the photo's origin on frame i (a pan: the camera's centre moves, no roll or zoom).
        const [layer] = TEST_CLIPS[clip].layers;
        const origin = (i: number) => {
          const camera = layer.camera(i / (seconds * fps - 1));
          return { x: -camera.x * camera.scale, y: -camera.y * camera.scale };
        };
        const meanOf = (points: Float32Array, axis: number) => {
          let sum = 0;
          for (let k = axis; k < points.length; k += 3) sum += points[k]!;
          return sum / (points.length / 3);
        };
        const smoothed = smoothTrack(
          record.tracks[0]!.meshes.map((text) => decodeTrackMesh(text)?.points ?? null),
          fps,
        );
        const errors: number[] = [];
        for (let i = 1; i < smoothed.length; i++) {
          const [a, b] = [smoothed[i - 1], smoothed[i]];
          if (!a || !b) continue;
          const [from, to] = [origin(i - 1), origin(i)];
          errors.push(
            Math.hypot(
              meanOf(b, 0) - meanOf(a, 0) - (to.x - from.x),
              meanOf(b, 1) - meanOf(a, 1) - (to.y - from.y),
            ),
          );
        }
        assert.ok(errors.length >= 35, `${errors.length} frame pairs`);
        const mean = errors.reduce((sum, e) => sum + e, 0) / errors.length;
        // Measured 0.10 px (pan) and 0.23 px (leave-return); 0.65 and 0.96 when the follower's crop was
        // tighter and a dragged mesh was kept (2026-11-27).
        assert.ok(mean <= 0.4, `the mesh's motion is ${mean.toFixed(2)} px a frame off the face's`);
      });
    });
  }
});
