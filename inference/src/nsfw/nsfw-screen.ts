import { type AnalysedImageKind, isNsfw, type NsfwScores, type NsfwThresholds } from '@mememint/contracts';

import type { PipelineConfig } from '../config.js';
import { NsfwImageError } from '../errors.js';
import { decodeImage } from '../image/decode.js';
import { classifyNsfw } from './nsfw-classifier.js';

const round = (value: number) => Math.round(value * 1e6) / 1e6;

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
  const scores = await classifyNsfw(image, config);
  return Object.fromEntries(
    Object.entries(scores).map(([name, score]) => [name, round(score)]),
  ) as NsfwScores;
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
