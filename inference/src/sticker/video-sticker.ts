import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

import {
  ANIMATION_MAX_FPS,
  type AnimationAnalysisRecord,
  type NsfwScores,
  type StickerStyle,
  VIDEO_STICKER_MAX_BYTES,
  VIDEO_STICKER_MAX_SECONDS,
  VIDEO_STICKER_SIDE,
  AI_DIGITAL_SOURCE_TYPE,
  AI_LABEL_TEXT,
} from '@mememint/contracts';
import { probeVideo } from '@mememint/media';
import sharp from 'sharp';

import { inTempFolder } from '../animation/animation-analysis.js';
import { decodeTrackMesh } from '../animation/face-tracks.js';
import { readFrames, runFfmpeg } from '../animation/ffmpeg.js';
import type { PipelineConfig } from '../config.js';
import { FrameScreen } from '../nsfw/nsfw-screen.js';
import { faceMask } from '../swap/face-mask.js';
import type { FaceMesh } from '../types.js';

/** The share of the size budget each attempt aims at: the bitrate falls until the file fits. */
const BUDGET_SHARES = [0.85, 0.6, 0.42, 0.28, 0.18, 0.1];
/** No attempt asks more than this (a short clip's budget would allow far more than it needs). */
const MAX_KBPS = 1500;
/** A cut-out face's margin around its outline, as a share of the crop's longer side. */
const FACE_MARGIN = 0.04;
const FACE_THRESHOLD = 128;

export interface VideoSticker {
  webm: Buffer;
  width: number;
  height: number;
  frameCount: number;
  durationMs: number;
  kbps: number;
  /** The worst screened frame's NSFW scores (null when nothing was screened). */
  nsfw: NsfwScores | null;
  timings: Record<string, number>;
}

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** `width`×`height` scaled so the longer side is exactly VIDEO_STICKER_SIDE, the other even and at most it. */
export function stickerSize(width: number, height: number): { width: number; height: number } {
  const scale = VIDEO_STICKER_SIDE / Math.max(width, height);
  const other = (side: number) =>
    Math.min(VIDEO_STICKER_SIDE, Math.max(2, Math.round((side * scale) / 2) * 2));
  return width >= height
    ? { width: VIDEO_STICKER_SIDE, height: other(height) }
    : { width: other(width), height: VIDEO_STICKER_SIDE };
}

/** The meshes of the chosen tracks on one frame (none where no track is seen). */
function meshesAt(tracks: AnimationAnalysisRecord | null, index: number): FaceMesh[] {
  return (tracks?.tracks ?? [])
    .map((track) => decodeTrackMesh(track.meshes[index]))
    .filter((mesh): mesh is FaceMesh => mesh !== null);
}

