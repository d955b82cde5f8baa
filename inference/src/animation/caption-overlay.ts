import { drawCaption } from '../caption/caption.js';
import type { RgbImage } from '../types.js';

/**
 * A caption drawn once and laid on every frame: the still caption renderer draws it on a black and on
 * a white frame, and the two give each pixel's coverage (alpha) and colour; laying it on a frame is then
 * the same blend the renderer makes, at the cost of one multiply-add per pixel.
 */
export interface CaptionOverlay {
  /** Indices of the pixels the caption touches. */
  pixels: Uint32Array;
  /** Per touched pixel: coverage 0..1. */
  alpha: Float32Array;
  /** Per touched pixel: the caption's premultiplied colour (R, G, B). */
  colour: Float32Array;
}

export async function captionOverlay(
  text: string,
  width: number,
  height: number,
): Promise<CaptionOverlay | null> {
  if (!text.trim()) return null;
  const black: RgbImage = { data: new Uint8Array(width * height * 3), width, height };
  const white: RgbImage = { data: new Uint8Array(width * height * 3).fill(255), width, height };
  await drawCaption(black, text);
  await drawCaption(white, text);
  const touched: number[] = [];
  for (let p = 0; p < width * height; p++) {
    const o = p * 3;
    if (black.data[o] !== 0 || white.data[o] !== 255 || black.data[o + 1] !== 0 || white.data[o + 1] !== 255)
      touched.push(p);
  }
  const alpha = new Float32Array(touched.length);
  const colour = new Float32Array(touched.length * 3);
  touched.forEach((p, i) => {
    const o = p * 3;
    // white = colour + (1 - alpha) * 255, black = colour (premultiplied).
    alpha[i] = 1 - (white.data[o]! - black.data[o]!) / 255;
    for (let c = 0; c < 3; c++) colour[i * 3 + c] = black.data[o + c]!;
  });
  return { pixels: Uint32Array.from(touched), alpha, colour };
}

/** Lays the caption on a frame in place. */
export function applyCaption(frame: RgbImage, overlay: CaptionOverlay | null): void {
  if (!overlay) return;
  const { pixels, alpha, colour } = overlay;
  for (let i = 0; i < pixels.length; i++) {
    const o = pixels[i]! * 3;
    const keep = 1 - alpha[i]!;
    for (let c = 0; c < 3; c++)
      frame.data[o + c] = Math.round(frame.data[o + c]! * keep + colour[i * 3 + c]!);
  }
}
