/**
 * The pasted face's light and contrast against the template's (issue 23's colour criterion: mean L* within
 * 3 and the spread of L* within 0.85–1.15 of the skin round it). The skin's tone map and the blend's
 * membrane match the face to the template at its border; inside, the face photo's own shading stays, and a
 * face lit from the front pasted into a face in shade came out lighter than its surroundings. This stage
 * measures the skin inside the mask's core in both (pixels skin-like in both: each within its own median
 * ± 3 MADs + 3 per channel over the core) and shifts the face's L* to the template's mean there, fully
 * deep in the core and not at all in the fade (the border stays as the membrane matched it). The face keeps
 * its own contrast: matching the spread too cost expression (docs/MODELS.md).
 */
import { feather } from './mask.js';
import { medianInPlace } from './median.js';

/** The mask's core: where it is at least this, the face is measured and matched fully. */
export const LIGHT_CORE = 0.9;
/** The change rises from 0 at the core's edge over 4 box-blur radii of this fraction of the face width. */
const RAMP = 0.025;
/** Fewer core skin pixels than this: too little to measure, nothing changes. */
const MIN_PIXELS = 64;

/**
 * 1 deep inside the core, 0 outside it and in the whole fade (where the membrane matched the face to the
 * template), rising smoothly over `RAMP` × 4 of the face width: the core eroded by the blur's reach, then
 * blurred.
 */
function rampInside(mask: Float32Array, width: number, height: number, faceWidth: number): Float32Array {
  const r = Math.max(1, Math.round(RAMP * faceWidth));
  const core = new Float32Array(mask.length);
  for (let m = 0; m < mask.length; m++) if (mask[m] >= LIGHT_CORE) core[m] = 1;
  const grown = feather(core, width, height, r);
  for (let m = 0; m < mask.length; m++) core[m] = grown[m] >= 0.999 ? 1 : 0;
  return feather(core, width, height, r);
}

/** The template's skin bounds over the core: median ± (3 × 1.4826 MAD + 3) per L*a*b* channel. */
function skinBounds(target: Float32Array, core: Int32Array): [number, number][] {
  // Every few pixels: the bounds are robust statistics, and sorting the whole core cost milliseconds.
  const step = Math.max(1, Math.floor(core.length / 4096));
  const values = new Float32Array(Math.ceil(core.length / step));
  return [0, 1, 2].map((c) => {
    for (let k = 0, i = 0; k < core.length; k += step, i++) values[i] = target[core[k] * 3 + c];
    const centre = medianInPlace(values);
    for (let i = 0; i < values.length; i++) values[i] = Math.abs(values[i] - centre);
    const mad = medianInPlace(values);
    const reach = 3 * 1.4826 * mad + 3;
    return [centre - reach, centre + reach];
  });
}

/** The pixel at `o` lies within the three [low, high] bounds at `limits[from…from + 5]`. */
function within(lab: Float32Array, o: number, limits: Float64Array, from: number): boolean {
  for (let c = 0; c < 3; c++) {
    const v = lab[o + c];
    if (!(v >= limits[from + 2 * c] && v <= limits[from + 2 * c + 1])) return false;
  }
  return true;
}

/**
 * The L* offset from the face (`face`, L*a*b* per region pixel) to the template (`target`, L*a*b*, known at
 * least where `mask` ≥ `LIGHT_CORE`; `mask` is the blend's α) over the core's skin, or null when too little
 * skin was measured.
 */
export function measureLight(
  face: Float32Array,
  target: Float32Array,
  mask: Float32Array,
  written: Uint8Array,
): number | null {
  let count = 0;
  for (let m = 0; m < mask.length; m++) if (written[m] && mask[m] >= LIGHT_CORE) count++;
  const core = new Int32Array(count);
  for (let m = 0, k = 0; m < mask.length; m++) if (written[m] && mask[m] >= LIGHT_CORE) core[k++] = m;
  if (count < MIN_PIXELS) return null;
  // Skin-like in each by its own robust bounds (the face may be lighter than the template's skin all over).
  const [targetBounds, faceBounds] = [skinBounds(target, core), skinBounds(face, core)];
  const limits = Float64Array.from([...targetBounds, ...faceBounds].flat());
  let [n, difference] = [0, 0];
  for (let k = 0; k < core.length; k++) {
    const o = core[k] * 3;
    if (!within(target, o, limits, 0) || !within(face, o, limits, 6)) continue;
    n++;
    difference += target[o] - face[o];
  }
  if (n < MIN_PIXELS) return null;
  return difference / n;
}

/**
 * Shifts the face's L* (`face`, L*a*b* per region pixel of a `width` × `height` region, changed in place
 * where `written`) to the template's mean (`target`, L*a*b*, known at least where `mask` ≥ `LIGHT_CORE`;
 * `mask` is the blend's α) over the core's skin, fully deep in the core (see `rampInside`). Returns the
 * offset applied there, or null when too little skin was measured (nothing changes). `settle`, when given,
 * answers the offset to apply and may call `measure` for this frame's (an animation's track smooths it
 * over time and measures on some frames only).
 */
export function matchLight(
  face: Float32Array,
  target: Float32Array,
  mask: Float32Array,
  written: Uint8Array,
  width: number,
  height: number,
  faceWidth: number,
  settle?: (measure: () => number | null) => number | null,
): number | null {
  const measure = () => measureLight(face, target, mask, written);
  const offset = settle ? settle(measure) : measure();
  if (offset === null) return null;
  const weights = rampInside(mask, width, height, faceWidth);
  for (let m = 0; m < mask.length; m++) if (written[m] && weights[m] > 0) face[m * 3] += offset * weights[m];
  return offset;
}
