/**
 * A test image the NSFW classifier scores explicit, made by the tests themselves (no explicit image is kept
 * in the repo): gradient ascent on the explicit score (porn + hentai) of nsfwjs's own graph and weights,
 * run by TF.js (WebAssembly backend: its .wasm ships in the npm package), from a seeded start. The pixels
 * are a smooth 56×56 field upsampled to the model's 224×224, optimised under seeded noise, and written
 * at 448×448, so the result survives JPEG re-encoding.
 *
 * `node --import tsx test/nsfw-probe-image.ts <out.jpg> [seed] [photo]` writes it (the backend's e2e test
 * does); with a labelled photo's name, that photo's face is kept in the middle (a template to swap into).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';

import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import sharp from 'sharp';

import { nsfwjsVersion, readNsfwjsArtifacts } from '../tools/nsfwjs-package.js';
import type { TfNode } from '../tools/tfjs-graph.js';
import { labels, photoBytes } from './labelled-photos.js';

const SIZE = 224;
const FIELD = 56;
/** Noise added to the pixels at every step (0..1 scale): small changes must not matter. */
const NOISE = 0.02;
/**
 * The probe is written at twice the model's side (each pixel a 2×2 block): the classifier's resize
 * averages JPEG's 8×8-block errors away, so re-encoding leaves its score where it was.
 */
const OUT_SCALE = 2;
/** The explicit score the probe must keep re-encoded as uploads are stored (the default refusal is below). */
export const PROBE_TARGET = 0.9;
/** The backend stores an upload re-encoded at this JPEG quality; the worker screens those bytes. */
const STORED_QUALITY = 90;
const MAX_STEPS = 300;

type Forward = (input: tf.Tensor4D) => tf.Tensor2D;

const decode = (base64: string | undefined) => (base64 ? Buffer.from(base64, 'base64').toString('utf8') : '');

/** A 3×3 depthwise convolution, stride 1, SAME, whose input gradient needs no backprop kernel (WASM has none). */
const depthwiseSame = tf.customGrad((...args: Array<tf.Tensor | tf.GradSaveFunc>) => {
  const [x, f] = args as [tf.Tensor4D, tf.Tensor4D];
  const value = tf.depthwiseConv2d(x, f, 1, 'same');
  return {
    value,
    // Stride 1 with symmetric padding: the transpose is the same convolution with the kernel flipped.
    gradFunc: (dy: tf.Tensor) => [
      tf.depthwiseConv2d(dy as tf.Tensor4D, tf.reverse(f, [0, 1]), 1, 'same'),
      tf.zerosLike(f),
    ],
  };
}) as (x: tf.Tensor4D, f: tf.Tensor4D) => tf.Tensor4D;

/** Every second row and column from the second: TF's stride-2 SAME equals stride 1 sampled there. */
function oddSamples(x: tf.Tensor4D): tf.Tensor4D {
  const [n, h, w, c] = x.shape;
  const rows = x.reshape([n * (h / 2), 2, w, c]).slice([0, 1, 0, 0], [-1, 1, -1, -1]);
  const cols = rows.reshape([n * (h / 2), w / 2, 2, c]).slice([0, 0, 1, 0], [-1, -1, 1, -1]);
  return cols.reshape([n, h / 2, w / 2, c]);
}

/** nsfwjs's graph (MobileNetV2 "mid") executed op by op with differentiable TF.js ops. */
async function loadForward(): Promise<{ forward: Forward; dispose: () => void }> {
  const { json, weights } = await readNsfwjsArtifacts();
  const specs = json.weightsManifest.flatMap((group) => group.weights);
  const data = new Uint8Array(weights).buffer;
  const constants = tf.io.decodeWeights(data, specs as tf.io.WeightsManifestEntry[]);
  const nodes = json.modelTopology.node as TfNode[];
  const forward: Forward = (input) => {
    const values = new Map<string, tf.Tensor>(Object.entries(constants));
    const get = (name: string) => values.get(name.split(':')[0])!;
    for (const node of nodes) {
      const [a, b, c] = (node.input ?? []).map(get);
      const fused = (node.attr?.fused_ops?.list?.s ?? []).map(decode);
      const strides = Number(node.attr?.strides?.list?.i?.[1] ?? 1);
      const activate = (x: tf.Tensor) => (fused.includes('Relu6') ? tf.relu6(x) : x);
      let out: tf.Tensor | undefined;
      switch (node.op) {
        case 'Const':
          continue;
        case 'Placeholder':
          out = input;
          break;
        case 'Mul':
          out = tf.mul(a, b);
          break;
        case 'Sub':
          out = tf.sub(a, b);
          break;
        case 'AddV2':
          out = tf.add(a, b);
          break;
        case '_FusedConv2D':
          out = activate(tf.conv2d(a as tf.Tensor4D, b as tf.Tensor4D, strides, 'same').add(c));
          break;
        case 'FusedDepthwiseConv2dNative': {
          if (b.shape[0] !== 3 || b.shape[1] !== 3) throw new Error(`${node.name}: 3×3 kernels only`);
          const full = depthwiseSame(a as tf.Tensor4D, b as tf.Tensor4D);
          out = activate((strides === 2 ? oddSamples(full) : full).add(c));
          break;
        }
        case 'AvgPool': // 7×7 VALID on a 7×7 map
          out = tf.mean(a, [1, 2], true);
          break;
        case 'Squeeze':
          out = a.reshape([a.shape[0], a.shape[3]!]);
          break;
        case '_FusedMatMul':
          out = tf.matMul(a as tf.Tensor2D, b as tf.Tensor2D).add(c);
          break;
        case 'Softmax':
          out = tf.softmax(a);
          break;
        case 'Identity':
          out = a;
          break;
        default:
          throw new Error(`${node.name}: op ${node.op} not handled`);
      }
      values.set(node.name, out);
    }
    return get('Identity') as tf.Tensor2D;
  };
  return { forward, dispose: () => tf.dispose(Object.values(constants)) };
}

