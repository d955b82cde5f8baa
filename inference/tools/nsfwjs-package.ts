/**
 * The NSFW classifier's weights as npm `nsfwjs` (MIT) ships them: its MobileNetV2 "mid" TF.js graph model,
 * bundled as UMD scripts (`model.min.js` exports the model JSON, each `group1-shardNofM.min.js` a base64
 * string of the weight file). Nothing is downloaded: the files come from node_modules.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

import { tfjsGraphOf, type TfjsGraph, type TfjsModelJson } from './tfjs-graph.js';

const require = createRequire(import.meta.url);

/** The converted model's name in nsfwjs (`nsfwjs.load("MobileNetV2Mid")`). */
export const NSFWJS_MODEL = 'mobilenet_v2_mid';

/** The installed package's version (a cache key input, and the ONNX model's doc string). */
export function nsfwjsVersion(): string {
  const entry = require.resolve('nsfwjs');
  const manifest = path.join(path.dirname(entry), '..', '..', 'package.json');
  return (require(manifest) as { version: string }).version;
}

function modelDir(): string {
  return path.join(path.dirname(require.resolve('nsfwjs')), '..', 'models', NSFWJS_MODEL);
}

/** The model JSON and weight bytes, in the shape `tf.io.fromMemory` and our converter take. */
export interface NsfwjsArtifacts {
  json: TfjsModelJson;
  weights: Buffer;
  /** The package files read (for cache keys). */
  sources: Buffer[];
}

export async function readNsfwjsArtifacts(): Promise<NsfwjsArtifacts> {
  const dir = modelDir();
  const modelFile = path.join(dir, 'model.min.js');
  const raw = require(modelFile) as TfjsModelJson & {
    userDefinedMetadata?: { signature?: TfjsModelJson['signature'] };
  };
  // This converter version keeps the signature in userDefinedMetadata.
  const json: TfjsModelJson = { ...raw, signature: raw.signature ?? raw.userDefinedMetadata!.signature! };
  const shardFiles = json.weightsManifest.flatMap((group) =>
    group.paths.map((name) => path.join(dir, `${name}.min.js`)),
  );
  const shards = shardFiles.map((file) => Buffer.from(require(file) as string, 'base64'));
  const sources = await Promise.all([modelFile, ...shardFiles].map((file) => readFile(file)));
  return { json, weights: Buffer.concat(shards), sources };
}

/** The graph for our TF.js → ONNX converter. */
export async function readNsfwjsGraph(): Promise<TfjsGraph> {
  const { json, weights, sources } = await readNsfwjsArtifacts();
  if (json.weightsManifest.length !== 1) throw new Error('nsfwjs: one weight group expected');
  return tfjsGraphOf(json, [[weights]], sources, `nsfwjs ${NSFWJS_MODEL}`);
}
