import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { parseArgs } from 'node:util';

import { analyseAnimation } from '../src/animation/animation-analysis.js';
import { recaptionAnimation } from '../src/animation/animation-recaption.js';
import { runAnimationSwap } from '../src/animation/animation-swap.js';
import { inTempFolder } from '../src/animation/animation-analysis.js';
import { loadInferenceConfig } from '../src/config.js';
import { writeTestClip, type TestClipName } from '../test/test-clips.js';

/**
 * Animated swaps' rows (issue 24): a test clip made from the labelled photos, its upload analysis
 * (transcode + face tracks) and a generation from it (every frame swapped, captioned, encoded), wall
 * time in one process, with the load average beside it. `--rounds N` runs the generation N times: the
 * first is a fresh worker's first job (the NSFW model loads, the swap's code is not yet optimised), the
 * others a warm worker's.
 *   npm run bench:animation -w inference [-- --worst] [--only-worst] [--rounds 3]
 */
const { values } = parseArgs({
  options: {
    worst: { type: 'boolean', default: false },
    'only-worst': { type: 'boolean', default: false },
    rounds: { type: 'string', default: '1' },
  },
});
const rows: { name: TestClipName; width: number; fps: number; what: string }[] = [
  ...(values['only-worst']
    ? []
    : [{ name: 'pan' as const, width: 480, fps: 25, what: '6 s, 25 fps, 480 px, one face' }]),
  ...(values.worst || values['only-worst']
    ? [{ name: 'crossing' as const, width: 720, fps: 30, what: '6 s, 30 fps, 720 px, two faces' }]
    : []),
];
const config = loadInferenceConfig();

/** CPU seconds so far: this process's, and its finished children's (ffmpeg), from /proc (Linux). */
function cpuSeconds(): { own: number; children: number } {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  const tick = 100;
  // Fields 14–17 of stat (utime, stime, cutime, cstime), counted from the state (field 3) here.
  const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]) / tick);
  return { own: utime! + stime!, children: cutime! + cstime! };
}

const face = await readFile(new URL('../../testdata/faces/portrait-04.jpg', import.meta.url));
for (const row of rows) {
  await inTempFolder(async (folder) => {
    const file = await writeTestClip(row.name, folder, 'mp4', { width: row.width, fps: row.fps, seconds: 6 });
    let started = performance.now();
    const cpu = cpuSeconds();
    const analysed = await analyseAnimation(await readFile(file), config);
    const analysis = performance.now() - started;
    const analysisCpu = cpuSeconds();
    const load = () =>
      os
        .loadavg()
        .map((v) => v.toFixed(2))
        .join(' ');
    const cpuOf = (to: { own: number; children: number }, from: { own: number; children: number }) =>
      `CPU ${(to.own - from.own).toFixed(1)} s + ffmpeg ${(to.children - from.children).toFixed(1)} s`;
    console.log(
      `${row.what}: analysis ${(analysis / 1000).toFixed(1)} s (${cpuOf(analysisCpu, cpu)}; ` +
        `${analysed.counts.detections} detections, ${analysed.counts.meshRuns} mesh runs, ` +
        `${analysed.counts.descriptorRuns} descriptor runs, ${analysed.faces.length} tracks); load average ${load()}`,
    );
    let plain: Buffer | null = null;
    for (let round = 1; round <= Number(values.rounds); round++) {
      started = performance.now();
      const before = cpuSeconds();
      const result = await runAnimationSwap(
        // As the worker runs it with a caption: the caption-less clip is encoded beside (caption edits).
        {
          face,
          video: analysed.video,
          record: analysed.record,
          text: 'Top\nBottom',
          faces: 'all',
          keepPlain: true,
        },
        config,
      );
      const swap = performance.now() - started;
      const after = cpuSeconds();
      const frames = result.frameCount;
      const perFrame = ((after.own + after.children - before.own - before.children) * 1000) / frames;
      plain ??= result.plainVideo;
      console.log(
        `  generation ${round === 1 ? '(first job)' : `(warm, round ${round})`} ` +
          `${(swap / 1000).toFixed(1)} s = ${(swap / frames).toFixed(0)} ms/frame over ${frames} frames ` +
          `(${cpuOf(after, before)} = ${perFrame.toFixed(0)} ms CPU/frame; swap ${result.timings.swap} ms); ` +
          `load average ${load()}`,
      );
    }
    // A caption edit: the new caption laid on every frame of the caption-less clip, encoded again.
    started = performance.now();
    const beforeRecaption = cpuSeconds();
    await recaptionAnimation(plain!, 'A new top\nA new bottom');
    const recaption = performance.now() - started;
    console.log(
      `  caption edit ${(recaption / 1000).toFixed(1)} s (${cpuOf(cpuSeconds(), beforeRecaption)}); ` +
        `load average ${load()}`,
    );
  });
}