/** A seeded uniform sequence in [-1, 1) (Park–Miller). */
function seeded(seed: number, count: number): Float32Array {
  let state = seed % 2147483647 || 1;
  return Float32Array.from({ length: count }, () => {
    state = (state * 16807) % 2147483647;
    return (state / 2147483647) * 2 - 1;
  });
}

/** A labelled face kept fixed in the probe (a template a swap can use): its pixels and where they go. */
interface KeptFace {
  pixels: tf.Tensor4D;
  mask: tf.Tensor4D;
}

/** The face's side and top-left corner in the probe: a face the detector finds, a fifth of the area. */
const FACE_SIDE = 96;
const FACE_AT = { left: (SIZE - FACE_SIDE) / 2, top: 40 };

/** The first labelled face of a labelled photo, enlarged ×1.4 about its box, scaled into the probe. */
async function keptFace(name: string): Promise<KeptFace> {
  const [x, y, width, height] = labels[name]!.faces[0]!.box;
  const side = Math.round(Math.max(width, height) * 1.4);
  const { width: imageWidth = 0, height: imageHeight = 0 } = await sharp(photoBytes(name)).metadata();
  const left = Math.max(0, Math.min(imageWidth - side, Math.round(x + width / 2 - side / 2)));
  const top = Math.max(0, Math.min(imageHeight - side, Math.round(y + height / 2 - side / 2)));
  const face = await sharp(photoBytes(name))
    .extract({ left, top, width: side, height: side })
    .resize(FACE_SIDE, FACE_SIDE)
    .removeAlpha()
    .raw()
    .toBuffer();
  const pixels = new Float32Array(SIZE * SIZE * 3);
  const mask = new Float32Array(SIZE * SIZE * 3);
  for (let row = 0; row < FACE_SIDE; row++)
    for (let col = 0; col < FACE_SIDE * 3; col++) {
      const at = ((FACE_AT.top + row) * SIZE + FACE_AT.left) * 3 + col;
      pixels[at] = face[row * FACE_SIDE * 3 + col]!;
      mask[at] = 1;
    }
  return { pixels: tf.tensor4d(pixels, [1, SIZE, SIZE, 3]), mask: tf.tensor4d(mask, [1, SIZE, SIZE, 3]) };
}

/** The probe's RGB pixels (224×224, 0..255) from the field's logits, around the kept face if any. */
function pixelsOf(field: tf.Tensor4D, kept?: KeptFace): tf.Tensor4D {
  const free = tf.sigmoid(tf.image.resizeBilinear(field, [SIZE, SIZE], true)).mul(255) as tf.Tensor4D;
  if (!kept) return free;
  return free.mul(tf.sub(1, kept.mask)).add(kept.pixels.mul(kept.mask));
}

export interface ProbeImage {
  /** A 448×448 JPEG (quality 95). */
  jpeg: Buffer;
  /** The explicit score (porn + hentai) TF.js gives it re-encoded as the backend stores uploads. */
  explicit: number;
  steps: number;
}

/** The explicit score of an image as the worker sees it: stretched to 224×224 by sharp, then TF.js. */
async function explicitScore(forward: Forward, jpeg: Buffer): Promise<number> {
  const raw = await sharp(jpeg).removeAlpha().resize(SIZE, SIZE, { fit: 'fill' }).raw().toBuffer();
  const scores = tf.tidy(() =>
    forward(
      tf.tensor4d(
        Float32Array.from(raw, (v) => v / 255),
        [1, SIZE, SIZE, 3],
      ),
    ),
  );
  const [, hentai, , porn] = await scores.data();
  scores.dispose();
  return hentai + porn;
}

