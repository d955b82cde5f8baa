import { readFile } from 'node:fs/promises';

import type { GenerationJobResult } from '@mememint/contracts';
import type { MediaStore } from '@mememint/media';

import { AI_LABEL_XMP } from '../image/ai-label.js';
import { encodeResult } from '../image/encode.js';
import type { RgbImage } from '../types.js';
import { withMp4Xmp } from './mp4-xmp.js';

/** An animated meme as rendered (a swap or a caption edit): the clip, its poster and its shape. */
export interface RenderedAnimation {
  /** MP4 (H.264, yuv420p, faststart), labelled as AI-made (XMP in a `uuid` box). */
  video: Buffer;
  /** Its first frame, JPEG, and a WEBP thumbnail (both labelled). */
  poster: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
  frameCount: number;
  durationMs: number;
  timings: Record<string, number>;
}

/** An encoded MP4 file, labelled as AI-made. */
export async function labelledVideo(file: string): Promise<Buffer> {
  return withMp4Xmp(await readFile(file), AI_LABEL_XMP);
}

/** The rendered clip's labelled video and its first frame as poster and thumbnail. */
export async function renderedMedia(
  file: string,
  first: RgbImage,
): Promise<Pick<RenderedAnimation, 'video' | 'poster' | 'thumbnail'>> {
  const [video, { image: poster, thumbnail }] = await Promise.all([labelledVideo(file), encodeResult(first)]);
  return { video, poster, thumbnail };
}

/** Where a rendering job stores the clip, its poster and thumbnail. */
export interface RenderedKeys {
  videoResultKey: string;
  resultKey: string;
  thumbnailKey: string;
}

/** Stores a rendered animation's media under its job's keys; answers the job's result's common part. */
export async function storeRendered(
  media: MediaStore,
  keys: RenderedKeys,
  rendered: RenderedAnimation,
): Promise<Omit<GenerationJobResult, 'faces'>> {
  await Promise.all([
    media.write(keys.videoResultKey, rendered.video),
    media.write(keys.resultKey, rendered.poster),
    media.write(keys.thumbnailKey, rendered.thumbnail),
  ]);
  return {
    resultKey: keys.resultKey,
    thumbnailKey: keys.thumbnailKey,
    videoKey: keys.videoResultKey,
    frameCount: rendered.frameCount,
    durationMs: rendered.durationMs,
    width: rendered.width,
    height: rendered.height,
    timings: rendered.timings,
  };
}
