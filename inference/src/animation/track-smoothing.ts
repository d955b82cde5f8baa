/**
 * A track's landmarks smoothed over time before the swap, using the whole track (a generation has every
 * frame's mesh before it starts, so the smoothing need not be causal and lags nothing). Per coordinate,
 * within each stretch where the face is seen: a 5-frame median first (a single frame where the mesh
 * slipped is dropped, straight motion is kept exactly), then a local quadratic fit over ±`SMOOTH_SECONDS`
 * (Savitzky–Golay; shorter and one-sided at a stretch's ends) evaluated at the frame, which keeps steady
 * and accelerating motion and removes the mesh's frame-to-frame noise. The causal One Euro filter left the
 * pasted face behind the template's at a pan's start and let a one-frame slip of the mesh through (2.0 px of
 * motion gap on the pan clip at 480 px, judged by face-api's landmarks).
 */

/** Half the local fit's window, in seconds. */
export const SMOOTH_SECONDS = 0.3;
/** Half the median's window, in frames. */
const MEDIAN_REACH = 2;

/** Weights that evaluate at offset 0 a least-squares quadratic through the samples at offsets from..to. */
function quadraticWeights(from: number, to: number): Float64Array {
  const n = to - from + 1;
  const weights = new Float64Array(n);
  if (n < 3) {
    weights.fill(1 / n);
    return weights;
  }
  // Normal equations of [1, x, x²]: S_k = Σ x^k.
  const s = [0, 0, 0, 0, 0];
  for (let x = from; x <= to; x++) for (let k = 0; k < 5; k++) s[k]! += x ** k;
  const m = [
    [s[0]!, s[1]!, s[2]!],
    [s[1]!, s[2]!, s[3]!],
    [s[2]!, s[3]!, s[4]!],
  ];
  // The first row of m⁻¹ (the fit's value at x = 0 is a = row · [Σy, Σxy, Σx²y]).
  const det =
    m[0]![0]! * (m[1]![1]! * m[2]![2]! - m[1]![2]! * m[2]![1]!) -
    m[0]![1]! * (m[1]![0]! * m[2]![2]! - m[1]![2]! * m[2]![0]!) +
    m[0]![2]! * (m[1]![0]! * m[2]![1]! - m[1]![1]! * m[2]![0]!);
  const row = [
    (m[1]![1]! * m[2]![2]! - m[1]![2]! * m[2]![1]!) / det,
    -(m[0]![1]! * m[2]![2]! - m[0]![2]! * m[2]![1]!) / det,
    (m[0]![1]! * m[1]![2]! - m[0]![2]! * m[1]![1]!) / det,
  ];
  for (let x = from, i = 0; x <= to; x++, i++) weights[i] = row[0]! + row[1]! * x + row[2]! * x * x;
  return weights;
}

function median(values: Float64Array, count: number): number {
  const sorted = values.subarray(0, count).sort();
  return count % 2 ? sorted[count >> 1]! : (sorted[count / 2 - 1]! + sorted[count / 2]!) / 2;
}

/** Smooths one stretch of frames (each a vector of the same length) in place of a copy. */
function smoothStretch(frames: Float32Array[], reach: number): Float32Array[] {
  const count = frames.length;
  const length = frames[0]!.length;
  // Median over ±MEDIAN_REACH frames (as many as the stretch has on both sides).
  const medianed = frames.map(() => new Float32Array(length));
  const window = new Float64Array(2 * MEDIAN_REACH + 1);
  for (let i = 0; i < count; i++) {
    const r = Math.min(MEDIAN_REACH, i, count - 1 - i);
    for (let v = 0; v < length; v++) {
      for (let d = -r; d <= r; d++) window[d + r] = frames[i + d]![v]!;
      medianed[i]![v] = median(window, 2 * r + 1);
    }
  }
  return medianed.map((_, i) => {
    const from = -Math.min(reach, i);
    const to = Math.min(reach, count - 1 - i);
    const weights = quadraticWeights(from, to);
    const out = new Float32Array(length);
    for (let d = from, k = 0; d <= to; d++, k++) {
      const frame = medianed[i + d]!;
      const w = weights[k]!;
      for (let v = 0; v < length; v++) out[v]! += w * frame[v]!;
    }
    return out;
  });
}

/**
 * The track's points smoothed over time: `frames[i]` is frame i's flat vector of coordinates (or null
 * where the face is not seen, which splits the track into stretches smoothed apart).
 */
export function smoothTrack(
  frames: (Float32Array | null)[],
  fps: number,
  seconds = SMOOTH_SECONDS,
): (Float32Array | null)[] {
  const reach = Math.max(1, Math.round(seconds * fps));
  const out: (Float32Array | null)[] = frames.map(() => null);
  for (let start = 0; start < frames.length;) {
    if (!frames[start]) {
      start++;
      continue;
    }
    let end = start;
    while (end + 1 < frames.length && frames[end + 1]) end++;
    const stretch = frames.slice(start, end + 1) as Float32Array[];
    smoothStretch(stretch, reach).forEach((points, i) => (out[start + i] = points));
    start = end + 1;
  }
  return out;
}