export interface ProbeOptions {
  seed?: number;
  /** A labelled photo whose first face is kept, unoptimised, in the probe (for a swap into it). */
  face?: string;
}

/**
 * Where a made probe is kept (git-ignored): the search is deterministic for its seed, face, PROBE_VERSION
 * and nsfwjs's version, and takes minutes on a shared CPU, so each machine makes each probe once.
 */
const CACHE_DIR = new URL('../test-output/nsfw-probes/', import.meta.url);

/** Bumped whenever the search changes what it makes: the cache key (with the options and nsfwjs's version). */
const PROBE_VERSION = 1;

function cacheFile({ seed = 25, face }: ProbeOptions): string {
  const key = createHash('sha256')
    .update(JSON.stringify({ PROBE_VERSION, seed, face: face ?? null, nsfwjs: nsfwjsVersion() }))
    .digest('hex')
    .slice(0, 16);
  return fileURLToPath(new URL(`probe-${key}.json`, CACHE_DIR));
}

/** The probe for these options: made by `makeNsfwProbeImage`, or the one this machine made before. */
export async function nsfwProbeImage(options: ProbeOptions = {}): Promise<ProbeImage> {
  const file = cacheFile(options);
  try {
    const cached = JSON.parse(await readFile(file, 'utf8')) as {
      jpeg: string;
      explicit: number;
      steps: number;
    };
    return { ...cached, jpeg: Buffer.from(cached.jpeg, 'base64') };
  } catch {
    const probe = await makeNsfwProbeImage(options);
    await mkdir(CACHE_DIR, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify({ ...probe, jpeg: probe.jpeg.toString('base64') }));
    await rename(temporary, file);
    return probe;
  }
}

/** Optimises a seeded image until its JPEG scores PROBE_TARGET explicit; deterministic for a seed. */
export async function makeNsfwProbeImage({ seed = 25, face }: ProbeOptions = {}): Promise<ProbeImage> {
  await tf.setBackend('wasm');
  const { forward, dispose } = await loadForward();
  const kept = face ? await keptFace(face) : undefined;
  const field = tf.variable(tf.tensor4d(seeded(seed, FIELD * FIELD * 3), [1, FIELD, FIELD, 3]).mul(0.5));
  const optimizer = tf.train.adam(0.1);
  try {
    for (let step = 1; step <= MAX_STEPS; step++) {
      const noise = tf.tensor4d(seeded(seed * 7919 + step, SIZE * SIZE * 3), [1, SIZE, SIZE, 3]);
      optimizer.minimize(() => {
        const pixels = pixelsOf(field as tf.Tensor4D, kept)
          .div(255)
          .add(noise.mul(NOISE));
        const scores = forward(pixels as tf.Tensor4D);
        const explicit = scores.slice([0, 1], [1, 1]).add(scores.slice([0, 3], [1, 1]));
        return tf.neg(tf.log(explicit.add(1e-6))).sum() as tf.Scalar;
      });
      noise.dispose();
      if (step % 5 !== 0) continue;
      const pixels = tf.tidy(() => pixelsOf(field as tf.Tensor4D, kept).round());
      const rgb = Buffer.from(await pixels.data());
      pixels.dispose();
      const jpeg = await sharp(rgb, { raw: { width: SIZE, height: SIZE, channels: 3 } })
        .resize(SIZE * OUT_SCALE, SIZE * OUT_SCALE, { kernel: 'nearest' })
        .jpeg({ quality: 95 })
        .toBuffer();
      const stored = await sharp(jpeg).jpeg({ quality: STORED_QUALITY }).toBuffer();
      const explicit = await explicitScore(forward, stored);
      if (process.env.NSFW_PROBE_LOG) console.log(`step ${step}: explicit ${explicit.toFixed(4)}`);
      if (explicit >= PROBE_TARGET) return { jpeg, explicit, steps: step };
    }
    throw new Error(`no probe image reached ${PROBE_TARGET} in ${MAX_STEPS} steps (seed ${seed})`);
  } finally {
    optimizer.dispose();
    field.dispose();
    if (kept) tf.dispose([kept.pixels, kept.mask]);
    dispose();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [out, seed, face] = process.argv.slice(2);
  if (!out) throw new Error('usage: nsfw-probe-image.ts <out.jpg> [seed] [labelled photo to keep a face of]');
  const probe = await nsfwProbeImage({ seed: seed ? Number(seed) : undefined, face });
  await writeFile(out, probe.jpeg);
  console.log(JSON.stringify({ out, explicit: probe.explicit, steps: probe.steps }));
}
