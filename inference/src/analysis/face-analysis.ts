import { createHash } from 'node:crypto';

import {
  FACE_ANALYSIS_FORMAT,
  type AnalysedImageKind,
  type FaceAnalysisRecord,
  type FaceBox,
  type FaceQuality,
} from '@mememint/contracts';

import type { PipelineConfig } from '../config.js';
import { locateFaces } from '../detect/face-detector.js';
import { decodeImage } from '../image/decode.js';
import { buildPyramid } from '../image/pyramid.js';
import { detectMeshes } from '../landmarks/face-mesh.js';
import { MESH_POINT_COUNT } from '../landmarks/mesh-indices.js';
import type { DetectedFace, FaceMesh, RgbImage } from '../types.js';
import { measureFaceQuality } from './face-quality.js';
import { analysisVersion } from './model-version.js';

/** The mesh model's own face flag: below this it sees no face in the crop. */
const MIN_MESH_SCORE = 0.2;
/** The quality crop's pyramid goes down to this side (a face of the whole image still fits). */
const QUALITY_PYRAMID_MIN = 32;

/** A face ready to swap: where it is, its mesh and how it measures. */
export interface ImageFace {
  box: FaceBox;
  mesh: FaceMesh;
  quality: FaceQuality;
}

function area(box: { width: number; height: number }): number {
  return box.width * box.height;
}

export function toFaceBox(face: DetectedFace): FaceBox {
  const { x, y, width, height } = face.box;
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    x: round(x),
    y: round(y),
    width: round(width),
    height: round(height),
    score: Math.round(face.score * 1000) / 1000,
  };
}

/** Every face the detector finds, largest first (the order `faces` indices use). */
export async function detectImageFaces(
  image: RgbImage,
  config: PipelineConfig,
  exhaustive: boolean,
): Promise<DetectedFace[]> {
  return (await locateFaces(image, config, { exhaustive })).sort((a, b) => area(b.box) - area(a.box));
}

/** Landmarks and quality of detected faces (one model run); faces the mesh model rejects are left out. */
export async function meshImageFaces(
  image: RgbImage,
  detected: DetectedFace[],
  config: PipelineConfig,
): Promise<ImageFace[]> {
  const meshes = await detectMeshes(image, detected, config);
  const pyramid = buildPyramid(image, QUALITY_PYRAMID_MIN);
  return detected
    .map((face, i) => ({ face, mesh: meshes[i] }))
    .filter(({ mesh }) => mesh.faceScore >= MIN_MESH_SCORE)
    .map(({ face, mesh }) => ({ box: toFaceBox(face), mesh, quality: measureFaceQuality(pyramid, mesh) }));
}

export function encodeFloats(values: Float32Array): string {
  return Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString('base64');
}

export function decodeFloats(text: string, length: number): Float32Array | null {
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length !== length * 4) return null;
  // Copied: a Buffer's pool offset need not be 4-byte aligned.
  const values = new Float32Array(length);
  new Uint8Array(values.buffer).set(bytes);
  return values;
}

export function imageSha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Analyses an image once: every face (tiles included) with its mesh and quality, largest first, as
 * the record stored beside the image. A face photo must be a JPEG. No identity descriptor: nothing
 * reads one, and a face photo is biometric data kept to what is used (issue 25).
 */
export async function analyseImage(
  bytes: Uint8Array,
  kind: AnalysedImageKind,
  config: PipelineConfig,
): Promise<{ record: FaceAnalysisRecord; timings: Record<string, number> }> {
  let started = performance.now();
  const image = await decodeImage(bytes, {
    maxBytes: config.maxImageBytes,
    maxPixels: config.maxImagePixels,
    jpegOnly: kind === 'face',
  });
  const decode = performance.now() - started;
  started = performance.now();
  const detected = await detectImageFaces(image, config, true);
  const detect = performance.now() - started;
  started = performance.now();
  const faces = await meshImageFaces(image, detected, config);
  const landmarks = performance.now() - started;
  const record: FaceAnalysisRecord = {
    format: FACE_ANALYSIS_FORMAT,
    version: await analysisVersion(),
    imageSha256: imageSha256(bytes),
    width: image.width,
    height: image.height,
    faces: faces.map((face) => ({
      box: face.box,
      meshScore: Math.round(face.mesh.faceScore * 1000) / 1000,
      mesh: encodeFloats(face.mesh.points),
      quality: roundQuality(face.quality),
    })),
  };
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    record,
    timings: {
      decode: round(decode),
      detect: round(detect),
      landmarks: round(landmarks),
    },
  };
}

function roundQuality(quality: FaceQuality): FaceQuality {
  const round = (value: number, step: number) => Math.round(value / step) * step;
  return {
    yaw: round(quality.yaw, 0.1),
    width: round(quality.width, 0.1),
    sharpness: round(quality.sharpness, 0.1),
    brightness: round(quality.brightness, 0.1),
    glasses: round(quality.glasses, 0.001),
  };
}

/** A stored record's faces, or null when it is not for these bytes, not of this version, or damaged. */
export async function storedImageFaces(
  record: FaceAnalysisRecord | null | undefined,
  bytes: Uint8Array,
): Promise<ImageFace[] | null> {
  if (!record || record.format !== FACE_ANALYSIS_FORMAT || !Array.isArray(record.faces)) return null;
  if (record.version !== (await analysisVersion()) || record.imageSha256 !== imageSha256(bytes)) return null;
  const faces: ImageFace[] = [];
  for (const face of record.faces) {
    const points = decodeFloats(face.mesh, MESH_POINT_COUNT * 3);
    if (!points) return null;
    faces.push({ box: face.box, mesh: { points, faceScore: face.meshScore }, quality: face.quality });
  }
  return faces;
}
