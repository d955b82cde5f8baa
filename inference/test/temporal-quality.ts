/**
 * Temporal quality of an animated swap (issue 24), judged with landmarks of another family than ours
 * (face-api's 68-point net; ours is MediaPipe's 468-point mesh):
 * - jitter: per frame, each judge landmark's motion since the previous frame in the result minus its
 *   motion in the template, as a distance; the mean over landmarks and frames, in pixels of a 480 px wide
 *   clip. The pasted face should move as the template's face does: passes at most 1 px.
 * - flicker: the face's mean colour (CIELAB, D65) inside the template's judge outline (jaw and brows) on
 *   each frame; its change from frame to frame as ΔE*ab (CIE76), the mean over frames, in the result and
 *   in the template. Passes when the result's is at most the template's own + 1 ΔE.
 * Shared by the CI test (a short clip, floors) and `npm run quality -w inference` (the test clips).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { analyseAnimation, inTempFolder } from '../src/animation/animation-analysis.js';
import { runAnimationSwap } from '../src/animation/animation-swap.js';
import { decodeTrackMesh, meshBox } from '../src/animation/face-tracks.js';
import { readFrames } from '../src/animation/ffmpeg.js';
import type { PipelineConfig } from '../src/config.js';
import { rgbToLab } from '../src/swap/color-transfer.js';
import { fillPolygon } from '../src/swap/mask.js';
import type { Box, RgbImage } from '../src/types.js';
import { judgeLandmarkViews, meanReading } from './face-api-judge.js';
import { writeTestClip, type ClipOptions, type TestClipName } from './test-clips.js';

/** The thresholds. */
export const MAX_JITTER_PX = 1;
export const MAX_EXTRA_FLICKER = 1;

export interface TemporalQuality {
  clip: TestClipName;
  width: number;
  frames: number;
  /** Frame pairs measured (the face on both frames of a track). */
  pairs: number;
  /** Mean gap between the result's and the template's landmark motion, px at 480 px wide. */
  jitter: number;
  /** The same gap from one window's landmarks, and from the steadied landmarks (`FrameLandmarks`). */
  jitterSingle: number;
  jitterSteady: number;
  /** The template's own landmark motion per frame, mean, px at 480 px (for scale). */
  motion: number;
  /** Mean ΔE*ab (CIE76) of the face's mean colour from frame to frame, result and template. */
  flicker: number;
  templateFlicker: number;
  /** Tracks found by the analysis. */
  tracks: number;
  jitterPasses: boolean;
  flickerPasses: boolean;
}

async function allFrames(file: string, width: number, height: number): Promise<RgbImage[]> {
  const frames: RgbImage[] = [];
  await readFrames(file, width, height, (frame) => {
    frames.push(frame);
  });
  return frames;
}

/** The judge's outline of the face: the jaw (0–16) and the brows back across (26–17). */
const OUTLINE = [...Array.from({ length: 17 }, (_, i) => i), ...Array.from({ length: 10 }, (_, i) => 26 - i)];

/** Mean L*a*b* of `frame` inside the polygon of the judge's outline. */
function meanLab(frame: RgbImage, landmarks: Float32Array): [number, number, number] | null {
  const polygon = OUTLINE.map((i) => ({ x: landmarks[i * 2]!, y: landmarks[i * 2 + 1]! }));
  const xs = polygon.map((p) => p.x);
  const ys = polygon.map((p) => p.y);
  const x = Math.max(0, Math.floor(Math.min(...xs)));
  const y = Math.max(0, Math.floor(Math.min(...ys)));
  const region = {
    x,
    y,
    width: Math.min(frame.width, Math.ceil(Math.max(...xs))) - x,
    height: Math.min(frame.height, Math.ceil(Math.max(...ys))) - y,
  };
  if (region.width <= 0 || region.height <= 0) return null;
  const inside = fillPolygon(polygon, region);
  const select = new Uint8Array(inside.length);
  const lab = new Float32Array(inside.length * 3);
  for (let row = 0, m = 0; row < region.height; row++)
    for (let col = 0; col < region.width; col++, m++) {
      if (inside[m]! < 0.5) continue;
      select[m] = 1;
      const o = ((region.y + row) * frame.width + region.x + col) * 3;
      for (let c = 0; c < 3; c++) lab[m * 3 + c] = frame.data[o + c]!;
    }
  rgbToLab(lab, select);
  const sum = [0, 0, 0];
  let n = 0;
  for (let m = 0; m < select.length; m++) {
    if (!select[m]) continue;
    n++;
    for (let c = 0; c < 3; c++) sum[c]! += lab[m * 3 + c]!;
  }
  return n > 0 ? [sum[0]! / n, sum[1]! / n, sum[2]! / n] : null;
}

/** Readings of the judge's landmarks of one face on one frame, from the least to the most averaged. */
interface FrameLandmarks {
  /** One window (1.25 × the box). */
  single: Float32Array;
  /** Averaged over three window sizes (the judge sees the face at 112 px; one window's landmarks move by
   * a pixel or two with the window alone): the figure the floors and earlier reports use. */
  windows: Float32Array;
  /** Averaged over the three windows × `STEADY_SHIFTS`' ten views (moved by a net pixel, mirrored). */
  steady: Float32Array;
}

