/**
 * The One Euro filter (Casiez, Roussel, Vogel, CHI 2012) over a vector of values (a mesh's 468 × 3
 * coordinates): an exponential smoothing whose cut-off rises with the speed, so a still head does not
 * shake (low cut-off: jitter smoothed away) while a moving one is not dragged behind (high cut-off).
 */
export interface OneEuroOptions {
  /** Hz: the cut-off at rest (lower: smoother, more lag at rest). */
  minCutoff: number;
  /** How fast the cut-off rises with the speed (per value unit per second). */
  beta: number;
  /** Hz: the cut-off of the speed estimate. */
  derivativeCutoff: number;
}

/** Tuned on landmarks in pixels of a 480–720 px clip. */
export const MESH_SMOOTHING: OneEuroOptions = { minCutoff: 1, beta: 0.05, derivativeCutoff: 1 };

function alpha(cutoff: number, dt: number): number {
  const tau = 1 / (2 * Math.PI * cutoff);
  return 1 / (1 + tau / dt);
}

export class OneEuroFilter {
  private previous: Float32Array | null = null;
  private speed: Float32Array | null = null;
  private lastTime = 0;

  constructor(private readonly options: OneEuroOptions = MESH_SMOOTHING) {}

  /** Forgets the past (after a gap the face comes back elsewhere: no smoothing across it). */
  reset(): void {
    this.previous = null;
    this.speed = null;
  }

  /** The filtered values at `time` seconds (a new array; `values` is left alone). */
  filter(values: Float32Array, time: number): Float32Array {
    const previous = this.previous;
    if (!previous || !this.speed || time <= this.lastTime) {
      this.previous = Float32Array.from(values);
      this.speed = new Float32Array(values.length);
      this.lastTime = time;
      return Float32Array.from(values);
    }
    const dt = time - this.lastTime;
    const out = new Float32Array(values.length);
    const speedAlpha = alpha(this.options.derivativeCutoff, dt);
    for (let i = 0; i < values.length; i++) {
      const rawSpeed = (values[i]! - previous[i]!) / dt;
      const speed = this.speed[i]! + speedAlpha * (rawSpeed - this.speed[i]!);
      this.speed[i] = speed;
      const a = alpha(this.options.minCutoff + this.options.beta * Math.abs(speed), dt);
      out[i] = previous[i]! + a * (values[i]! - previous[i]!);
    }
    this.previous = out;
    this.lastTime = time;
    return Float32Array.from(out);
  }
}
