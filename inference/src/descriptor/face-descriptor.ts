import ort from 'onnxruntime-node';

import { type AlignedCrop, sampleAlignedCrop } from '../landmarks/aligned-crop.js';
import { detectionCrop, meshCrop } from '../landmarks/face-mesh.js';
import { ensureModels, modelPaths } from '../models/model-paths.js';
import { getSession, type SessionOptions } from '../models/onnx-session.js';
import type { DetectedFace, FaceMesh, RgbImage } from '../types.js';

/** Side of faceres's square input, in pixels. */
const DESCRIPTOR_INPUT_SIZE = 224;
export const DESCRIPTOR_LENGTH = 1024;
/** The crop around a mesh: its extent × this (about what the detection crop holds). */
const DESCRIPTOR_MESH_CROP_SCALE = 1.4;

const INPUT = 'input_1';
const DESCRIPTOR_OUTPUT = 'global_pooling/Mean';

/** The face's crop for the descriptor: eye-aligned, from the mesh when there is one, else from the detection. */
function descriptorCrop(face: FaceMesh | DetectedFace): AlignedCrop {
  return 'points' in face ? meshCrop(face, DESCRIPTOR_MESH_CROP_SCALE) : detectionCrop(face);
}

/** Human's faceres descriptors (1024 values ≥ 0) of faces in one image, in one model run. */
export async function faceDescriptors(
  image: RgbImage,
  faces: Array<FaceMesh | DetectedFace>,
  options: SessionOptions,
): Promise<Float32Array[]> {
  if (faces.length === 0) return [];
  await ensureModels();
  const session = await getSession(modelPaths.faceres, options);
  const pixels = DESCRIPTOR_INPUT_SIZE * DESCRIPTOR_INPUT_SIZE * 3;
  const input = new Float32Array(faces.length * pixels);
  // faceres takes RGB in 0..255.
  faces.forEach((face, i) =>
    sampleAlignedCrop(image, descriptorCrop(face), DESCRIPTOR_INPUT_SIZE, input, i * pixels, 1),
  );
  const outputs = await session.run({
    [INPUT]: new ort.Tensor('float32', input, [
      faces.length,
      DESCRIPTOR_INPUT_SIZE,
      DESCRIPTOR_INPUT_SIZE,
      3,
    ]),
  });
  const all = outputs[DESCRIPTOR_OUTPUT].data as Float32Array;
  return faces.map((_, i) => all.slice(i * DESCRIPTOR_LENGTH, (i + 1) * DESCRIPTOR_LENGTH));
}

/** The descriptor of one face. */
export async function faceDescriptor(
  image: RgbImage,
  face: FaceMesh | DetectedFace,
  options: SessionOptions,
): Promise<Float32Array> {
  const [descriptor] = await faceDescriptors(image, [face], options);
  return descriptor;
}

/**
 * Human's similarity of two descriptors, 0 (different) to 1 (identical):
 * dist = 25·Σ(a−b)², similarity = clamp((1 − √dist/100 − 0.2) / 0.6, 0, 1).
 */
export function descriptorSimilarity(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new Error(`descriptors differ in length: ${a.length} and ${b.length}`);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] - b[i]) ** 2;
  const distance = 25 * sum;
  return Math.min(1, Math.max(0, (1 - Math.sqrt(distance) / 100 - 0.2) / 0.6));
}
