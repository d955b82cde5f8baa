import { writeFile } from 'node:fs/promises';
import path from 'node:path';

import type {
  AnimationAnalysisRecord,
  AnimationTrackRecord,
  FaceAnalysisRecord,
  FaceBox,
  FaceChoice,
  NsfwScores,
} from '@mememint/contracts';

import {
  detectImageFaces,
  encodeFloats,
  meshImageFaces,
  storedImageFaces,
} from '../analysis/face-analysis.js';
import type { PipelineConfig } from '../config.js';
import { NoFaceError, NoSuchFaceError } from '../errors.js';
import { decodeImage } from '../image/decode.js';
import type { ProgressListener } from '../pipeline.js';
import { FrameScreen } from '../nsfw/nsfw-screen.js';
import { swapFace } from '../swap/face-swap.js';
import { sourceArea as faceSourceArea } from '../swap/source-area.js';
import type { FaceMesh, RgbImage } from '../types.js';
import { ANIMATION_ANALYSIS_FORMAT, inTempFolder } from './animation-analysis.js';
import { applyCaption, captionOverlay } from './caption-overlay.js';
import { decodeTrackMesh } from './face-tracks.js';
import { encodeFrames, readFrames } from './ffmpeg.js';
import { labelledVideo, type RenderedAnimation, renderedMedia } from './rendered-animation.js';
import { TrackColour } from './track-colour.js';
import { smoothTrack } from './track-smoothing.js';

export interface AnimationSwapRequest {
  /** The player's face photo (JPEG) and its stored analysis, when there is one. */
  face: Uint8Array;
  faceAnalysis?: FaceAnalysisRecord | null;
  /** The template's kept MP4 and the tracks analysed from it. */
  video: Uint8Array;
  record: AnimationAnalysisRecord;
  text?: string;
  faces?: FaceChoice;
  /** Keep the result without its caption too (`plainVideo`): a caption edit lays a new one on it. */
  keepPlain?: boolean;
}

export interface AnimationSwapResult extends RenderedAnimation {
  /** The same clip without its caption, when asked for (`keepPlain`), labelled the same way. */
  plainVideo: Buffer | null;
  /** The chosen tracks' boxes (on their own frames). */
  faces: FaceBox[];
  /** The chosen tracks' indices (largest first). */
  faceIndexes: number[];
  /** The chosen tracks as swapped (smoothed meshes): "face" video stickers are cut out along them. */
  tracks: AnimationTrackRecord[];
  /** The NSFW scores of its worst screened frame (the poster and one a second, caption included). */
  nsfw: NsfwScores | null;
}

/** Progress of the frames: from 10 % (the face is ready) to 90 % (every frame swapped and encoded). */
const FRAMES_FROM = 10;
const FRAMES_TO = 90;

/** The tracks to swap into, by the generation's face choice (tracks are largest first). */
function chooseTracks(record: AnimationAnalysisRecord, choice: FaceChoice): number[] {
  const count = record.tracks.length;
  if (count === 0) throw new NoFaceError('target');
  if (choice === 'all') return record.tracks.map((_, i) => i);
  const chosen = choice === 'largest' ? [0] : [...new Set(choice)];
  for (const index of chosen)
    if (!Number.isInteger(index) || index < 0 || index >= count) throw new NoSuchFaceError(index, count);
  return chosen;
}

async function sourceFace(
  request: AnimationSwapRequest,
  config: PipelineConfig,
): Promise<{ image: RgbImage; mesh: FaceMesh }> {
  const image = await decodeImage(request.face, {
    maxBytes: config.maxImageBytes,
    maxPixels: config.maxImagePixels,
    jpegOnly: true,
  });
  const stored = await storedImageFaces(request.faceAnalysis, request.face);
  const [face] =
    stored ??
    (await meshImageFaces(image, (await detectImageFaces(image, config, false)).slice(0, 1), config));
  if (!face) throw new NoFaceError('face');
  return { image, mesh: face.mesh };
}

/**
 * Swaps the player's face into every frame of the chosen tracks of an analysed clip: no detection (the
 * tracks are stored), each track's landmarks smoothed over the whole track (`smoothTrack`, apart across a
 * gap) and its colour and light corrections over time (`TrackColour`), the still swap's stages applied
 * frame by frame, the caption laid on every frame, frames without the face
 * kept as they were; the frames are encoded as they come, so memory holds one or two frames.
 */
