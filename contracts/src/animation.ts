import type { FaceChoice, FaceRect } from './face-analysis.js';
import type { NsfwScores, NsfwThresholds } from './moderation.js';
import type { FaceBox } from './queue.js';
import type { StickerStyle } from './stickers.js';

/**
 * Animated templates and memes (issue 24). An animation is a short silent clip: the worker keeps it as
 * an MP4 (H.264, yuv420p, faststart) of at most 30 fps and 720 px on its longest side, with a JPEG
 * poster (its first frame) as `imageUrl` and a WEBP thumbnail.
 */
export type MediaKind = 'image' | 'animation';

/** Where an animated template stands: analysed in the worker after the upload answered. */
export type AnimationAnalysisState = 'pending' | 'ready' | 'failed';

/** The longest side of an animation as the worker keeps it, and its highest frame rate. */
export const ANIMATION_MAX_SIDE = 720;
export const ANIMATION_MAX_FPS = 30;
/** A clip's longest side as uploaded (larger is refused before anything decodes it). */
export const ANIMATION_UPLOAD_MAX_SIDE = 4096;

/** A face track of an animation as the API lists it: its box on the frame `frameIndex`. */
export interface AnimationFaceRect extends FaceRect {
  /** The poster frame (0) when the track is there, else the frame where the face is largest. */
  frameIndex: number;
}

/** What an animated template or meme adds to its DTO (absent, or null, for a still). */
export interface AnimationFields {
  kind: MediaKind;
  /** Of an animation; null for a still. */
  durationMs: number | null;
  frameCount: number | null;
  /** The MP4 (H.264, yuv420p, faststart); null for a still. */
  videoUrl: string | null;
}

/** The Bull queue of animated work: its own list and concurrency, so stills never wait behind a clip. */
export const ANIMATION_QUEUE = 'animation';

/** Transcodes an uploaded clip and analyses its faces into tracks (detection on key frames, mesh between). */
export const ANALYSE_ANIMATION_JOB = 'analyse-animation';

/** Swaps a player's face into every frame of an analysed animation's chosen tracks. */
export const SWAP_ANIMATION_JOB = 'swap-animation';

export interface AnalyseAnimationJobData {
  /** The upload as it came (GIF, MP4 or WEBM), probed by the backend. */
  sourceKey: string;
  /** Where the worker writes the transcoded MP4, its poster (JPEG), thumbnail (WEBP) and tracks (JSON). */
  videoKey: string;
  posterKey: string;
  thumbnailKey: string;
  analysisKey: string;
  /**
   * Screening of the upload: its first frame and one a second are classified and, when the worst is
   * `isNsfw` at these thresholds, the job fails with NSFW_IMAGE (nothing is stored).
   */
  screen?: NsfwThresholds;
}

export interface AnalyseAnimationJobResult {
  videoKey: string;
  posterKey: string;
  thumbnailKey: string;
  analysisKey: string;
  width: number;
  height: number;
  frameCount: number;
  durationMs: number;
  /** Its face tracks, largest first (the list a generation's `faces` indexes); empty when none. */
  faces: AnimationFaceRect[];
  /** The worst screened frame's scores, when the upload was screened. */
  nsfw?: NsfwScores;
  timings: Record<string, number>;
}

export interface SwapAnimationJobData {
  /** Media key of the player's face photo (its analysis beside it, when there is one). */
  faceKey: string;
  /** The template's (or animated meme's) MP4 and the tracks analysed from it. */
  videoKey: string;
  analysisKey: string;
  text?: string;
  faces?: FaceChoice;
  /** The result's poster (JPEG) and thumbnail (WEBP), and its MP4. */
  resultKey: string;
  thumbnailKey: string;
  videoResultKey: string;
  /**
   * Where the worker also writes the result without its caption (an MP4 like `videoResultKey`): a
   * caption edit lays the new caption on it (RECAPTION_ANIMATION_JOB). Asked for when there is a caption.
   */
  plainVideoKey?: string;
  /**
   * Where the worker also writes the swapped tracks' meshes as swapped (smoothed), an
   * AnimationAnalysisRecord of the chosen tracks only: "face" video stickers are cut out along them.
   */
  tracksResultKey?: string;
}

