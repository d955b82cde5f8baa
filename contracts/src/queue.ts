import type { GenerationStage } from './memes.js';

/** The Bull queue the backend fills and the inference worker consumes. */
export const GENERATION_QUEUE = 'generation';

/** The job's name inside the queue. */
export const SWAP_JOB = 'swap';

/**
 * A swap job. Ids and media keys only, never image bytes: the worker reads the inputs from
 * media storage and writes its outputs there.
 */
export interface GenerationJobPayload {
  generationId: string;
  /** Media key of the player's face photo. */
  faceKey: string;
  /** Media key of the photo the face goes into (a template or the player's own meme base). */
  targetKey: string;
  /** Caption to draw, top/bottom split by a newline. */
  text?: string;
  /** Which faces of the target to replace. */
  faces?: 'largest' | 'all';
  /** Where the worker writes its result and thumbnail. */
  resultKey: string;
  thumbnailKey: string;
}

/** `job.progress(...)` payload the worker reports per stage. */
export interface GenerationJobProgress {
  stage: GenerationStage;
  /** 0–100 */
  progress: number;
}

export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
}

/** What the worker returns on success. */
export interface GenerationJobResult {
  resultKey: string;
  thumbnailKey: string;
  width: number;
  height: number;
  faces: FaceBox[];
  /** Milliseconds per stage. */
  timings: Record<string, number>;
}

/**
 * Typed failure codes: a job that fails with one of these is not retried (the input is at fault).
 * The worker puts `<code>: <message>` in the job's failedReason.
 */
export const GENERATION_FAILURE_CODES = ['NO_FACE', 'UNSUPPORTED_IMAGE', 'IMAGE_TOO_LARGE'] as const;
export type GenerationFailureCode = (typeof GENERATION_FAILURE_CODES)[number];