export async function runAnimationSwap(
  request: AnimationSwapRequest,
  config: PipelineConfig,
  onProgress?: ProgressListener,
): Promise<AnimationSwapResult> {
  const { record } = request;
  if (record.format !== ANIMATION_ANALYSIS_FORMAT) throw new NoFaceError('target');
  const timings: Record<string, number> = {};
  let started = performance.now();
  await onProgress?.({ stage: 'decode', progress: 5 });
  const chosen = chooseTracks(record, request.faces ?? 'largest');
  const source = await sourceFace(request, config);
  const overlay = await captionOverlay(request.text ?? '', record.width, record.height);
  // The face photo's side of the swap that every frame shares.
  const sourceArea = faceSourceArea(source.image, source.mesh.points);
  timings.prepare = Math.round(performance.now() - started);
  started = performance.now();
  // Each track's landmarks smoothed over the whole track (no lag, no one-frame slips).
  const smoothed = chosen.map((trackIndex) =>
    smoothTrack(
      record.tracks[trackIndex]!.meshes.map((text) => decodeTrackMesh(text)?.points ?? null),
      record.fps,
    ),
  );
  // Colour and light corrections per track, changed smoothly over the clip (no flicker).
  const colours = chosen.map(() => new TrackColour());
  const screen = new FrameScreen(config);
  let first: RgbImage | null = null;
  let reported = FRAMES_FROM;
  await onProgress?.({ stage: 'swap', progress: reported });
  return inTempFolder(async (folder) => {
    const input = path.join(folder, 'template.mp4');
    const output = path.join(folder, 'result.mp4');
    const plainOutput = path.join(folder, 'plain.mp4');
    await writeFile(input, request.video);
    const encoder = await encodeFrames(output, record.width, record.height, record.fps);
    // Without a caption the result is its own caption-less clip.
    const plainEncoder =
      request.keepPlain && overlay
        ? await encodeFrames(plainOutput, record.width, record.height, record.fps)
        : null;
    let swapMs = 0;
    const frameCount = await readFrames(input, record.width, record.height, async (frame, index) => {
      const swapStarted = performance.now();
      chosen.forEach((_, i) => {
        const points = smoothed[i]![index];
        // Where the face is not seen, the frame stays the template's own.
        if (!points) return;
        colours[i]!.frame(index / record.fps);
        swapFace(frame, { points, faceScore: 1 }, source.image, source.mesh, {
          track: colours[i],
          sourceArea,
        });
      });
      // A copy: the encoder's pipe still holds the bytes it was given while the caption is laid.
      await plainEncoder?.write({ ...frame, data: Uint8Array.from(frame.data) });
      applyCaption(frame, overlay);
      swapMs += performance.now() - swapStarted;
      // Screened as published, caption included; the backend holds a result above its thresholds.
      if (FrameScreen.picks(index, record.fps)) await screen.add(frame);
      if (index === 0) first = { ...frame, data: Uint8Array.from(frame.data) };
      await encoder.write(frame);
      const progress = Math.floor(
        FRAMES_FROM + ((FRAMES_TO - FRAMES_FROM) * (index + 1)) / record.frameCount,
      );
      if (progress >= reported + 5 && progress <= FRAMES_TO) {
        reported = progress;
        await onProgress?.({ stage: 'swap', progress });
      }
    });
    await Promise.all([encoder.finish(), plainEncoder?.finish()]);
    timings.swap = Math.round(swapMs);
    timings.frames = Math.round(performance.now() - started);
    if (!first) throw new NoFaceError('target');
    started = performance.now();
    await onProgress?.({ stage: 'encode', progress: FRAMES_TO });
    const [{ video, poster, thumbnail }, plain] = await Promise.all([
      renderedMedia(output, first),
      plainEncoder ? labelledVideo(plainOutput) : null,
    ]);
    timings.encode = Math.round(performance.now() - started);
    return {
      video,
      plainVideo: plain ?? (request.keepPlain ? video : null),
      poster,
      thumbnail,
      width: record.width,
      height: record.height,
      frameCount,
      durationMs: Math.round((frameCount / record.fps) * 1000),
      faces: chosen.map((i) => record.tracks[i]!.box),
      faceIndexes: chosen,
      tracks: chosen.map((trackIndex, i) => ({
        ...record.tracks[trackIndex]!,
        meshes: smoothed[i]!.map((points) => (points ? encodeFloats(points) : null)),
      })),
      nsfw: screen.worst,
      timings,
    };
  });
}
