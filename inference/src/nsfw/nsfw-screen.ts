import {
  type AnalysedImageKind,
  isNsfw,
  NSFW_DEFAULT_THRESHOLDS,
  type NsfwScores,
  type NsfwThresholds,
} from '@mememint/contracts';

import type { PipelineConfig } from '../config.js';
import { NsfwImageError } from '../errors.js';
import { decodeImage } from '../image/decode.js';
import type { RgbImage } from '../types.js';
import { classifyNsfw } from './nsfw-classifier.js';

const round = (value: number) => Math.round(value * 1e6) / 1e6;
const rounded = (scores: NsfwScores) =>
  Object.fromEntries(Object.entries(scores).map(([name, score]) => [name, round(score)])) as NsfwScores;

/** How near a frame's scores come to the default thresholds (1 = refused there). */
function nearness(scores: NsfwScores): number {
  const explicit = scores.porn + scores.hentai;
  return Math.max(
    explicit / NSFW_DEFAULT_THRESHOLDS.explicit,
    (explicit + scores.sexy) / NSFW_DEFAULT_THRESHOLDS.suggestive,
  );
}

/**
 * A clip's screening: its frames are classified one by one (`add`, fed the frames the caller picks: the
 * poster and one a second) and `worst` is the scores of the frame nearest to refusal, so a clip is judged
 * by its worst moment, as a still by its only one.
 */
export class FrameScreen {
  private scores: NsfwScores | null = null;
  frames = 0;

  constructor(private readonly config: PipelineConfig) {}

  /** Whether frame `index` of a clip at `fps` is screened: the first, then one a second. */
  static picks(index: number, fps: number): boolean {
    return index % Math.max(1, Math.round(fps)) === 0;
  }

  async add(frame: RgbImage): Promise<void> {
    const scores = await classifyNsfw(frame, this.config);
    this.frames++;
    if (this.scores === null || nearness(scores) > nearness(this.scores)) this.scores = scores;
  }

  /** The worst frame's scores, or null when no frame was screened. */
  get worst(): NsfwScores | null {
    return this.scores && rounded(this.scores);
  }
}

/** Classifies encoded image bytes (decoded with the upload limits). */
export async function classifyEncoded(
  bytes: Uint8Array,
  kind: AnalysedImageKind,
  config: PipelineConfig,
): Promise<NsfwScores> {
  const image = await decodeImage(bytes, {
    maxBytes: config.maxImageBytes,
    maxPixels: config.maxImagePixels,
    jpegOnly: kind === 'face',
  });
  return rounded(await classifyNsfw(image, config));
}

/** Screens an upload: its scores, or NsfwImageError (NSFW_IMAGE) when they reach the thresholds. */
export async function screenUpload(
  bytes: Uint8Array,
  kind: AnalysedImageKind,
  thresholds: NsfwThresholds,
  config: PipelineConfig,
): Promise<NsfwScores> {
  const scores = await classifyEncoded(bytes, kind, config);
  if (isNsfw(scores, thresholds)) {
    const explicit = round(scores.porn + scores.hentai);
    throw new NsfwImageError(`the image scores explicit ${explicit}, sexy ${scores.sexy}`);
  }
  return scores;
}
