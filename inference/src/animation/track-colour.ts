import type { ChannelStats } from '../swap/color-transfer.js';
import type { Tone } from '../swap/monochrome.js';
import type { TrackStatistics } from '../swap/track-statistics.js';

/**
 * A track's colour and light statistics over a clip (the swap's `TrackStatistics`): each stage's
 * measurement on a frame moves the track's value towards it by an exponential smoothing with a time
 * constant of `SMOOTHING_SECONDS`, so the corrections change smoothly along the track instead of
 * following each frame's noise (a face's mean colour stepping a few ΔE from frame to frame flickers). A
 * frame where a stage measured nothing keeps the track's value. A grayscale or sepia template is decided
 * for the track with hysteresis (not frame by frame).
 */
export const SMOOTHING_SECONDS = 0.5;
/** The share of monochrome frames at which a colour track turns monochrome, and below which it turns back. */
const TONE_ON = 0.6;
const TONE_OFF = 0.4;
/**
 * The stages measure on every MEASURE_EVERY-th frame of the track (the light's robust statistics cost about
 * a tenth of a frame's swap, the skins' and the tone's a few percent; the smoothed values change little in
 * between) and on frames where the track has no value yet.
 */
export const MEASURE_EVERY = 3;

type Vector = number[];

function statsVector(stats: ChannelStats): Vector {
  return [...stats.mean, ...stats.std];
}

function vectorStats(vector: Vector): ChannelStats {
  return {
    mean: [vector[0]!, vector[1]!, vector[2]!],
    std: [vector[3]!, vector[4]!, vector[5]!],
  };
}

export class TrackColour implements TrackStatistics {
  private time = 0;
  /** Each value and the time it was last measured at. */
  private readonly values = new Map<string, { value: Vector; time: number }>();
  private frames = 0;
  private monochromeShare = 0;
  private monochrome = false;

  constructor(private readonly seconds = SMOOTHING_SECONDS) {}

  /** The next frame is at `time` seconds (frames of one track, in order; a gap just counts as time). */
  frame(time: number): void {
    this.time = time;
    this.frames++;
  }

  /** How far a measurement moves a value last measured at `since` (0–1). */
  private weight(since: number): number {
    return 1 - Math.exp(-Math.max(0, this.time - since) / this.seconds);
  }

  /** Whether this frame measures `key`: every MEASURE_EVERY-th frame, and until it has a value. */
  private measures(key: string): boolean {
    return !this.values.has(key) || (this.frames - 1) % MEASURE_EVERY === 0;
  }

  /** The smoothed statistics of `key`, measured on this frame when it measures. */
  private stats(key: string, measure: () => ChannelStats): ChannelStats {
    if (!this.measures(key)) return vectorStats(this.values.get(key)!.value);
    return vectorStats(this.smooth(key, statsVector(measure()))!);
  }

  private smooth(key: string, measured: Vector | null): Vector | null {
    const kept = this.values.get(key);
    if (!measured) return kept ? [...kept.value] : null;
    if (!kept) {
      this.values.set(key, { value: [...measured], time: this.time });
      return [...measured];
    }
    const weight = this.weight(kept.time);
    for (let i = 0; i < measured.length; i++) kept.value[i]! += weight * (measured[i]! - kept.value[i]!);
    kept.time = this.time;
    return [...kept.value];
  }

  targetSkin(measure: () => ChannelStats): ChannelStats {
    return this.stats('target', measure);
  }

  faceSkin(measure: () => ChannelStats): ChannelStats {
    return this.stats('face', measure);
  }

  light(measure: () => number | null): number | null {
    if (!this.measures('light')) return this.values.get('light')!.value[0]!;
    const measured = measure();
    return this.smooth('light', measured === null ? null : [measured])?.[0] ?? null;
  }

  tone(measure: () => Tone | null): Tone | null {
    if (this.measures('monochrome')) this.measureTone(measure());
    const tone = this.values.get('tone')?.value;
    if (!this.monochrome || !tone) return null;
    return { a: [tone[0]!, tone[1]!], b: [tone[2]!, tone[3]!] };
  }

  /** A tone measurement moves the monochrome share (decided with hysteresis) and the tone itself. */
  private measureTone(measured: Tone | null): void {
    const seen = measured ? 1 : 0;
    this.monochromeShare = this.smooth('monochrome', [seen])![0]!;
    if (this.monochromeShare >= TONE_ON) this.monochrome = true;
    else if (this.monochromeShare < TONE_OFF) this.monochrome = false;
    this.smooth('tone', measured ? [...measured.a, ...measured.b] : null);
  }
}
