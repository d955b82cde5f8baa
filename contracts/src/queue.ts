import type {
  AnalyseAnimationJobData,
  ANALYSE_ANIMATION_JOB,
  ANIMATION_QUEUE,
  RecaptionAnimationJobData,
  RECAPTION_ANIMATION_JOB,
  SwapAnimationJobData,
  SWAP_ANIMATION_JOB,
  VideoStickerJobData,
  VIDEO_STICKER_JOB,
} from './animation.js';
import type { AnalysedImageKind, FaceChoice } from './face-analysis.js';
import { isValidMediaKey } from './media.js';
import type { NsfwScores, NsfwThresholds } from './moderation.js';
import { GENERATION_STAGES, type GenerationStage } from './memes.js';
import type { StickerStyle } from './stickers.js';

/** The Bull queue the backend fills and the inference worker consumes. */
export const GENERATION_QUEUE = 'generation';

/** The swap job's name inside the generation queue. */
export const SWAP_JOB = 'swap';

/**
 * A swap job's data. Media keys only, never image bytes: the worker reads the inputs from media
 * storage and writes its outputs there. The job id is the generation's id.
 */
export interface SwapJobData {
  /** Media key of the player's face photo. */
  faceKey: string;
  /** Media key of the photo the face goes into (a template or the player's own meme base). */
  targetKey: string;
  /** Caption to draw, top/bottom split by a newline. */
  text?: string;
  /** Which faces of the target to replace (default `'largest'`: the default face, `defaultFaceIndex`). */
  faces?: FaceChoice;
  /** Where the worker writes its result and thumbnail. */
  resultKey: string;
  thumbnailKey: string;
  /** Where the worker also writes the result without its caption (a new caption is drawn on it). */
  plainKey?: string;
  /**
   * Where the worker also writes the swapped faces' mask: a greyscale PNG the result's size, 255 inside
   * the faces' outlines (hairline to chin), 0 elsewhere; face stickers are cut out along it.
   */
  maskKey?: string;
}

/**
 * The caption queue: a meme's caption drawn again on its caption-less result when the player edits it.
 * The edit request waits for its job (a fraction of a second), so these never queue behind swaps.
 */
export const CAPTION_QUEUE = 'caption';
export const CAPTION_JOB = 'caption';

export interface CaptionJobData {
  /** Media key of the caption-less picture. */
  sourceKey: string;
  /** The caption, top/bottom split by a newline; empty for none. */
  text: string;
  resultKey: string;
  thumbnailKey: string;
}

/**
 * The caption queue's face sticker job (quick like a caption: the backend's stickers job waits for it):
 * the face cut out of the caption-less picture along the swap's face mask, the caption under it, on a
 * transparent background with a white outline, a PNG whose longer side is 512 px written at `resultKey`.
 */
export const FACE_STICKER_JOB = 'face-sticker';

export interface FaceStickerJobData {
  /** The meme's caption-less picture and the mask its swap kept (SwapJobData.maskKey). */
  pictureKey: string;
  maskKey: string;
  /** The meme's caption, drawn under the face; empty for none. */
  text: string;
  resultKey: string;
}

/** What the worker returns when a caption is drawn. */
export interface CaptionJobResult {
  resultKey: string;
  thumbnailKey: string;
  width: number;
  height: number;
}

/**
 * The analyse job of the generation queue: detection, landmarks and quality of every face of
 * one stored image, stored beside it (`analysisKeyOf`); the worker answers an AnalyseJobResult (with the
 * face check for a face photo). Producers add it with a high priority and await it, with a timeout.
 */
export const ANALYSE_JOB = 'analyse';

export interface AnalyseJobData {
  /** Media key of the image; the analysis goes to `analysisKeyOf(imageKey)`. */
  imageKey: string;
  kind: AnalysedImageKind;
  /**
   * Screening of an upload: the image is classified first and, when `isNsfw` at these thresholds, the job
   * fails with NSFW_IMAGE before any face is looked at.
   */
  screen?: NsfwThresholds;
}

/** The backend's own queue of feed work, consumed by the backend itself. */
export const FEED_QUEUE = 'feed';

