import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import {
  type AnimationAnalysisRecord,
  type AnimationFaceRect,
  type AnimationTrackRecord,
  isNsfw,
  type NsfwScores,
  type NsfwThresholds,
} from '@mememint/contracts';
import { probeVideo } from '@mememint/media';
import sharp from 'sharp';

import type { PipelineConfig } from '../config.js';
import { NsfwImageError, UnsupportedImageError } from '../errors.js';
import { FrameScreen } from '../nsfw/nsfw-screen.js';
import type { RgbImage } from '../types.js';
import { FaceTracker, type TrackingCounts } from './face-tracks.js';
import { readFrames, transcodeToMp4 } from './ffmpeg.js';

export const ANIMATION_ANALYSIS_FORMAT = 'mememint-animation-analysis/1';

/** A temporary folder for one job's files, removed afterwards whatever happens. */
export async function inTempFolder<T>(work: (folder: string) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'mememint-animation-'));
  try {
    return await work(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export interface AnalysedAnimation {
  /** The kept MP4 (H.264, yuv420p, faststart, ≤30 fps, ≤720 px, silent). */
  video: Buffer;
  /** Its first frame, JPEG, and a WEBP thumbnail. */
  poster: Buffer;
  thumbnail: Buffer;
  record: AnimationAnalysisRecord;
  faces: AnimationFaceRect[];
  counts: TrackingCounts;
  /** The worst screened frame's scores (with `screen`). */
  nsfw?: NsfwScores;
  timings: Record<string, number>;
}

/** The API's view of the tracks: each one's box on its frame. */
export function trackFaces(tracks: AnimationTrackRecord[]): AnimationFaceRect[] {
  return tracks.map(({ box, frameIndex }) => ({
    x: Math.round(box.x),
    y: Math.round(box.y),
    width: Math.round(box.width),
    height: Math.round(box.height),
    frameIndex,
  }));
}

/**
 * An uploaded clip made into what the game keeps, and its faces found once: transcoded (≤30 fps,
 * ≤720 px, silent, H.264), then decoded frame by frame while the tracker follows every face.
 */
export async function analyseAnimation(
  upload: Uint8Array,
  config: PipelineConfig,
  screen?: NsfwThresholds,
): Promise<AnalysedAnimation> {
  return inTempFolder(async (folder) => {
    const timings: Record<string, number> = {};
    let started = performance.now();
    const source = path.join(folder, 'source');
    const output = path.join(folder, 'clip.mp4');
    await writeFile(source, upload);
    try {
      const probe = await probeVideo(source);
      await transcodeToMp4(source, output, probe.fps || 25);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new UnsupportedImageError(`the clip cannot be read: ${message.slice(0, 200)}`);
    }
    const kept = await probeVideo(output);
    timings.transcode = Math.round(performance.now() - started);
    started = performance.now();
    const tracker = new FaceTracker(config, kept.fps);
    // The poster (the first frame) and one frame a second, as a still upload is screened.
    const screening = screen ? new FrameScreen(config) : null;
    let screenMs = 0;
    let first: RgbImage | null = null;
    const frameCount = await readFrames(output, kept.width, kept.height, async (frame, index) => {
      if (index === 0) first = { ...frame, data: Uint8Array.from(frame.data) };
      if (screening && FrameScreen.picks(index, kept.fps)) {
        const screenStarted = performance.now();
        await screening.add(frame);
        screenMs += performance.now() - screenStarted;
      }
      await tracker.add(frame, index);
    });
    timings.track = Math.round(performance.now() - started - screenMs);
    const nsfw = screening?.worst ?? undefined;
    if (screening) timings.screen = Math.round(screenMs);
    if (nsfw && screen && isNsfw(nsfw, screen)) {
      const explicit = Math.round((nsfw.porn + nsfw.hentai) * 1e4) / 1e4;
      throw new NsfwImageError(`a frame of the clip scores explicit ${explicit}, sexy ${nsfw.sexy}`);
    }
    if (!first) throw new UnsupportedImageError('the clip has no frame');
    const tracks = tracker.result();
    const durationMs = Math.round((frameCount / kept.fps) * 1000);
    const raw = { raw: { width: kept.width, height: kept.height, channels: 3 as const } };
    // The template's own frame: no AI label (nothing was generated yet).
    const [poster, thumbnail] = await Promise.all([
      sharp((first as RgbImage).data, raw)
        .jpeg({ quality: 90 })
        .toBuffer(),
      sharp((first as RgbImage).data, raw)
        .resize(512, 512, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer(),
    ]);
    return {
      video: await readFile(output),
      poster,
      thumbnail,
      record: {
        format: ANIMATION_ANALYSIS_FORMAT,
        width: kept.width,
        height: kept.height,
        fps: kept.fps,
        frameCount,
        durationMs,
        tracks,
      },
      faces: trackFaces(tracks),
      counts: tracker.counts,
      ...(nsfw ? { nsfw } : {}),
      timings,
    };
  });
}
