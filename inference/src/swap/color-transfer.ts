/**
 * Reinhard colour transfer in CIELAB (D65): the swapped face's per-channel mean and standard deviation are
 * moved to the target's, l' = (σt/σs)(l − μs) + μt, both measured on the same skin pixels.
 */

/** sRGB byte → linear light. */
export const LINEAR = Float32Array.from({ length: 256 }, (_, v) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});

const XN = 0.95047;
const ZN = 1.08883;
const EPSILON = 216 / 24389;
const KAPPA = 24389 / 27;

/** f(t) of the L*a*b* definition, tabulated over 0–1.25 (X/Xn, Y, Z/Zn of sRGB colours stay below 1.0). */
const F_STEPS = 8192;
const F_RANGE = 1.25;
const F_TABLE = Float32Array.from({ length: F_STEPS + 2 }, (_, i) => {
  const t = (i / F_STEPS) * F_RANGE;
  return t > EPSILON ? Math.cbrt(t) : (KAPPA * t + 16) / 116;
});

/** f by the table, linearly interpolated (error below 1e-5, 0.001 in L*): cbrt dominated the conversion. */
function f(t: number): number {
  const position = Math.min(F_STEPS, Math.max(0, t * (F_STEPS / F_RANGE)));
  const i = Math.floor(position);
  return F_TABLE[i] + (F_TABLE[i + 1] - F_TABLE[i]) * (position - i);
}

function fInverse(t: number): number {
  const cube = t * t * t;
  return cube > EPSILON ? cube : (116 * t - 16) / KAPPA;
}

/** Linear light (0–1, in 4096 steps) → sRGB 0–255: a table, as the power function dominated the swap. */
const GAMMA_STEPS = 4096;
const ENCODE = Float32Array.from({ length: GAMMA_STEPS + 1 }, (_, i) => {
  const linear = i / GAMMA_STEPS;
  return 255 * (linear <= 0.0031308 ? 12.92 * linear : 1.055 * linear ** (1 / 2.4) - 0.055);
});

function toByte(linear: number): number {
  const position = Math.min(GAMMA_STEPS, Math.max(0, linear * GAMMA_STEPS));
  const i = Math.min(GAMMA_STEPS - 1, Math.floor(position));
  return ENCODE[i] + (ENCODE[i + 1] - ENCODE[i]) * (position - i);
}

/** RGB floats (0–255) → L*a*b*, in place, for the pixels where `select` is non-zero. */
export function rgbToLab(rgb: Float32Array, select: Uint8Array): void {
  for (let m = 0; m < select.length; m++) {
    if (select[m]) labInto(rgb[m * 3], rgb[m * 3 + 1], rgb[m * 3 + 2], rgb, m * 3);
  }
}

