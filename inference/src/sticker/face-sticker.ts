import sharp from 'sharp';

import { dilate, renderText, type Coverage } from '../caption/caption.js';
import { AI_LABEL_XMP } from '../image/ai-label.js';

/** Telegram's static sticker: the longer side exactly 512 px. */
export const STICKER_SIDE = 512;
/** The white outline's width and the transparent margin around it, in sticker pixels. */
const OUTLINE = 12;
const PADDING = OUTLINE + 4;
/** A mask value at least this counts as face when finding the face's bounds. */
const FACE_THRESHOLD = 128;
/** The caption under the face: its box as a share of the face's width, per line; wrapped to at most 3 lines. */
const CAPTION_WIDTH = 1.3;
const CAPTION_LINE_HEIGHT = 0.22;
const CHARS_PER_LINE = 14;
const MAX_LINES = 3;

interface Rgba {
  data: Uint8Array;
  width: number;
  height: number;
}

/** The bounds of the mask's face pixels, or null when it holds none. */
function faceBounds(mask: Uint8Array, width: number, height: number) {
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x++, p++) {
      if (mask[p] < FACE_THRESHOLD) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  }
  return right < 0 ? null : { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/** `src` (straight α) laid over `dst` at (left, top), in place. */
function over(
  dst: Rgba,
  left: number,
  top: number,
  width: number,
  height: number,
  pixel: (x: number, y: number) => [number, number, number, number],
) {
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b, a] = pixel(x, y);
      if (a === 0) continue;
      const p = ((top + y) * dst.width + left + x) * 4;
      const srcA = a / 255;
      const dstA = dst.data[p + 3] / 255;
      const outA = srcA + dstA * (1 - srcA);
      const mix = (src: number, under: number) => Math.round((src * srcA + under * dstA * (1 - srcA)) / outA);
      dst.data[p] = mix(r, dst.data[p]);
      dst.data[p + 1] = mix(g, dst.data[p + 1]);
      dst.data[p + 2] = mix(b, dst.data[p + 2]);
      dst.data[p + 3] = Math.round(outA * 255);
    }
  }
}

/** The caption as meme text (white, black outline), auto-sized by Pango into `width`. */
async function captionBlock(text: string, width: number, lineHeight: number) {
  const lines = Math.min(
    MAX_LINES,
    Math.max(text.split('\n').length, Math.ceil(text.length / CHARS_PER_LINE)),
  );
  const coverage = await renderText(text, width, Math.max(16, Math.round(lineHeight * lines)));
  const radius = Math.max(2, Math.round((coverage.height / lines) * 0.06));
  return { coverage, outline: dilate(coverage, radius), radius };
}

/** The face (straight α from the mask) with the caption under it, at the picture's own scale. */
async function compose(
  picture: Uint8Array,
  mask: Uint8Array,
  width: number,
  height: number,
  text: string,
): Promise<Rgba> {
  const bounds = faceBounds(mask, width, height);
  if (!bounds) throw new Error('the face mask holds no face');
  const caption = text
    ? await captionBlock(text, Math.round(bounds.width * CAPTION_WIDTH), bounds.width * CAPTION_LINE_HEIGHT)
    : null;
  const below = caption?.outline;
  const canvas: Rgba = {
    width: Math.max(bounds.width, below?.width ?? 0),
    height: bounds.height + (below?.height ?? 0),
    data: new Uint8Array(0),
  };
  canvas.data = new Uint8Array(canvas.width * canvas.height * 4);
  const faceLeft = Math.floor((canvas.width - bounds.width) / 2);
  over(canvas, faceLeft, 0, bounds.width, bounds.height, (x, y) => {
    const p = (bounds.top + y) * width + bounds.left + x;
    return [picture[p * 3], picture[p * 3 + 1], picture[p * 3 + 2], mask[p]];
  });
  if (caption && below) {
    const text: Coverage = caption.coverage;
    const r = caption.radius;
    over(
      canvas,
      Math.floor((canvas.width - below.width) / 2),
      bounds.height,
      below.width,
      below.height,
      (x, y) => {
        const o = below.alpha[y * below.width + x];
        const tx = x - r;
        const ty = y - r;
        const t =
          tx >= 0 && ty >= 0 && tx < text.width && ty < text.height ? text.alpha[ty * text.width + tx] : 0;
        // White text on its black outline: the outline's coverage holds the text's.
        const white = o === 0 ? 0 : Math.min(255, Math.round((255 * t) / o));
        return [white, white, white, Math.max(o, t)];
      },
    );
  }
  return canvas;
}

/**
 * A face sticker: the swapped face cut out of the caption-less `picture` along its face `mask` (a greyscale
 * image the picture's size, see the swap's `faceMask`), the caption (if any) under it, on a transparent
 * background with a white outline, as Telegram stickers look; fitted so its longer side is exactly 512 px.
 * Answers a PNG with an alpha channel (the caller encodes the WEBP Telegram takes).
 */
export async function faceSticker(picture: Uint8Array, mask: Uint8Array, text = ''): Promise<Buffer> {
  const { data: rgb, info } = await sharp(picture)
    .rotate()
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { data: grey } = await sharp(mask)
    .resize(info.width, info.height, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const caption = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
  const content = await compose(rgb, grey, info.width, info.height, caption);

  // Fitted into the sticker less its padding: the outline is drawn at the sticker's own scale.
  const inner = STICKER_SIDE - 2 * PADDING;
  const scale = inner / Math.max(content.width, content.height);
  const fitted = await sharp(content.data, {
    raw: { width: content.width, height: content.height, channels: 4 },
  })
    .resize(Math.max(1, Math.round(content.width * scale)), Math.max(1, Math.round(content.height * scale)), {
      fit: 'fill',
    })
    .extend({
      top: PADDING,
      bottom: PADDING,
      left: PADDING,
      right: PADDING,
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = fitted.info;
  const pixels = fitted.data;
  const alpha = Buffer.alloc(width * height);
  for (let p = 0; p < alpha.length; p++) alpha[p] = pixels[p * 4 + 3] >= 128 ? 255 : 0;

  // The outline: the shape blurred and cut at a low level, about OUTLINE px out from it, with a soft edge
  // (a Gaussian of σ = OUTLINE / 2 falls to 2.3 % two σ away).
  const { data: blurred } = await sharp(alpha, { raw: { width, height, channels: 1 } })
    .blur(OUTLINE / 2)
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const out = Buffer.alloc(width * height * 4);
  for (let p = 0; p < width * height; p++) {
    const stroke = Math.min(1, Math.max(0, (blurred[p] - 3) / 6));
    const a = pixels[p * 4 + 3] / 255;
    const outA = a + stroke * (1 - a);
    if (outA === 0) continue;
    for (let c = 0; c < 3; c++)
      out[p * 4 + c] = Math.round((pixels[p * 4 + c] * a + 255 * stroke * (1 - a)) / outA);
    out[p * 4 + 3] = Math.round(outA * 255);
  }
  return sharp(out, { raw: { width, height, channels: 4 } })
    .png()
    .withXmp(AI_LABEL_XMP)
    .toBuffer();
}
