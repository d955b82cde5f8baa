/**
 * `npm run models`: prepares every model file under inference/models/ (git-ignored), skipping files that
 * are present and valid. Run by the build and before the tests, and lazily by `ensureModels()`.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';

import { modelPaths, modelsDir } from '../src/models/model-paths.js';
import { blazefacePackage, fetchBlazefaceFiles, sha256 } from './blazeface-package.js';
import { encodeOnnxModel } from './onnx-proto.js';
import { NSFWJS_MODEL, nsfwjsVersion, readNsfwjsGraph } from './nsfwjs-package.js';
import { humanModelJson, readTfjsGraph, type TfjsGraph } from './tfjs-graph.js';
import { convertTfjsGraph } from './tfjs-to-onnx.js';

/** The converter's own sources: a change to them re-runs the conversion like a change to the inputs. */
const converterSources = ['tfjs-graph.ts', 'tfjs-to-onnx.ts', 'onnx-proto.ts', 'nsfwjs-package.ts'].map(
  (file) => new URL(file, import.meta.url),
);

/** Writes through a temporary file so that a concurrent reader never sees half a model. */
async function writeAtomically(file: string, data: Uint8Array | string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}

async function isValid(file: string, expectedSha256: string): Promise<boolean> {
  try {
    return sha256(await readFile(file)) === expectedSha256;
  } catch {
    return false;
  }
}

async function prepareBlazeface(): Promise<void> {
  const targets = [
    { name: 'ONNX/face_detection_front_128x128_barracuda.onnx', file: modelPaths.blazefaceFront },
    { name: 'ONNX/face_detection_back_256x256_barracuda.onnx', file: modelPaths.blazefaceBack },
  ].map((target) => ({ ...target, hash: blazefacePackage.files[target.name] }));
  const valid = await Promise.all(targets.map((target) => isValid(target.file, target.hash)));
  if (valid.every(Boolean)) return;
  console.log(`models: fetching ${blazefacePackage.spec}`);
  const files = await fetchBlazefaceFiles();
  for (const target of targets) await writeAtomically(target.file, files.get(target.name)!);
}

/** The sidecar next to a converted model: what it was converted from, and its own hash. */
interface ConversionRecord {
  key: string;
  sha256: string;
}

async function readRecord(sidecar: string): Promise<ConversionRecord | undefined> {
  try {
    return JSON.parse(await readFile(sidecar, 'utf8')) as ConversionRecord;
  } catch {
    return undefined; // missing or damaged: convert again
  }
}

/** Converts a TF.js graph unless the sidecar says this exact input was already converted. */
async function convertModel(source: string, read: () => Promise<TfjsGraph>, target: string): Promise<void> {
  const graph = await read();
  const hash = createHash('sha256');
  for (const bytes of [
    ...graph.sources,
    ...(await Promise.all(converterSources.map((file) => readFile(file)))),
  ]) {
    hash.update(bytes);
  }
  const key = hash.digest('hex');
  const sidecar = `${target}.json`;
  const record = await readRecord(sidecar);
  if (record?.key === key && (await isValid(target, record.sha256))) return;
  console.log(`models: converting ${source}`);
  const model = encodeOnnxModel(convertTfjsGraph(graph, key.slice(0, 12), source));
  await writeAtomically(target, model);
  await writeAtomically(
    sidecar,
    `${JSON.stringify({ key, sha256: sha256(Buffer.from(model)) } satisfies ConversionRecord, null, 2)}\n`,
  );
}

/** One of Human's TF.js graphs. */
function convertHumanModel(name: 'facemesh' | 'faceres', target: string): Promise<void> {
  return convertModel(
    `@vladmandic/human models/${name}.json`,
    () => readTfjsGraph(humanModelJson(name)),
    target,
  );
}

async function main(): Promise<void> {
  await mkdir(modelsDir, { recursive: true });
  await prepareBlazeface();
  await convertHumanModel('facemesh', modelPaths.facemesh);
  await convertHumanModel('faceres', modelPaths.faceres);
  await convertModel(`nsfwjs@${nsfwjsVersion()} ${NSFWJS_MODEL}`, readNsfwjsGraph, modelPaths.nsfw);
  console.log(`models: ready in ${modelsDir}`);
}

await main();
