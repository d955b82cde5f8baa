import type { FaceNotice } from './face-analysis.js';

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

export type Gender = 'male' | 'female' | 'transgender';

export interface TemplateDto {
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
  createdAt: string;
}

export interface MemeDto {
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
export interface PublicMemeDto {
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
  error?: string;
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
