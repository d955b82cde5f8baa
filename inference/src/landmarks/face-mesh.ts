import ort from 'onnxruntime-node';

import { ensureModels, modelPaths } from '../models/model-paths.js';
import { getSession, type SessionOptions } from '../models/onnx-session.js';
import type { DetectedFace, FaceMesh, Point, RgbImage } from '../types.js';
import { type AlignedCrop, cropToImage, eyeLineAngle, sampleAlignedCrop } from './aligned-crop.js';
import { LEFT_EYE_CORNERS, MESH_POINT_COUNT, RIGHT_EYE_CORNERS } from './mesh-indices.js';

/** Side of the face mesh model's square input, in pixels. */
export const MESH_INPUT_SIZE = 192;
/** How much larger than the detector's box the mesh crop is (what Human feeds the model). */
const DETECTION_CROP_SCALE = 1.4;
/** How much larger than the mesh's own extent a crop derived from a mesh is. */
const MESH_CROP_SCALE = 1.25;
/**
 * How much larger than the mesh's extent the crop is that follows a face into the next frame (MediaPipe's
 * own tracking margin): with the tighter 1.25 the mesh crept off a panned face from frame to frame
 * (a portrait's mesh rose ~1.5 px a frame until a detection pulled it back down by 13–17 px).
 */
const FOLLOW_CROP_SCALE = 1.5;

const INPUT = 'input_1';
const MESH_OUTPUT = 'Identity_2';
const FACE_FLAG_OUTPUT = 'Identity_1';

/** The eye-aligned crop around a detection: the box's centre, its longer side × 1.4, rolled to level eyes. */
export function detectionCrop(face: DetectedFace): AlignedCrop {
  const [rightEye, leftEye] = face.keypoints;
  const { x, y, width, height } = face.box;
  return {
    centerX: x + width / 2,
    centerY: y + height / 2,
    size: Math.max(width, height) * DETECTION_CROP_SCALE,
    // A face given without eye keypoints is taken as upright.
    angle: rightEye && leftEye ? eyeLineAngle(rightEye, leftEye) : 0,
  };
}

export function meshPoint(mesh: FaceMesh, index: number): Point {
  return { x: mesh.points[index * 3], y: mesh.points[index * 3 + 1] };
}

function midpoint(mesh: FaceMesh, [a, b]: readonly [number, number]): Point {
  const p = meshPoint(mesh, a);
  const q = meshPoint(mesh, b);
  return { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
}

/** Eye centres (the mean of each eye's corners): the subject's right eye (image left) first. */
export function meshEyeCentres(mesh: FaceMesh): [Point, Point] {
  return [midpoint(mesh, RIGHT_EYE_CORNERS), midpoint(mesh, LEFT_EYE_CORNERS)];
}

/** An eye-aligned square crop around a mesh: its extent in the rolled frame, × `scale`. */
export function meshCrop(mesh: FaceMesh, scale = MESH_CROP_SCALE): AlignedCrop {
  const [rightEye, leftEye] = meshEyeCentres(mesh);
  const angle = eyeLineAngle(rightEye, leftEye);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  let minU = Infinity;
  let maxU = -Infinity;
  let minV = Infinity;
  let maxV = -Infinity;
  for (let i = 0; i < MESH_POINT_COUNT; i++) {
    const x = mesh.points[i * 3];
    const y = mesh.points[i * 3 + 1];
    const u = x * cos + y * sin;
    const v = -x * sin + y * cos;
    minU = Math.min(minU, u);
    maxU = Math.max(maxU, u);
    minV = Math.min(minV, v);
    maxV = Math.max(maxV, v);
  }
  const u = (minU + maxU) / 2;
  const v = (minV + maxV) / 2;
  return {
    centerX: u * cos - v * sin,
    centerY: u * sin + v * cos,
    size: Math.max(maxU - minU, maxV - minV) * scale,
    angle,
  };
}

/** Runs the face mesh model on crops of one image, in one batch. */
async function meshesInCrops(
  image: RgbImage,
  crops: AlignedCrop[],
  options: SessionOptions,
): Promise<FaceMesh[]> {
  if (crops.length === 0) return [];
  await ensureModels();
  const session = await getSession(modelPaths.facemesh, options);
  const pixels = MESH_INPUT_SIZE * MESH_INPUT_SIZE * 3;
  const input = new Float32Array(crops.length * pixels);
  crops.forEach((crop, i) => sampleAlignedCrop(image, crop, MESH_INPUT_SIZE, input, i * pixels, 1 / 255));
  const outputs = await session.run({
    [INPUT]: new ort.Tensor('float32', input, [crops.length, MESH_INPUT_SIZE, MESH_INPUT_SIZE, 3]),
  });
  const raw = outputs[MESH_OUTPUT].data as Float32Array;
  const flags = outputs[FACE_FLAG_OUTPUT].data as Float32Array;
  return crops.map((crop, i) => {
    const points = new Float32Array(MESH_POINT_COUNT * 3);
    const depthScale = crop.size / MESH_INPUT_SIZE;
    for (let p = 0; p < MESH_POINT_COUNT; p++) {
      const o = (i * MESH_POINT_COUNT + p) * 3;
      const point = cropToImage(crop, MESH_INPUT_SIZE, raw[o], raw[o + 1]);
      points[p * 3] = point.x;
      points[p * 3 + 1] = point.y;
      points[p * 3 + 2] = raw[o + 2] * depthScale;
    }
    return { points, faceScore: flags[i] };
  });
}

/** The 468-point mesh of each detected face, in image pixels (one model run for all faces). */
export function detectMeshes(
  image: RgbImage,
  faces: DetectedFace[],
  options: SessionOptions,
): Promise<FaceMesh[]> {
  return meshesInCrops(image, faces.map(detectionCrop), options);
}

/** The 468-point mesh of one detected face, in image pixels. */
export async function detectMesh(
  image: RgbImage,
  face: DetectedFace,
  options: SessionOptions,
): Promise<FaceMesh> {
  const [mesh] = await detectMeshes(image, [face], options);
  return mesh;
}

/**
 * The 468-point mesh of faces followed from a previous frame: each crop derived from that frame's mesh
 * (no detection), in one model run.
 */
export function followMeshes(
  image: RgbImage,
  previous: FaceMesh[],
  options: SessionOptions,
): Promise<FaceMesh[]> {
  return meshesInCrops(
    image,
    previous.map((mesh) => meshCrop(mesh, FOLLOW_CROP_SCALE)),
    options,
  );
}
