import os from 'node:os';

import { mediaStoreConfigFromEnv, type MediaStoreConfig } from '@mememint/media';

/**
 * The inference worker's configuration, read once from the environment and validated:
 * a wrong value stops the process with a message naming it.
 */
export interface InferenceConfig {
  /** `cpu` (default) or `cuda` (falls back to CPU with one log line when the provider is missing). */
  device: 'cpu' | 'cuda';
  /** ONNX Runtime intra-op threads per session. */
  intraOpThreads: number;
  /** Bull jobs processed at once by one worker process. */
  concurrency: number;
  /** Animated jobs (a clip's analysis or swap) processed at once, on their own queue beside the stills'. */
  animationConcurrency: number;
  redisUrl: string;
  /** The media store shared with the backend (MEDIA_STORE: a directory or an S3-compatible bucket). */
  media: MediaStoreConfig;
  /** Port of the worker's `/ping` health endpoint (0 = a free port). */
  healthPort: number;
  /** Largest upload accepted, in bytes. */
  maxImageBytes: number;
  /** Largest decoded image accepted, in pixels. */
  maxImagePixels: number;
  /** Bull key prefix; the backend's BULL_PREFIX must be the same. */
  bullPrefix: string;
  /** The face check of face photos (see analysis/face-check.ts). */
  faceCheck: FaceCheckThresholds;
  /** A target face narrower than this (cheek to cheek, px) is not swapped: FACE_TOO_SMALL_IN_TARGET. */
  minTargetFaceWidth: number;
  /**
   * A target face wider than this (cheek to cheek, px) is swapped on its surroundings reduced to this width,
   * the face photo's fine detail added back at full resolution (swap/working-scale.ts); 0 (the default): off.
   */
  swapWorkingWidth: number;
  /** Bull's job lock: a worker that dies holding a job loses it after this long (ms). */
  lockDurationMs: number;
  /** How often Bull looks for jobs whose worker died and hands them to another (ms). */
  stalledIntervalMs: number;
}

/** Limits of the face check: a face photo outside them is refused with advice. */
export interface FaceCheckThresholds {
  /** Narrowest face, cheek to cheek, in pixels. */
  minWidth: number;
  /** Largest turn, in degrees (estimated from the mesh). */
  maxYaw: number;
  /** Lowest sharpness (variance of the Laplacian at a fixed scale and exposure). */
  minSharpness: number;
  /** Lowest brightness (95th percentile of the inner face's luma, 0–255). */
  minBrightness: number;
  /** Glasses evidence from which the check notes glasses (and a template's glasses are removed). */
  glassesEvidence: number;
}

/** What the analysis and swap stages read. */
export type PipelineConfig = Pick<
  InferenceConfig,
  | 'device'
  | 'intraOpThreads'
  | 'maxImageBytes'
  | 'maxImagePixels'
  | 'faceCheck'
  | 'minTargetFaceWidth'
  | 'swapWorkingWidth'
>;

/** A configuration value out of range: the process should not start. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function numberFrom(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function mediaStoreFrom(env: NodeJS.ProcessEnv): MediaStoreConfig {
  try {
    return mediaStoreConfigFromEnv(env);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

export function loadInferenceConfig(env: NodeJS.ProcessEnv = process.env): InferenceConfig {
  const device = (env.INFERENCE_DEVICE ?? 'cpu').toLowerCase();
  if (device !== 'cpu' && device !== 'cuda') {
    throw new ConfigError(`INFERENCE_DEVICE must be "cpu" or "cuda", got "${env.INFERENCE_DEVICE}"`);
  }
  return {
    device,
    intraOpThreads: intFrom(env, 'INFERENCE_THREADS', Math.max(1, os.availableParallelism()), 1, 256),
    concurrency: intFrom(env, 'INFERENCE_CONCURRENCY', 1, 1, 64),
    animationConcurrency: intFrom(env, 'ANIMATION_CONCURRENCY', 1, 1, 64),
    redisUrl: env.REDIS_URL || 'redis://127.0.0.1:6379',
    media: mediaStoreFrom(env),
    healthPort: intFrom(env, 'INFERENCE_HEALTH_PORT', 3001, 0, 65535),
    maxImageBytes: intFrom(env, 'MAX_IMAGE_BYTES', 10 * 1024 * 1024, 1, 1 << 30),
    maxImagePixels: intFrom(env, 'MAX_IMAGE_PIXELS', 40_000_000, 1, 1 << 30),
    bullPrefix: env.BULL_PREFIX || 'bull',
    faceCheck: {
      minWidth: intFrom(env, 'FACE_MIN_WIDTH_PX', 80, 1, 10_000),
      maxYaw: numberFrom(env, 'FACE_MAX_YAW_DEG', 35, 0, 90),
      minSharpness: numberFrom(env, 'FACE_MIN_SHARPNESS', 30, 0, 1e6),
      minBrightness: numberFrom(env, 'FACE_MIN_BRIGHTNESS', 50, 0, 255),
      glassesEvidence: numberFrom(env, 'FACE_GLASSES_EVIDENCE', 0.75, 0, 100),
    },
    minTargetFaceWidth: intFrom(env, 'TARGET_MIN_FACE_PX', 24, 1, 10_000),
    swapWorkingWidth: intFrom(env, 'SWAP_WORKING_WIDTH_PX', 0, 0, 100_000),
    lockDurationMs: intFrom(env, 'BULL_LOCK_DURATION_MS', 30_000, 1000, 3_600_000),
    stalledIntervalMs: intFrom(env, 'BULL_STALLED_INTERVAL_MS', 30_000, 1000, 3_600_000),
  };
}
