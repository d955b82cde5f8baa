/**
 * Grayscale and sepia templates: a face photo's colours pasted into one look painted on (pink lips and eyes,
 * a tinted face in a black-and-white picture). Such a template's a* and b* are, to within a little noise, a
 * function of L* alone (0 for grayscale; for sepia, a tone that follows the lightness), so the swapped face
 * takes its L* and gets the template's a* and b* for that L*.
 */

/** a* = a0 + a1·L*, b* = b0 + b1·L*: the template's tone, fitted over its measured pixels. */
export interface Tone {
  a: readonly [number, number];
  b: readonly [number, number];
}

/** Above this spread (L*a*b* units) of a* or b* about the fitted tone, the template has colours. */
const TONE_SPREAD = 2.5;
/** A tone needs this many pixels to be measured. */
const MIN_PIXELS = 64;

/**
 * The tone of the L*a*b* pixels where `select` is set, if they are monochrome (grayscale or toned in one
 * hue); null when they have colours of their own.
 */
export function monochromeTone(lab: Float32Array, select: Uint8Array): Tone | null {
  let n = 0;
  let [sl, sll, sa, sla, sb, slb] = [0, 0, 0, 0, 0, 0];
  for (let m = 0; m < select.length; m++) {
    if (!select[m]) continue;
    const l = lab[m * 3];
    const a = lab[m * 3 + 1];
    const b = lab[m * 3 + 2];
    n++;
    sl += l;
    sll += l * l;
    sa += a;
    sla += l * a;
    sb += b;
    slb += l * b;
  }
  if (n < MIN_PIXELS) return null;
  const variance = sll / n - (sl / n) ** 2;
  const fit = (s: number, sl2: number): [number, number] => {
    const slope = variance > 1e-6 ? (sl2 / n - (sl / n) * (s / n)) / variance : 0;
    return [s / n - slope * (sl / n), slope];
  };
  const tone: Tone = { a: fit(sa, sla), b: fit(sb, slb) };
  let [ra, rb] = [0, 0];
  for (let m = 0; m < select.length; m++) {
    if (!select[m]) continue;
    const l = lab[m * 3];
    ra += (lab[m * 3 + 1] - tone.a[0] - tone.a[1] * l) ** 2;
    rb += (lab[m * 3 + 2] - tone.b[0] - tone.b[1] * l) ** 2;
  }
  return Math.sqrt(ra / n) <= TONE_SPREAD && Math.sqrt(rb / n) <= TONE_SPREAD ? tone : null;
}

/** Gives the L*a*b* pixels where `select` is set the tone's a* and b* for their L*, in place. */
export function applyTone(lab: Float32Array, select: Uint8Array, tone: Tone): void {
  for (let m = 0; m < select.length; m++) {
    if (!select[m]) continue;
    const l = lab[m * 3];
    lab[m * 3 + 1] = tone.a[0] + tone.a[1] * l;
    lab[m * 3 + 2] = tone.b[0] + tone.b[1] * l;
  }
}
