import { isValidMediaKey } from './media.js';
import type { NsfwScores } from './moderation.js';
import type { FaceBox } from './queue.js';

/**
 * Face analysis: detection, landmarks and quality of the faces of one stored image, run once by the worker's
 * analyse job (queue.ts: ANALYSE_JOB; a face photo when uploaded, a template when added) and stored
 * beside it, so that a generation only decodes, warps, blends and encodes.
 */

/**
 * A player's face photo (JPEG, checked: its largest face) or a target (every face): a template, or a
 * player's own photo used as a base.
 */
export type AnalysedImageKind = 'face' | 'template';

/** Where an image's analysis is stored in media storage: beside the image. */
export function analysisKeyOf(imageKey: string): string {
  return `${imageKey}.analysis.json`;
}

/** Why a face photo is refused, each with advice for the player (`FACE_CHECK_TEXT`). */
export const FACE_CHECK_CODES = [
  'NO_FACE',
  'FACE_TOO_SMALL',
  'FACE_TURNED',
  'FACE_BLURRED',
  'FACE_TOO_DARK',
] as const;
export type FaceCheckCode = (typeof FACE_CHECK_CODES)[number];

/** What a passing face photo's answer mentions. */
export const FACE_NOTICE_CODES = ['MULTIPLE_FACES', 'GLASSES'] as const;
export type FaceNoticeCode = (typeof FACE_NOTICE_CODES)[number];

/** English texts for `detail` (the mini app translates by code). */
export const FACE_CHECK_TEXT: Record<FaceCheckCode | FaceNoticeCode, string> = {
  NO_FACE: "There's no face on your photo",
  FACE_TOO_SMALL: 'Your face is too small on the photo: come closer to the camera',
  FACE_TURNED: 'Your face is turned away: look straight into the camera',
  FACE_BLURRED: 'Your photo is blurred: hold the phone still and take it again',
  FACE_TOO_DARK: 'Your photo is too dark: find more light and take it again',
  MULTIPLE_FACES: 'There are several faces on your photo: the largest one is used',
  GLASSES: 'Glasses can look odd on a meme: take them off for the best result',
};

export interface FaceNotice {
  code: FaceNoticeCode;
  detail: string;
}

/** The face check of a face photo: passed (which face is used, with notices) or refused with advice. */
export type FaceCheck =
  | { passed: true; face: number; notices: FaceNotice[] }
  | { passed: false; code: FaceCheckCode; detail: string; notices: FaceNotice[] };

/** Measures of one face that the check judges. */
export interface FaceQuality {
  /** Turn in degrees (estimated from the mesh), positive when the subject's left cheek is farther. */
  yaw: number;
  /** Cheek-to-cheek width in image pixels. */
  width: number;
  /** Variance of the Laplacian on the inner face at a fixed scale and exposure; low = blurred. */
  sharpness: number;
  /** 95th percentile of luma (0–255) on the inner face; low = too dark. */
  brightness: number;
  /** Evidence of glasses (frame rims and bridge): 0.3–0.75 without, 0.7–1.4 with on the labelled photos. */
  glasses: number;
}

export interface AnalysedFace {
  /** Hairline to chin, in image pixels (as `GenerationJobResult.faces`). */
  box: FaceBox;
  /** The landmark model's face confidence, 0–1. */
  meshScore: number;
  /** 468 × (x, y, z) float32 little-endian, base64: the face mesh in image pixels. */
  mesh: string;
  quality: FaceQuality;
}

/** Bumped when the record's layout changes (2: no identity descriptor; a record of 1 is analysed again). */
export const FACE_ANALYSIS_FORMAT = 2;

/** The stored analysis of one image (`<key>.analysis.json`). */
export interface FaceAnalysisRecord {
  format: typeof FACE_ANALYSIS_FORMAT;
  /** The models and analysis code that made it: a worker with another version analyses again. */
  version: string;
  /** SHA-256 (hex) of the image bytes it describes. */
  imageSha256: string;
  /** The decoded image's size (EXIF orientation applied). */
  width: number;
  height: number;
  /** Every face found with a mesh, largest first: `faces` indices of a generation point into this list. */
  faces: AnalysedFace[];
}

/**
 * Faces at least this fraction of the largest face's width (cheek to cheek) are "nearly the same size":
 * among them the default face is the most frontal and sharpest (`defaultFaceIndex`).
 */
export const DEFAULT_FACE_SIZE_RATIO = 0.8;
/** Turn (degrees of yaw) at which a face counts as not frontal at all in the default face's score. */
const DEFAULT_FACE_MAX_YAW = 60;

/**
 * The face a swap takes when the player chose none (issue 23): the largest, unless faces of nearly its
 * size (`DEFAULT_FACE_SIZE_RATIO`) are there; then the best of them by frontality (1 at yaw 0, 0 at
 * ±60°, from the mesh) plus sharpness (the variance of the Laplacian on the inner face against the
 * sharpest of them, on a log scale: 1 for the sharpest, 0.25 less for each halving, 0 at a sixteenth),
 * weighted equally. Ties keep the larger face. `faces` is the analysis' list, largest first; answers
 * an index into it (0 for an empty list).
 */