/**
 * A caption edit of an animated meme (the edit request waits for it, ANIMATION_CAPTION_TIMEOUT_MS):
 * the new caption laid on every frame of the caption-less clip the swap kept (`plainVideoKey`), encoded
 * and AI-labelled as a swap's result, under new keys. Answers a GenerationJobResult (`videoKey` set,
 * `faces` empty); its progress reports are GenerationJobProgress (stage `caption`, rising with the frames).
 */
export const RECAPTION_ANIMATION_JOB = 'recaption-animation';

/** Job ids of animated caption edits (never a generation's UUID): `recaption-<random>`. */
export const RECAPTION_ANIMATION_JOB_ID_PREFIX = 'recaption-';

export interface RecaptionAnimationJobData {
  /** The caption-less MP4 (SwapAnimationJobData.plainVideoKey). */
  sourceKey: string;
  /** The caption, top/bottom split by a newline; empty for none. */
  text: string;
  /** The new MP4, its poster (JPEG) and thumbnail (WEBP). */
  videoResultKey: string;
  resultKey: string;
  thumbnailKey: string;
}

/** While an animated meme's caption edit renders: its progress (0–100; the PATCH answers the meme). */
export interface MemeCaptionProgress {
  memeId: string;
  progress: number;
}

/**
 * The animation queue's video sticker job (the backend's stickers job waits for each): an animated meme
 * as a Telegram video sticker, a WEBM (VP9, no audio) with its longer side 512 px, at most
 * VIDEO_STICKER_MAX_SECONDS (trimmed), at most ANIMATION_MAX_FPS, at most VIDEO_STICKER_MAX_BYTES (the
 * bitrate lowered until it fits). `face` cuts the swapped face out of every frame along its track's
 * mesh, on a transparent background (VP9 with alpha, yuva420p).
 */
export const VIDEO_STICKER_JOB = 'video-sticker';

/** Telegram's video sticker limits (core.telegram.org/stickers#video-stickers). */
export const VIDEO_STICKER_SIDE = 512;
export const VIDEO_STICKER_MAX_SECONDS = 3;
export const VIDEO_STICKER_MAX_BYTES = 256 * 1024;

export interface VideoStickerJobData {
  /** The animated meme's MP4. */
  videoKey: string;
  style: StickerStyle;
  /** For `face`: the tracks its swap wrote (SwapAnimationJobData.tracksResultKey). */
  tracksKey?: string;
  /** Where the worker writes the WEBM (read once by the stickers job, then removed). */
  resultKey: string;
}

export interface VideoStickerJobResult {
  resultKey: string;
  width: number;
  height: number;
  frameCount: number;
  durationMs: number;
  bytes: number;
  /** The VP9 bitrate it fitted at, kbit/s. */
  kbps: number;
  /** The NSFW classifier's highest scores over its frames (one a second and the first). */
  nsfw?: NsfwScores;
}

/** Job ids of video sticker jobs (never a generation's UUID): `video-sticker-<random>`. */
export const VIDEO_STICKER_JOB_ID_PREFIX = 'video-sticker-';

/** One face track of a stored animation analysis: the face's mesh on each frame it is seen on. */
export interface AnimationTrackRecord {
  /** On the frame `frameIndex`, in the clip's pixels. */
  box: FaceBox;
  frameIndex: number;
  /** Per frame: null where the face is not seen, else 468 × (x, y, z) float32 as base64. */
  meshes: (string | null)[];
}

/** The analysis stored beside an animation (`analysisKey`). */
export interface AnimationAnalysisRecord {
  format: 'mememint-animation-analysis/1';
  width: number;
  height: number;
  fps: number;
  frameCount: number;
  durationMs: number;
  tracks: AnimationTrackRecord[];
}

/** Told to the uploading admin when an animated template's analysis ends. */
export interface TemplateAnalysedEvent {
  templateId: string;
  analysis: Exclude<AnimationAnalysisState, 'pending'>;
  enabled: boolean;
  faces: number;
  /** Why it stays disabled (in English), for a failed analysis. */
  detail?: string;
}
