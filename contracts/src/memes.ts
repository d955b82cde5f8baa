import type { AnimationAnalysisState, AnimationFields } from './animation.js';
import type { FaceNotice, FaceRect } from './face-analysis.js';
import type { GenerationFailureCode } from './queue.js';

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

/** Who a template is for, and the gender a player says on Profile. */
export const GENDERS = ['male', 'female', 'transgender'] as const;
export type Gender = (typeof GENDERS)[number];

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
  /**
   * The face a generation without a face choice swaps (an index into `faces`): the largest, or of faces
   * of nearly its size the most frontal and sharpest (`defaultFaceIndex`); the face picker preselects it.
   */
  defaultFace: number;
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
  /** The target's faces its generation swapped (indices into the target's faces, largest first), when known. */
  faceIndexes?: number[];
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
  /** Once done: the target's faces it swapped (indices into the target's faces, largest first). */
  faceIndexes?: number[];
  /** Why it failed, in English (ErrorText). */
  error?: string;
  /** For a failure the player can fix, which input was at fault (the mini app translates by it). */
  errorCode?: GenerationFailureCode;
}

/**
 * Letters of other scripts that look like a Latin one (after lower-casing, so their capitals are covered
 * too: Cyrillic "В" is "в" here): a caption's skeleton spells them the Latin way, as Unicode's confusable
 * skeletons do (UTS #39), so a Cyrillic "е" in place of a Latin "e" makes no new caption.
 */
// prettier-ignore
const CONFUSABLES: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a', в: 'b', е: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
  і: 'i', ј: 'j', ѕ: 's', ԁ: 'd', һ: 'h', ӏ: 'l', ԛ: 'q', ԝ: 'w', ү: 'y',
  // Greek
  α: 'a', β: 'b', ε: 'e', ζ: 'z', η: 'h', ι: 'i', κ: 'k', μ: 'm', ν: 'v', ο: 'o', ρ: 'p', τ: 't',
  υ: 'y', χ: 'x',
  // Latin lookalikes NFKC leaves alone
  ı: 'i', ɑ: 'a', ɡ: 'g', ȷ: 'j',
};
const CONFUSABLE = new RegExp(`[${Object.keys(CONFUSABLES).join('')}]`, 'gu');
/** A Latin, Cyrillic or Greek letter with accents (decomposed): the accents go ("é" is "e", "й" is "и"). */
const ACCENTED = /([\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}])\p{M}+/gu;

/**
 * A caption reduced to what makes it the same caption: compatibility forms folded (NFKC), case and
 * the accents of Latin, Cyrillic and Greek letters dropped (other scripts keep their marks), marks on
 * nothing and invisible characters (U+200B, U+034F, every default-ignorable code point) removed, lookalike letters of other scripts spelt the Latin way, punctuation and spacing reduced to
 * single spaces. "Hello, World!", "hello world", "hel\u200blo world" and "hеllo world" (a Cyrillic е)
 * are one caption. Null when nothing is left (an empty or punctuation-only caption is not a caption).
 * Only ever compared, never shown: the server compares published captions with it; the mini app tells
 * a template's suggestion from the player's own.
 */
export function normalizeCaption(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const normalized = text
    .normalize('NFKD')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{Default_Ignorable_Code_Point}/gu, '')
    .replace(ACCENTED, '$1')
    .replace(/(^|[^\p{L}\p{M}])\p{M}+/gu, '$1')
    .replace(CONFUSABLE, (letter) => CONFUSABLES[letter]!)
    .normalize('NFKC')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
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