/** The bounds of a mask's face pixels, grown into `into` (or null when it has none and `into` is null). */
function growBounds(mask: Uint8Array, width: number, into: Rect | null): Rect | null {
  let [left, top, right, bottom] = into
    ? [into.x, into.y, into.x + into.width - 1, into.y + into.height - 1]
    : [Infinity, Infinity, -1, -1];
  for (let p = 0; p < mask.length; p++) {
    if (mask[p]! < FACE_THRESHOLD) continue;
    const x = p % width;
    const y = (p - x) / width;
    if (x < left) left = x;
    if (x > right) right = x;
    if (y < top) top = y;
    if (y > bottom) bottom = y;
  }
  return right < 0 ? null : { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

/** One crop for the whole sticker: every frame's face outline, with a margin, inside the frame. */
function faceCrop(tracks: AnimationAnalysisRecord, frames: number): Rect {
  let bounds: Rect | null = null;
  for (let i = 0; i < frames; i++) {
    const meshes = meshesAt(tracks, i);
    if (meshes.length)
      bounds = growBounds(faceMask(meshes, tracks.width, tracks.height), tracks.width, bounds);
  }
  if (!bounds) throw new Error('the swapped tracks hold no face in the sticker’s frames');
  const margin = Math.round(FACE_MARGIN * Math.max(bounds.width, bounds.height));
  const x = Math.max(0, bounds.x - margin);
  const y = Math.max(0, bounds.y - margin);
  return {
    x,
    y,
    width: Math.min(tracks.width, bounds.x + bounds.width + margin) - x,
    height: Math.min(tracks.height, bounds.y + bounds.height + margin) - y,
  };
}

/**
 * ffmpeg's VP9 output for a sticker: no audio, the pixel format (with alpha for a cut-out), the bitrate,
 * and the AI label as WEBM tags (Matroska's `Tags`, a few dozen bytes; WEBM has no XMP): the IPTC digital
 * source type and the label's text.
 */
function vp9Args(kbps: number, alpha: boolean): string[] {
  return [
    ...['-an', '-c:v', 'libvpx-vp9', '-b:v', `${kbps}k`],
    ...['-deadline', 'good', '-cpu-used', '4', '-row-mt', '1'],
    ...(alpha ? ['-pix_fmt', 'yuva420p', '-auto-alt-ref', '0'] : ['-pix_fmt', 'yuv420p']),
    ...['-metadata', `DIGITAL_SOURCE_TYPE=${AI_DIGITAL_SOURCE_TYPE}`],
    ...['-metadata', `COMMENT=${AI_LABEL_TEXT.en}`],
    ...['-f', 'webm'],
  ];
}

/**
 * An animated meme as a Telegram video sticker (core.telegram.org/stickers#video-stickers): WEBM, VP9,
 * no audio, the longer side exactly 512 px, at most 3 s (trimmed) and 30 fps, at most 256 KB (encoded
 * again at a lower bitrate until it fits). `full` is the whole frame; `face` cuts the swapped face out of
 * every frame along its track's mesh (the swap's smoothed one, `tracks`) on transparency (VP9 with
 * alpha), one crop for the whole sticker so the face moves in it as in the meme. The first frame and
 * one a second are screened for NSFW on the way.
 */
export async function videoSticker(
  video: Uint8Array,
  style: StickerStyle,
  tracks: AnimationAnalysisRecord | null,
  config: PipelineConfig,
): Promise<VideoSticker> {
  if (style === 'face' && !tracks) throw new Error('a face video sticker needs the swapped tracks');
  return inTempFolder(async (folder) => {
    const timings: Record<string, number> = {};
    let started = performance.now();
    const input = path.join(folder, 'meme.mp4');
    await writeFile(input, video);
    const probe = await probeVideo(input);
    const fps = Math.min(ANIMATION_MAX_FPS, Math.round(probe.fps) || ANIMATION_MAX_FPS);
    const frameLimit = Math.max(1, Math.floor(VIDEO_STICKER_MAX_SECONDS * fps));
    const crop =
      style === 'face'
        ? faceCrop(tracks!, frameLimit)
        : { x: 0, y: 0, width: probe.width, height: probe.height };
    const size = stickerSize(crop.width, crop.height);
    const screen = new FrameScreen(config);
    const framesFolder = path.join(folder, 'frames');
    await mkdir(framesFolder);
    let frameCount = 0;
    await readFrames(input, probe.width, probe.height, async (frame, index) => {
      if (index >= frameLimit) return;
      frameCount = index + 1;
      if (FrameScreen.picks(index, fps)) await screen.add(frame);
      if (style !== 'face') return;
      const mask = faceMask(meshesAt(tracks, index), probe.width, probe.height);
      const rgba = Buffer.alloc(crop.width * crop.height * 4);
      for (let y = 0; y < crop.height; y++)
        for (let x = 0; x < crop.width; x++) {
          const p = (crop.y + y) * probe.width + crop.x + x;
          const o = (y * crop.width + x) * 4;
          rgba[o] = frame.data[p * 3]!;
          rgba[o + 1] = frame.data[p * 3 + 1]!;
          rgba[o + 2] = frame.data[p * 3 + 2]!;
          rgba[o + 3] = mask[p]!;
        }
      await sharp(rgba, { raw: { width: crop.width, height: crop.height, channels: 4 } })
        .resize(size.width, size.height, { fit: 'fill' })
        .png({ compressionLevel: 1 })
        .toFile(path.join(framesFolder, `${String(index).padStart(4, '0')}.png`));
    });
    timings.frames = Math.round(performance.now() - started);
    started = performance.now();
    const seconds = frameCount / fps;
    const budgetKbps = (VIDEO_STICKER_MAX_BYTES * 8) / 1000 / seconds;
    const source =
      style === 'face'
        ? ['-framerate', String(fps), '-i', path.join(framesFolder, '%04d.png')]
        : ['-i', input, '-vf', `fps=${fps},scale=${size.width}:${size.height}:flags=bicubic`];
    const output = path.join(folder, 'sticker.webm');
    for (const share of BUDGET_SHARES) {
      const kbps = Math.max(20, Math.round(Math.min(MAX_KBPS, budgetKbps * share)));
      await runFfmpeg([
        ...source,
        '-frames:v',
        String(frameCount),
        ...vp9Args(kbps, style === 'face'),
        output,
      ]);
      if ((await stat(output)).size > VIDEO_STICKER_MAX_BYTES) continue;
      timings.encode = Math.round(performance.now() - started);
      return {
        webm: await readFile(output),
        ...size,
        frameCount,
        durationMs: Math.round(seconds * 1000),
        kbps,
        nsfw: screen.worst,
        timings,
      };
    }
    throw new Error(`the sticker does not fit ${VIDEO_STICKER_MAX_BYTES} bytes even at the lowest bitrate`);
  });
}
