import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import sharp from 'sharp';

import { encodeFrames, MP4_OUTPUT_ARGS } from '../src/animation/ffmpeg.js';
import type { RgbImage } from '../src/types.js';

/**
 * Short clips with real faces that move, made from the labelled photos (testdata/faces): a virtual
 * camera pans, zooms and rolls over a photo, or photos' face cut-outs move over a plain background.
 * Every frame is computed from the photo alone (no randomness, no clock), and ffmpeg's GIF and x264
 * encoders are deterministic for the same frames and settings: the same command makes the same files.
 */
const FACES_DIR = fileURLToPath(new URL('../../testdata/faces/', import.meta.url));

/** Where a layer's photo point (x, y) lies at the output's centre, its scale (output px per photo px), roll (rad). */
interface Camera {
  x: number;
  y: number;
  scale: number;
  angle: number;
}

interface Layer {
  photo: string;
  /** The part of the photo shown ([x, y, w, h]; the whole photo when absent). */
  crop?: [number, number, number, number];
  /** At t in [0, 1]: the output point the camera's centre lies on (default the output's centre). */
  at?: (t: number) => { x: number; y: number };
  camera: (t: number) => Camera;
}

export interface ClipSpec {
  /** What it shows, for the bench and test names. */
  description: string;
  layers: Layer[];
  /** The faces a tracker should find (tracks). */
  faces: number;
}

const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
/** 0 → 1 → 0 over the clip: out and back. */
const outAndBack = (t: number) => 1 - Math.abs(1 - 2 * t);

export const TEST_CLIPS = {
  pan: {
    description: 'a pan across a portrait',
    faces: 1,
    layers: [
      { photo: 'portrait-01.jpg', camera: (t) => ({ x: lerp(330, 430, t), y: 290, scale: 0.75, angle: 0 }) },
    ],
  },
  zoom: {
    description: 'a zoom into a portrait',
    faces: 1,
    layers: [
      { photo: 'portrait-07.jpg', camera: (t) => ({ x: 500, y: 590, scale: lerp(0.3, 0.5, t), angle: 0 }) },
    ],
  },
  roll: {
    description: 'a camera rolling ±12° over a portrait',
    faces: 1,
    layers: [
      {
        photo: 'portrait-02.jpg',
        camera: (t) => ({
          x: 280,
          y: 260,
          scale: 0.7,
          angle: ((12 * Math.PI) / 180) * Math.sin(2 * Math.PI * t),
        }),
      },
    ],
  },
  crossing: {
    description: 'two faces crossing over a plain background',
    faces: 2,
    layers: [
      {
        photo: 'portrait-07.jpg',
        crop: [220, 250, 560, 680],
        at: (t) => ({ x: lerp(110, 370, t), y: 170 }),
        camera: () => ({ x: 500, y: 590, scale: 0.4, angle: 0 }),
      },
      {
        photo: 'portrait-02.jpg',
        crop: [80, 30, 400, 440],
        at: (t) => ({ x: lerp(370, 110, t), y: 160 }),
        camera: () => ({ x: 280, y: 250, scale: 0.55, angle: 0 }),
      },
    ],
  },
  'leave-return': {
    description: 'a face panned out of the frame and back',
    faces: 1,
    layers: [
      {
        photo: 'portrait-01.jpg',
        camera: (t) => ({ x: lerp(380, 40, outAndBack(t)), y: 290, scale: 0.75, angle: 0 }),
      },
    ],
  },
} satisfies Record<string, ClipSpec>;

export type TestClipName = keyof typeof TEST_CLIPS;

export interface ClipOptions {
  width?: number;
  height?: number;
  fps?: number;
  seconds?: number;
}

const photos = new Map<string, Promise<RgbImage>>();

function loadPhoto(name: string): Promise<RgbImage> {
  let photo = photos.get(name);
  if (!photo) {
    photo = sharp(path.join(FACES_DIR, name))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => ({ data: new Uint8Array(data), width: info.width, height: info.height }));
    photos.set(name, photo);
  }
  return photo;
}

/** Draws one layer into the frame: each output pixel samples the photo bilinearly through the camera. */
function drawLayer(frame: RgbImage, photo: RgbImage, layer: Layer, t: number, base: number): void {
  const { x: cx, y: cy, scale, angle } = layer.camera(t);
  // Specs place layers in a 480 px wide frame.
  const at = layer.at?.(t) ?? { x: (frame.width / 2) * base, y: (frame.height / 2) * base };
  const [left, top, w, h] = layer.crop ?? [0, 0, photo.width, photo.height];
  const cos = Math.cos(angle) / scale;
  const sin = Math.sin(angle) / scale;
  for (let y = 0; y < frame.height; y++) {
    for (let x = 0; x < frame.width; x++) {
      const dx = x * base - at.x;
      const dy = y * base - at.y;
      const sx = cx + dx * cos + dy * sin;
      const sy = cy - dx * sin + dy * cos;
      if (sx < left || sy < top || sx >= left + w - 1 || sy >= top + h - 1) continue;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const o = (y * frame.width + x) * 3;
      for (let c = 0; c < 3; c++) {
        const p = (y0 * photo.width + x0) * 3 + c;
        const top2 = photo.data[p]! * (1 - fx) + photo.data[p + 3]! * fx;
        const bottom =
          photo.data[p + photo.width * 3]! * (1 - fx) + photo.data[p + photo.width * 3 + 3]! * fx;
        frame.data[o + c] = Math.round(top2 * (1 - fy) + bottom * fy);
      }
    }
  }
}

/** The frames of a clip, one by one. */
export async function* clipFrames(spec: ClipSpec, options: ClipOptions = {}): AsyncGenerator<RgbImage> {
  const width = options.width ?? 480;
  const height = options.height ?? Math.round((width * 2) / 3 / 2) * 2;
  const fps = options.fps ?? 25;
  const count = Math.round((options.seconds ?? 2) * fps);
  // The specs are written for a 480 px wide output: larger clips show the same view, sharper.
  const base = 480 / width;
  const loaded = await Promise.all(spec.layers.map((layer) => loadPhoto(layer.photo)));
  for (let i = 0; i < count; i++) {
    const frame: RgbImage = { data: new Uint8Array(width * height * 3).fill(96), width, height };
    const t = count > 1 ? i / (count - 1) : 0;
    spec.layers.forEach((layer, l) => drawLayer(frame, loaded[l]!, layer, t, base));
    yield frame;
  }
}

/** GIF: one palette for the whole clip (ffmpeg's palettegen), no dithering noise between frames. */
const GIF_OUTPUT_ARGS = [
  '-filter_complex',
  'split[a][b];[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=none',
  '-loop',
  '0',
];

/** Writes a clip as `<name>.mp4` (H.264) or `<name>.gif` into `folder`; answers the file's path. */
export async function writeTestClip(
  name: TestClipName,
  folder: string,
  format: 'mp4' | 'gif',
  options: ClipOptions = {},
): Promise<string> {
  await mkdir(folder, { recursive: true });
  const width = options.width ?? 480;
  const height = options.height ?? Math.round((width * 2) / 3 / 2) * 2;
  const file = path.join(folder, `${name}.${format}`);
  const args = format === 'mp4' ? [...MP4_OUTPUT_ARGS, '-threads', '1'] : GIF_OUTPUT_ARGS;
  const encoder = await encodeFrames(file, width, height, options.fps ?? 25, args);
  for await (const frame of clipFrames(TEST_CLIPS[name], { ...options, width, height }))
    await encoder.write(frame);
  await encoder.finish();
  return file;
}