async function landmarksIn(image: RgbImage, box: Box): Promise<FrameLandmarks> {
  const perWindow: Float32Array[][] = [];
  for (const grow of JUDGE_WINDOWS) perWindow.push(await judgeLandmarkViews(image, box, grow));
  return {
    single: perWindow[1]![0]!,
    windows: meanReading(perWindow.map((views) => views[0]!)),
    steady: meanReading(perWindow.flat()),
  };
}

const JUDGE_WINDOWS = [1.15, 1.25, 1.35];

/** Mean over the 68 landmarks of the gap between the result's and the template's motion, and the template's. */
function motionGap(t: Float32Array, tBefore: Float32Array, r: Float32Array, rBefore: Float32Array) {
  let gap = 0;
  let motion = 0;
  for (let k = 0; k < 68; k++) {
    const dtx = t[k * 2]! - tBefore[k * 2]!;
    const dty = t[k * 2 + 1]! - tBefore[k * 2 + 1]!;
    const drx = r[k * 2]! - rBefore[k * 2]!;
    const dry = r[k * 2 + 1]! - rBefore[k * 2 + 1]!;
    gap += Math.hypot(drx - dtx, dry - dty);
    motion += Math.hypot(dtx, dty);
  }
  return { gap: gap / 68, motion: motion / 68 };
}

const deltaE = (a: number[], b: number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

/**
 * A test clip swapped with `face` into every track and judged (no caption, so only the face changes).
 * The judge's window round each face is the template track's mesh box on that frame, the same for the
 * template's frame and the result's.
 */
export async function measureClip(
  clip: TestClipName,
  face: Uint8Array,
  config: PipelineConfig,
  options: ClipOptions = {},
): Promise<TemporalQuality> {
  return inTempFolder(async (folder) => {
    const file = await writeTestClip(clip, folder, 'mp4', options);
    const analysed = await analyseAnimation(await readFile(file), config);
    const { record } = analysed;
    const result = await runAnimationSwap(
      { face, video: analysed.video, record, text: '', faces: 'all' },
      config,
    );
    const resultFile = path.join(folder, 'result.mp4');
    const templateFile = path.join(folder, 'template.mp4');
    await Promise.all([writeFile(resultFile, result.video), writeFile(templateFile, analysed.video)]);
    const [template, swapped] = [
      await allFrames(templateFile, record.width, record.height),
      await allFrames(resultFile, record.width, record.height),
    ];
    const scale = 480 / record.width;
    const gaps: number[] = [];
    const singleGaps: number[] = [];
    const steadyGaps: number[] = [];
    const motions: number[] = [];
    const flicker: number[] = [];
    const templateFlicker: number[] = [];
    for (const track of record.tracks) {
      let previous: { index: number; tc: number[] | null; rc: number[] | null } | null = null;
      for (let index = 0; index < Math.min(template.length, swapped.length); index++) {
        const mesh = decodeTrackMesh(track.meshes[index]);
        if (!mesh) {
          previous = null;
          continue;
        }
        // Both frames of a pair are judged in the same windows (this frame's box): the windows' own
        // movement does not count as the face's.
        const box: Box = meshBox(mesh);
        const t = await landmarksIn(template[index]!, box);
        const r = await landmarksIn(swapped[index]!, box);
        const current = {
          index,
          tc: meanLab(template[index]!, t.windows),
          rc: meanLab(swapped[index]!, t.windows),
        };
        if (previous) {
          const before = {
            t: await landmarksIn(template[index - 1]!, box),
            r: await landmarksIn(swapped[index - 1]!, box),
          };
          const reading = (key: keyof FrameLandmarks) =>
            motionGap(t[key], before.t[key], r[key], before.r[key]);
          const windows = reading('windows');
          gaps.push(windows.gap * scale);
          motions.push(windows.motion * scale);
          singleGaps.push(reading('single').gap * scale);
          steadyGaps.push(reading('steady').gap * scale);
          if (current.tc && current.rc && previous.tc && previous.rc) {
            templateFlicker.push(deltaE(current.tc, previous.tc));
            flicker.push(deltaE(current.rc, previous.rc));
          }
        }
        previous = current;
      }
    }
    const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
    const quality = {
      clip,
      width: record.width,
      frames: result.frameCount,
      pairs: gaps.length,
      jitter: mean(gaps),
      jitterSingle: mean(singleGaps),
      jitterSteady: mean(steadyGaps),
      motion: mean(motions),
      flicker: mean(flicker),
      templateFlicker: mean(templateFlicker),
      tracks: record.tracks.length,
    };
    return {
      ...quality,
      jitterPasses: quality.jitter <= MAX_JITTER_PX,
      flickerPasses: quality.flicker <= quality.templateFlicker + MAX_EXTRA_FLICKER,
    };
  });
}

/** One line of figures. */
export function describeTemporal(q: TemporalQuality): string {
  return (
    `${q.clip.padEnd(13)} ${q.width} px ${String(q.frames).padStart(3)} frames, ${q.tracks} track(s), ${q.pairs} frame pairs: ` +
    `jitter ${q.jitter.toFixed(2)} px (one window ${q.jitterSingle.toFixed(2)}, steadied ${q.jitterSteady.toFixed(2)}; template motion ${q.motion.toFixed(2)} px/frame) ${q.jitterPasses ? 'PASS' : 'FAIL'}; ` +
    `flicker ${q.flicker.toFixed(2)} ΔE76/frame vs template ${q.templateFlicker.toFixed(2)} ${q.flickerPasses ? 'PASS' : 'FAIL'}`
  );
}