/**
 * Settles every ended contest day not settled yet (normally just yesterday). Repeated at 00:00 UTC;
 * however many replicas add or run it, the settlement row's unique day makes each day settle once.
 */
export const SETTLE_DAYS_JOB = 'settle-days';

/** The backend's own queue of sticker pack work (images with sharp, then the Bot API), consumed by the backend. */
export const STICKERS_QUEUE = 'stickers';

/** Makes a new Telegram sticker set from the player's memes (the pack row is written only once Telegram made it). */
export const CREATE_STICKER_PACK_JOB = 'create-pack';

/** Adds, removes or retitles the stickers of an existing pack. */
export const UPDATE_STICKER_PACK_JOB = 'update-pack';

export interface CreateStickerPackJobData {
  userId: number;
  title: string;
  /** The player's own memes, checked before queueing, in sticker order. */
  memeIds: string[];
  /** `face`: every meme was checked to have its face mask (SwapJobData.maskKey). */
  style: StickerStyle;
}

export interface UpdateStickerPackJobData {
  userId: number;
  packId: string;
  add: string[];
  remove: string[];
  title?: string;
  style: StickerStyle;
}

/**
 * Failures of a sticker job: Telegram refused (502) or could not be reached (503), no worker cut a face
 * out or made a video sticker (503), a video sticker's frames scored NSFW (400).
 */
export const STICKER_FAILURE_CODES = [
  'BOT_API_ERROR',
  'BOT_API_UNAVAILABLE',
  'WORKER_UNAVAILABLE',
  'NSFW_IMAGE',
] as const;
export type StickerFailureCode = (typeof STICKER_FAILURE_CODES)[number];

/**
 * Every queue and the jobs it carries, each job a `{name, data}` member of its queue's union. A new
 * job is one more member (`| { name: typeof ANALYSE_JOB; data: AnalyseJobData }`), a new queue one
 * more key; producers and consumers type their jobs from here.
 */
export interface QueueJobs {
  [GENERATION_QUEUE]:
    { name: typeof SWAP_JOB; data: SwapJobData } | { name: typeof ANALYSE_JOB; data: AnalyseJobData };
  [FEED_QUEUE]: { name: typeof SETTLE_DAYS_JOB; data: Record<string, never> };
  [STICKERS_QUEUE]:
    | { name: typeof CREATE_STICKER_PACK_JOB; data: CreateStickerPackJobData }
    | { name: typeof UPDATE_STICKER_PACK_JOB; data: UpdateStickerPackJobData };
  [CAPTION_QUEUE]:
    | { name: typeof CAPTION_JOB; data: CaptionJobData }
    | { name: typeof FACE_STICKER_JOB; data: FaceStickerJobData };
  [ANIMATION_QUEUE]:
    | { name: typeof ANALYSE_ANIMATION_JOB; data: AnalyseAnimationJobData }
    | { name: typeof SWAP_ANIMATION_JOB; data: SwapAnimationJobData }
    | { name: typeof RECAPTION_ANIMATION_JOB; data: RecaptionAnimationJobData }
    | { name: typeof VIDEO_STICKER_JOB; data: VideoStickerJobData };
}

export type QueueName = keyof QueueJobs;
/** One job of a queue: narrowing on `name` gives its `data`. */
export type QueueJob<Q extends QueueName> = QueueJobs[Q];
export type JobName<Q extends QueueName> = QueueJob<Q>['name'];
export type JobData<Q extends QueueName, N extends JobName<Q>> = Extract<QueueJob<Q>, { name: N }>['data'];

/** `job.progress(...)` payload the worker reports per stage of a swap. */
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

