/**
 * CPU profile of an animated generation only (issue 24): a test clip is made and analysed first, then
 * `runAnimationSwap` runs under the inspector's profiler; the profile is written for a viewer (or a
 * summary) and the worker's CPU per frame printed.
 *   node --import tsx bench/animation-profile.ts [--clip pan] [--seconds 2] [--out /tmp/animation.cpuprofile]
 */
import { writeFile } from 'node:fs/promises';
import { readFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import { parseArgs } from 'node:util';

import { analyseAnimation, inTempFolder } from '../src/animation/animation-analysis.js';
import { runAnimationSwap } from '../src/animation/animation-swap.js';
import { loadInferenceConfig } from '../src/config.js';
import { writeTestClip, type TestClipName } from '../test/test-clips.js';

const { values } = parseArgs({
  options: {
    clip: { type: 'string', default: 'pan' },
    seconds: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '2' },
    out: { type: 'string', default: '/tmp/animation.cpuprofile' },
  },
});
const config = loadInferenceConfig();
const face = await readFile(new URL('../../testdata/faces/portrait-04.jpg', import.meta.url));
await inTempFolder(async (folder) => {
  const file = await writeTestClip(values.clip as TestClipName, folder, 'mp4', {
    width: 480,
    fps: 25,
    seconds: Number(values.seconds),
  });
  const analysed = await analyseAnimation(await readFile(file), config);
  const request = {
    face,
    video: analysed.video,
    record: analysed.record,
    text: 'Top\nBottom',
    faces: 'all' as const,
  };
  // A warm-up round outside the profile (the sessions, the JIT).
  await runAnimationSwap(request, config);
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  for (let round = 0; round < Number(values.rounds); round++) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const result = await runAnimationSwap(request, config);
    const used = process.cpuUsage(cpu);
    console.log(
      `${values.clip}: ${result.frameCount} frames, ${((performance.now() - started) / result.frameCount).toFixed(0)} ms/frame wall, ` +
        `${((used.user + used.system) / 1000 / result.frameCount).toFixed(1)} ms/frame worker CPU, ` +
        `timings ${JSON.stringify(result.timings)}, load ${os.loadavg()[0].toFixed(1)}`,
    );
  }
  const { profile } = await session.post('Profiler.stop');
  await writeFile(values.out!, JSON.stringify(profile));
  session.disconnect();
});
