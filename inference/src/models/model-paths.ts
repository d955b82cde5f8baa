import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The inference workspace root (this file sits in src/models or dist/models). */
const inferenceRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Where `npm run models` caches the prepared model files (git-ignored). */
export const modelsDir = path.join(inferenceRoot, 'models');

/** Absolute paths of every model file the pipeline runs. */
export const modelPaths = {
  /** BlazeFace front camera, 128×128 input: close-up selfies. */
  blazefaceFront: path.join(modelsDir, 'face_detection_front_128x128_barracuda.onnx'),
  /** BlazeFace back camera, 256×256 input: photos with smaller faces. */
  blazefaceBack: path.join(modelsDir, 'face_detection_back_256x256_barracuda.onnx'),
  /** MediaPipe face mesh (468 points), converted from Human's TF.js graph. */
  facemesh: path.join(modelsDir, 'facemesh.onnx'),
  /** Human's faceres (descriptor, age, gender), converted from its TF.js graph. */
  faceres: path.join(modelsDir, 'faceres.onnx'),
  /** nsfwjs's MobileNetV2 "mid" NSFW classifier (5 classes), converted from its TF.js graph. */
  nsfw: path.join(modelsDir, 'nsfw-mobilenet-v2.onnx'),
} as const;

let preparing: Promise<void> | undefined;

function runPrepareTool(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join('tools', 'prepare-models.ts')], {
      cwd: inferenceRoot,
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`preparing the models failed (exit code ${code})`)),
    );
  });
}

/**
 * Makes sure every model file exists, preparing missing ones with `npm run models` (the build does this
 * ahead of time; this is the lazy fallback for a fresh checkout).
 */
export function ensureModels(): Promise<void> {
  if (Object.values(modelPaths).every((file) => existsSync(file))) return Promise.resolve();
  preparing ??= runPrepareTool().finally(() => {
    preparing = undefined;
  });
  return preparing;
}