/** What the worker returns when a swap succeeds. */
export interface GenerationJobResult {
  resultKey: string;
  thumbnailKey: string;
  /** The caption-less result, when the job asked for it. */
  plainKey?: string;
  /** The swapped faces' mask, when the job asked for it. */
  maskKey?: string;
  width: number;
  height: number;
  faces: FaceBox[];
  /** The target's faces swapped: indices into its face list (largest first), in `faces`' order. */
  faceIndexes?: number[];
  /** An animated result's MP4 (then `resultKey` is its poster), frame count and duration. */
  videoKey?: string;
  frameCount?: number;
  durationMs?: number;
  /** Which stored analyses (face-analysis.ts) the swap used instead of detecting and meshing again. */
  cached?: { face: boolean; target: boolean };
  /** The NSFW classifier's scores of the result (the backend holds one above its thresholds for review). */
  nsfw?: NsfwScores;
  /** Milliseconds per stage. */
  timings: Record<string, number>;
}

/** A progress report as the worker sends it (reports travel through Redis: check before use). */
export function isGenerationJobProgress(value: unknown): value is GenerationJobProgress {
  const candidate = value as Partial<GenerationJobProgress> | null;
  return (
    typeof candidate?.progress === 'number' &&
    candidate.progress >= 0 &&
    candidate.progress <= 100 &&
    (GENERATION_STAGES as readonly unknown[]).includes(candidate.stage)
  );
}

/** A swap result the backend can turn into a meme: valid media keys and whole dimensions. */
export function isGenerationJobResult(value: unknown): value is GenerationJobResult {
  const candidate = value as Partial<GenerationJobResult> | null;
  return (
    typeof candidate?.resultKey === 'string' &&
    isValidMediaKey(candidate.resultKey) &&
    typeof candidate.thumbnailKey === 'string' &&
    isValidMediaKey(candidate.thumbnailKey) &&
    (candidate.plainKey === undefined ||
      (typeof candidate.plainKey === 'string' && isValidMediaKey(candidate.plainKey))) &&
    (candidate.maskKey === undefined ||
      (typeof candidate.maskKey === 'string' && isValidMediaKey(candidate.maskKey))) &&
    (candidate.videoKey === undefined ||
      (typeof candidate.videoKey === 'string' &&
        isValidMediaKey(candidate.videoKey) &&
        Number.isInteger(candidate.frameCount) &&
        Number.isInteger(candidate.durationMs))) &&
    Number.isInteger(candidate.width) &&
    Number.isInteger(candidate.height)
  );
}

/**
 * Failures of a generation-queue job caused by its input: the worker does not retry them. A swap's
 * chosen target face can be too small even on a supersampled crop (FACE_TOO_SMALL_IN_TARGET) or not
 * exist in the target's face list (NO_SUCH_FACE). GENERATION_TIMEOUT is the API's own: the sweeper
 * closed a generation that had not finished by GENERATION_DEADLINE_SECONDS (its credit came back).
 * An upload screened by its analyse job can be NSFW_IMAGE.
 */
export const GENERATION_FAILURE_CODES = [
  'NO_FACE',
  'NO_TARGET_FACE',
  'UNSUPPORTED_IMAGE',
  'IMAGE_TOO_LARGE',
  'FACE_TOO_SMALL_IN_TARGET',
  'NO_SUCH_FACE',
  'GENERATION_TIMEOUT',
  'NSFW_IMAGE',
] as const;
export type GenerationFailureCode = (typeof GENERATION_FAILURE_CODES)[number];

/**
 * Why a job failed for good. `code` is one of its queue's typed codes, or null for anything else
 * (an engine error, a crash, Bull's own reasons such as a stalled job).
 */
export interface JobFailure<Code extends string = GenerationFailureCode> {
  code: Code | null;
  message: string;
}

/** The job's failed reason for a typed failure (Bull keeps the thrown error's message). */
export function formatFailure<Code extends string>(code: Code, message: string): string {
  return `${code}: ${message}`;
}

/** Reads a failed reason back: a typed failure when it starts with one of `codes`, else code null. */
export function parseFailure<Code extends string>(
  reason: string | undefined,
  codes: readonly Code[],
): JobFailure<Code> {
  const text = reason ?? '';
  const separator = text.indexOf(': ');
  const code = separator > 0 ? text.slice(0, separator) : '';
  return (codes as readonly string[]).includes(code)
    ? { code: code as Code, message: text.slice(separator + 2) }
    : { code: null, message: text };
}