export function defaultFaceIndex(
  faces: readonly { quality: Pick<FaceQuality, 'yaw' | 'width' | 'sharpness'> }[],
): number {
  if (faces.length < 2) return 0;
  const widest = Math.max(...faces.map(({ quality }) => quality.width));
  const candidates = faces
    .map(({ quality }, index) => ({ quality, index }))
    .filter(({ quality }) => quality.width >= DEFAULT_FACE_SIZE_RATIO * widest);
  const sharpest = Math.max(...candidates.map(({ quality }) => quality.sharpness));
  const score = ({ yaw, sharpness }: Pick<FaceQuality, 'yaw' | 'sharpness'>) => {
    const frontal = 1 - Math.min(Math.abs(yaw), DEFAULT_FACE_MAX_YAW) / DEFAULT_FACE_MAX_YAW;
    const sharp =
      sharpest <= 0 ? 1 : sharpness <= 0 ? 0 : Math.max(0, 1 + Math.log2(sharpness / sharpest) / 4);
    return 0.5 * frontal + 0.5 * sharp;
  };
  let best = candidates[0] ?? { quality: faces[0]!.quality, index: 0 };
  for (const candidate of candidates) if (score(candidate.quality) > score(best.quality)) best = candidate;
  return best.index;
}

/** A face of the analysis as the API lists it. */
export interface AnalysedFaceSummary {
  box: FaceBox;
  quality: FaceQuality;
}

/** What the worker returns when an analysis job succeeds. */
export interface AnalyseJobResult {
  analysisKey: string;
  width: number;
  height: number;
  /** Largest first. */
  faces: AnalysedFaceSummary[];
  /** For a face photo: the check of its largest face. For a template: passed when it has a face. */
  check: FaceCheck;
  /** The NSFW classifier's scores, when the job asked for screening (AnalyseJobData.screen). */
  nsfw?: NsfwScores;
  /** Milliseconds per stage. */
  timings: Record<string, number>;
}

/** An analysis result as the worker sends it (results travel through Redis: check before use). */
export function isAnalyseJobResult(value: unknown): value is AnalyseJobResult {
  const candidate = value as Partial<AnalyseJobResult> | null;
  return (
    typeof candidate?.analysisKey === 'string' &&
    isValidMediaKey(candidate.analysisKey) &&
    Array.isArray(candidate.faces) &&
    typeof candidate.check?.passed === 'boolean'
  );
}

/**
 * Which faces of the target a swap replaces: the default face (`'largest'`, the default: the largest,
 * or of faces nearly its size the most frontal and sharpest, `defaultFaceIndex`), every face, or
 * indices into the target's analysed `faces` (largest first).
 */
export type FaceChoice = 'largest' | 'all' | number[];

/**
 * `PUT /api/v1/users/face/` (multipart `photo`): the photo passed the face check and is now the player's
 * current face. A refused photo is a 400 `{detail, code}` with `code` one of FACE_CHECK_CODES.
 */
export interface FaceUploadDto {
  /** Every face found, largest first; the largest is used. */
  faces: FaceBox[];
  /** The first notice when there is one: several faces (the largest is used), glasses. */
  notice?: FaceNotice;
  notices: FaceNotice[];
}

/**
 * One face of a target as the API lists it (`TemplateDto.faces`, `MemeFacesDto.faces`): its box in the
 * image's own pixels (the DTO's `width` × `height`, EXIF orientation applied), hairline to chin,
 * rounded to whole pixels. Lists are largest first, so a face's position is its index for `faces`.
 */
export interface FaceRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A face box in whole pixels, as the API lists it. */
export function toFaceRect(box: FaceRect): FaceRect {
  return {
    x: Math.round(box.x),
    y: Math.round(box.y),
    width: Math.round(box.width),
    height: Math.round(box.height),
  };
}

/**
 * `GET /api/v1/memes/{id}/faces/`: the faces of a meme the player may swap into (their own uploaded
 * photo as a base), analysed once by the worker on first ask and kept.
 */
export interface MemeFacesDto {
  width: number;
  height: number;
  /** Largest first; empty when no face was found. */
  faces: FaceRect[];
}

/** The `faces` field of `POST /v1/memes/generations/`: `all`, or a JSON array of indices (largest first). */
export function parseFaceChoice(value: string | undefined): FaceChoice | null {
  if (value === undefined || value === '' || value === 'largest') return 'largest';
  if (value === 'all') return 'all';
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return null;
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length === 0 ||
    parsed.length > 32 ||
    !parsed.every((index) => Number.isInteger(index) && index >= 0 && index < 64) ||
    new Set(parsed).size !== parsed.length
  )
    return null;
  return parsed as number[];
}
