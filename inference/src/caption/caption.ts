import { createRequire } from 'node:module';

import sharp from 'sharp';

import type { RgbImage } from '../types.js';

const require = createRequire(import.meta.url);

/** Oswald Bold (OFL 1.1): a condensed meme face with full Cyrillic coverage. */
const FONT_FILE = require.resolve('@expo-google-fonts/oswald/700Bold/Oswald_700Bold.ttf');
const FONT = 'Oswald Bold';

/** Text spans at most this share of the image width; a line is at most this share of its height. */
const MAX_WIDTH = 0.92;
const MAX_LINE_HEIGHT = 0.1;
/** About this many characters fit a line before the text wraps (Oswald is condensed); at most 3 lines. */
const CHARS_PER_LINE = 22;
const MAX_LINES = 3;
/** Distance of the blocks from the top and bottom edges, as a share of the height. */
const MARGIN = 0.03;

/** Top and bottom captions: the first line goes on top when there are several, a single line at the bottom. */
export function splitCaption(text: string): { top: string; bottom: string } {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  if (lines.length === 0) return { top: '', bottom: '' };
  if (lines.length === 1) return { top: '', bottom: lines[0] };
  return { top: lines[0], bottom: lines.slice(1).join(' ') };
}

function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export interface Coverage {
  alpha: Uint8Array;
  width: number;
  height: number;
}

/** The text's coverage (0–255), wrapped and auto-sized by Pango to fit `width`×`height`. */
export async function renderText(text: string, width: number, height: number): Promise<Coverage> {
  const { data, info } = await sharp({
    text: {
      text: escapeMarkup(text.toLocaleUpperCase()),
      font: FONT,
      fontfile: FONT_FILE,
      width,
      height,
      align: 'centre',
      wrap: 'word',
    },
  })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    alpha: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}

/** Grows the coverage by `radius` pixels in every direction (a disc-shaped max filter): the outline. */
export function dilate(src: Coverage, radius: number): Coverage {
  const width = src.width + 2 * radius;
  const height = src.height + 2 * radius;
  const padded = new Uint8Array(width * height);
  for (let y = 0; y < src.height; y++) {
    padded.set(src.alpha.subarray(y * src.width, (y + 1) * src.width), (y + radius) * width + radius);
  }
  // The disc as a horizontal half-width per row offset: each output row takes, from each source row within
  // reach, the max over that row's window of its half-width.
  const out = new Uint8Array(width * height);
  const rowMax = new Uint8Array(width);
  for (let dy = -radius; dy <= radius; dy++) {
    const half = Math.floor(Math.sqrt(radius * radius - dy * dy));
    for (let y = Math.max(0, -dy); y < height && y + dy < height; y++) {
      const srcRow = (y + dy) * width;
      for (let x = 0; x < width; x++) {
        let max = 0;
        const from = Math.max(0, x - half);
        const to = Math.min(width - 1, x + half);
        for (let k = from; k <= to; k++) if (padded[srcRow + k] > max) max = padded[srcRow + k];
        rowMax[x] = max;
      }
      const dstRow = y * width;
      for (let x = 0; x < width; x++) if (rowMax[x] > out[dstRow + x]) out[dstRow + x] = rowMax[x];
    }
  }
  return { alpha: out, width, height };
}

/** Paints white text with a black outline at (left, top) of the image, clipped to it. */
function paint(
  image: RgbImage,
  text: Coverage,
  outline: Coverage,
  left: number,
  top: number,
  radius: number,
) {
  const { data, width, height } = image;
  for (let y = 0; y < outline.height; y++) {
    const iy = top - radius + y;
    if (iy < 0 || iy >= height) continue;
    for (let x = 0; x < outline.width; x++) {
      const ix = left - radius + x;
      if (ix < 0 || ix >= width) continue;
      const o = outline.alpha[y * outline.width + x] / 255;
      const tx = x - radius;
      const ty = y - radius;
      const t =
        tx >= 0 && ty >= 0 && tx < text.width && ty < text.height
          ? text.alpha[ty * text.width + tx] / 255
          : 0;
      if (o === 0 && t === 0) continue;
      const p = (iy * width + ix) * 3;
      for (let c = 0; c < 3; c++) {
        // Black outline under white text.
        const under = data[p + c] * (1 - o);
        data[p + c] = Math.round(under * (1 - t) + 255 * t);
      }
    }
  }
}

async function drawBlock(image: RgbImage, text: string, position: 'top' | 'bottom'): Promise<void> {
  const lines = Math.min(MAX_LINES, Math.ceil(text.length / CHARS_PER_LINE));
  const boxWidth = Math.max(16, Math.round(image.width * MAX_WIDTH));
  const boxHeight = Math.max(16, Math.round(image.height * MAX_LINE_HEIGHT * lines));
  // Pango wraps and picks the largest size that fits the box.
  const coverage = await renderText(text, boxWidth, boxHeight);
  const radius = Math.max(2, Math.round((coverage.height / lines) * 0.06));
  const outline = dilate(coverage, radius);
  const left = Math.round((image.width - coverage.width) / 2);
  const margin = Math.round(image.height * MARGIN) + radius;
  const top = position === 'top' ? margin : image.height - margin - coverage.height;
  paint(image, coverage, outline, left, top, radius);
}

/** Draws meme captions in place: white Oswald Bold, black outline, centred, auto-sized to fit. */
export async function drawCaption(image: RgbImage, text: string): Promise<void> {
  const { top, bottom } = splitCaption(text);
  if (top) await drawBlock(image, top, 'top');
  if (bottom) await drawBlock(image, bottom, 'bottom');
}
