import type { AnimationAnalysisState, AnimationFields } from './animation.js';
import type { FaceNotice, FaceRect } from './face-analysis.js';
import type { GenerationFailureCode } from './queue.js';

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

export type Gender = 'male' | 'female' | 'transgender';

export interface TemplateDto extends AnimationFields {
  /** An animation's analysis (after the upload answered); absent for a still. */
  analysis?: AnimationAnalysisState;
  id: string;
  title: string;
  caption: string | null;
  tags: string[];
  gender: Gender | null;
  isPremium: boolean;
  imageUrl: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  /**
   * Its faces, largest first, in its pixels (`faces` of a generation indexes this list). Analysed when
   * the template was added; empty for a template added before analyses until its first use.
   */
  faces: FaceRect[];
  createdAt: string;
}

export interface MemeDto extends AnimationFields {
  id: string;
  /** Public share id for `/i/:shareId`. */
  shareId: string;
  text: string | null;
  isPublished: boolean;
  imageUrl: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  /** The generation that produced it; null for a player's own uploaded photo. */
  generationId: string | null;
  templateId: string | null;
  likes: number;
  createdAt: string;
  publishedAt: string | null;
}

/** The author of a shared meme as its public page shows them. */
export interface MemeAuthorDto {
  username: string | null;
  firstName: string | null;
  photoUrl: string | null;
}

/** `GET /api/v1/memes/share/{shareId}/`: a published meme, public (the `/i/:shareId` page). */
export interface PublicMemeDto extends AnimationFields {
  /** Swap a face into it with `POST /v1/memes/generations/` `{memeId: id}`. */
  id: string;
  shareId: string;
  text: string | null;
  imageUrl: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  likes: number;
  publishedAt: string;
  author: MemeAuthorDto;
}

export type GenerationStatus = 'queued' | 'processing' | 'done' | 'failed';

/** Pipeline stages, in order; progress events name them. */
export const GENERATION_STAGES = [
  'queued',
  'decode',
  'detect',
  'landmarks',
  'swap',
  'caption',
  'encode',
  'store',
  'done',
] as const;
export type GenerationStage = (typeof GENERATION_STAGES)[number];

/** `POST /api/v1/memes/generations/` answers this at once. */
export interface GenerationCreatedDto {
  id: string;
  status: 'queued';
  /** A new face photo's first notice (several faces: the largest is used; glasses), as `PUT /v1/users/face/`. */
  notice?: FaceNotice;
}

/** `GET /api/v1/memes/generations/{id}/status/` */
export interface GenerationStatusDto {
  id: string;
  status: GenerationStatus;
  /** 0–100 */
  progress: number;
  stage: GenerationStage;
  meme?: MemeDto;
  /** Why it failed, in English (ErrorText). */
  error?: string;
  /** For a failure the player can fix, which input was at fault (the mini app translates by it). */
  errorCode?: GenerationFailureCode;
}

/**
 * A caption reduced to what makes it the same caption: compatibility forms folded (NFKC), case dropped,
 * punctuation and spacing reduced to single spaces. "Hello, World!" and "hello world" are one caption.
 * Null when nothing is left (an empty or punctuation-only caption is not a caption). The server
 * compares published captions with it; the mini app tells a template's suggestion from the player's own.
 */
export function normalizeCaption(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const normalized = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return normalized === '' ? null : normalized;
}

/** Longest meme caption accepted (`text` of memes and generations), in characters. */
export const MEME_TEXT_MAX_LENGTH = 200;

/** `POST /api/v1/memes/generations/{id}/rate/?value=1..5` */
export interface GenerationRatingDto {
  id: string;
  /** 1–5 */
  rating: number;
}

/** `PATCH /api/v1/memes/{id}/` */
export interface MemeUpdateRequest {
  text?: string;
  isPublished?: boolean;
}
