import { writeFile } from 'node:fs/promises';
import path from 'node:path';

import { ANIMATION_MAX_FPS } from '@mememint/contracts';
import { probeVideo } from '@mememint/media';

import type { ProgressListener } from '../pipeline.js';
import type { RgbImage } from '../types.js';
import { inTempFolder } from './animation-analysis.js';
import { applyCaption, captionOverlay } from './caption-overlay.js';
import { encodeFrames, readFrames } from './ffmpeg.js';
import { renderedMedia, type RenderedAnimation } from './rendered-animation.js';

/** Progress of the frames: from 5 % (the caption is drawn) to 90 % (every frame encoded). */
const FRAMES_FROM = 5;
const FRAMES_TO = 90;

/**
 * A caption edit of an animated meme: the caption drawn once (the swap's own `captionOverlay`) and laid
 * on every frame of the caption-less clip its swap kept, streamed from one ffmpeg into another as the
 * swap does, so the frames, size and rate stay the clip's.
 */
export async function recaptionAnimation(
  plain: Uint8Array,
  text: string,
  onProgress?: ProgressListener,
): Promise<RenderedAnimation> {
  return inTempFolder(async (folder) => {
    const timings: Record<string, number> = {};
    let started = performance.now();
    const input = path.join(folder, 'plain.mp4');
    const output = path.join(folder, 'result.mp4');
    await writeFile(input, plain);
    const probe = await probeVideo(input);
    const { width, height } = probe;
    const fps = Math.min(ANIMATION_MAX_FPS, probe.fps || ANIMATION_MAX_FPS);
    const expected = Math.max(1, probe.frames);
    const overlay = await captionOverlay(text, width, height);
    timings.prepare = Math.round(performance.now() - started);
    started = performance.now();
    let reported = FRAMES_FROM;
    await onProgress?.({ stage: 'caption', progress: reported });
    const encoder = await encodeFrames(output, width, height, fps);
    let first: RgbImage | null = null;
    const frameCount = await readFrames(input, width, height, async (frame, index) => {
      applyCaption(frame, overlay);
      if (index === 0) first = { ...frame, data: Uint8Array.from(frame.data) };
      await encoder.write(frame);
      const progress = Math.floor(FRAMES_FROM + ((FRAMES_TO - FRAMES_FROM) * (index + 1)) / expected);
      if (progress >= reported + 5 && progress <= FRAMES_TO) {
        reported = progress;
        await onProgress?.({ stage: 'caption', progress });
      }
    });
    await encoder.finish();
    timings.frames = Math.round(performance.now() - started);
    if (!first) throw new Error('the caption-less clip has no frame');
    started = performance.now();
    await onProgress?.({ stage: 'encode', progress: FRAMES_TO });
    const rendered = await renderedMedia(output, first);
    timings.encode = Math.round(performance.now() - started);
    return {
      ...rendered,
      width,
      height,
      frameCount,
      durationMs: Math.round((frameCount / fps) * 1000),
      timings,
    };
  });
}
