/**
 * Temporal quality of animated swaps on the test clips (issue 24; see test/temporal-quality.ts): jitter
 * (the gap between the result's and the template's frame-to-frame motion of face-api's 68 landmarks, px at
 * 480 px; passes ≤ 1 px) and flicker (the face's mean colour's change per frame, ΔE*ab CIE76; passes at
 * most the template's own + 1). `npm run quality -w inference` runs it after the stills' figures;
 * `-- --animation` runs only this, `--clips pan,roll` a subsample, `--seconds 2` the clips' length.
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';

import type { PipelineConfig } from '../src/config.js';
import { describeTemporal, measureClip, type TemporalQuality } from '../test/temporal-quality.js';
import { TEST_CLIPS, type TestClipName } from '../test/test-clips.js';

export async function runAnimationQuality(
  config: PipelineConfig,
  clips: TestClipName[] = Object.keys(TEST_CLIPS) as TestClipName[],
  seconds = 2,
): Promise<TemporalQuality[]> {
  const face = await readFile(new URL('../../testdata/faces/portrait-04.jpg', import.meta.url));
  const results: TemporalQuality[] = [];
  console.log(`\nANIMATIONS (face portrait-04.jpg, ${seconds} s clips, 25 fps, 480 px, every track)`);
  for (const clip of clips) {
    const cpu = process.cpuUsage();
    const quality = await measureClip(clip, face, config, { width: 480, fps: 25, seconds });
    const used = process.cpuUsage(cpu);
    results.push(quality);
    console.log(
      `${describeTemporal(quality)}  (${((used.user + used.system) / 1e6).toFixed(0)} s CPU, load ${os.loadavg()[0].toFixed(1)})`,
    );
  }
  const passed = (key: 'jitterPasses' | 'flickerPasses') => results.filter((q) => q[key]).length;
  console.log(
    `jitter passes on ${passed('jitterPasses')}/${results.length} clips, flicker on ${passed('flickerPasses')}/${results.length}`,
  );
  return results;
}