/** One RGB colour (0–255 floats) → L*a*b*, written to `out[o…o + 2]`. */
export function labInto(red: number, green: number, blue: number, out: Float32Array, o: number): void {
  // Bilinear samples are fractional: interpolate the linearisation table.
  const r = lerpLinear(red);
  const g = lerpLinear(green);
  const b = lerpLinear(blue);
  const fx = f((0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / XN);
  const fy = f(0.2126729 * r + 0.7151522 * g + 0.072175 * b);
  const fz = f((0.0193339 * r + 0.119192 * g + 0.9503041 * b) / ZN);
  out[o] = 116 * fy - 16;
  out[o + 1] = 500 * (fx - fy);
  out[o + 2] = 200 * (fy - fz);
}

function lerpLinear(v: number): number {
  const i = Math.min(254, Math.max(0, Math.floor(v)));
  const t = Math.min(1, Math.max(0, v - i));
  return LINEAR[i] + (LINEAR[i + 1] - LINEAR[i]) * t;
}

/** L*a*b* → RGB floats (0–255), in place, for the pixels where `select` is non-zero. */
export function labToRgb(lab: Float32Array, select: Uint8Array): void {
  for (let m = 0; m < select.length; m++) {
    if (!select[m]) continue;
    const o = m * 3;
    const fy = (lab[o] + 16) / 116;
    const fx = fy + lab[o + 1] / 500;
    const fz = fy - lab[o + 2] / 200;
    const x = fInverse(fx) * XN;
    const y = fInverse(fy);
    const z = fInverse(fz) * ZN;
    lab[o] = toByte(3.2404542 * x - 1.5371385 * y - 0.4985314 * z);
    lab[o + 1] = toByte(-0.969266 * x + 1.8760108 * y + 0.041556 * z);
    lab[o + 2] = toByte(0.0556434 * x - 0.2040259 * y + 1.0572252 * z);
  }
}

export interface ChannelStats {
  mean: [number, number, number];
  std: [number, number, number];
}

/** Per-channel mean and standard deviation over the pixels where `select` is non-zero. */
export function channelStats(values: Float32Array, select: Uint8Array): ChannelStats {
  return statsOver(values, selectedPixels(select));
}

/** The indices of the pixels where `select` is non-zero, in order. */
function selectedPixels(select: Uint8Array): Int32Array {
  let selected = 0;
  for (let m = 0; m < select.length; m++) if (select[m]) selected++;
  const pixels = new Int32Array(selected);
  for (let m = 0, k = 0; m < select.length; m++) if (select[m]) pixels[k++] = m;
  return pixels;
}

/** Per-channel mean and standard deviation over the listed pixels. */
function statsOver(values: Float32Array, pixels: Int32Array): ChannelStats {
  let [s0, s1, s2, q0, q1, q2] = [0, 0, 0, 0, 0, 0];
  for (let k = 0; k < pixels.length; k++) {
    const o = pixels[k] * 3;
    const v0 = values[o];
    const v1 = values[o + 1];
    const v2 = values[o + 2];
    s0 += v0;
    s1 += v1;
    s2 += v2;
    q0 += v0 * v0;
    q1 += v1 * v1;
    q2 += v2 * v2;
  }
  const count = Math.max(1, pixels.length);
  const mean: [number, number, number] = [s0 / count, s1 / count, s2 / count];
  const spread = (squares: number, c: number) => Math.sqrt(Math.max(0, squares / count - mean[c] * mean[c]));
  return { mean, std: [spread(q0, 0), spread(q1, 1), spread(q2, 2)] };
}

/** Skin has colour: greyer pixels (a white or grey beard, teeth, grey stubble, glare) are left out... */
const MIN_SKIN_CHROMA = 8;
/** ...unless most of the region is grey (a black-and-white photo), when every pixel counts. */
const MIN_COLOURED_SHARE = 0.25;
/** Then the darkest and the brightest tenth (shadows, stubble, highlights) are trimmed by lightness. */
const TRIM = 0.1;

/**
 * Mean and standard deviation of skin colour over the selected L*a*b* pixels, robust to what is not skin:
 * grey pixels are dropped (unless nearly all are grey) and the lightness extremes trimmed.
 */
export function skinStats(lab: Float32Array, select: Uint8Array): ChannelStats {
  const minSquared = MIN_SKIN_CHROMA * MIN_SKIN_CHROMA;
  const pixels = selectedPixels(select);
  const selected = pixels.length;
  let coloured = 0;
  for (let k = 0; k < selected; k++) {
    const a = lab[pixels[k] * 3 + 1];
    const b = lab[pixels[k] * 3 + 2];
    if (a * a + b * b >= minSquared) coloured++;
  }
  const threshold = coloured >= MIN_COLOURED_SHARE * selected ? minSquared : 0;
  // Lightness percentiles from a histogram in steps of 0.25 (L* spans 0–100); -1 marks a grey pixel.
  const histogram = new Uint32Array(401);
  const bins = new Int16Array(selected);
  let count = 0;
  for (let k = 0; k < selected; k++) {
    const m = pixels[k];
    const a = lab[m * 3 + 1];
    const b = lab[m * 3 + 2];
    if (a * a + b * b < threshold) {
      bins[k] = -1;
      continue;
    }
    const bin = Math.min(400, Math.max(0, Math.round(lab[m * 3] * 4)));
    bins[k] = bin;
    histogram[bin]++;
    count++;
  }
  let low = 0;
  let high = 400;
  for (let seen = 0; low < 400 && seen + histogram[low] <= TRIM * count; low++) seen += histogram[low];
  for (let seen = 0; high > low && seen + histogram[high] <= TRIM * count; high--) seen += histogram[high];
  // Trimmed in place: the kept pixels keep their order.
  let kept = 0;
  for (let k = 0; k < selected; k++) if (bins[k] >= low && bins[k] <= high) pixels[kept++] = pixels[k];
  return statsOver(lab, pixels.subarray(0, kept));
}

/** A per-channel affine map of L*a*b* values: l' = scale·l + offset. */
export interface ToneMap {
  scale: [number, number, number];
  offset: [number, number, number];
}

/** Lower and upper limits on σt/σs per channel (L*, a*, b*). */
export type RatioLimits = readonly (readonly [number, number])[];

/**
 * Limits on σt/σs for the skin: lightness contrast changes little (a wider spread in the target usually
 * means glasses, a beard or shadow among its skin pixels, and doubling the face's contrast looked harsh);
 * colour may vanish (a black-and-white target) but is not amplified much (a coloured object in the target's
 * statistics would otherwise tint the face).
 */
export const SKIN_RATIO_LIMITS: RatioLimits = [
  [0.67, 1.5],
  [0, 1.25],
  [0, 1.25],
];

/** Reinhard's map l' = (σt/σs)(l − μs) + μt per channel, the ratio within `limits`. */
export function toneMap(source: ChannelStats, target: ChannelStats, limits: RatioLimits): ToneMap {
  const scale = [0, 1, 2].map((c) => {
    const ratio = source.std[c] > 1e-3 ? target.std[c] / source.std[c] : 1;
    return Math.min(limits[c][1], Math.max(limits[c][0], ratio));
  }) as [number, number, number];
  const offset = [0, 1, 2].map((c) => target.mean[c] - scale[c] * source.mean[c]) as [number, number, number];
  return { scale, offset };
}
