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
  /** How far this frame's measurement moves the values (0–1). */
  private weight = 1;
  private lastTime: number | null = null;
  private readonly values = new Map<string, Vector>();
  private monochromeShare: number | null = null;
  private monochrome = false;

  constructor(private readonly seconds = SMOOTHING_SECONDS) {}

  /** The next frame is at `time` seconds (frames of one track, in order; a gap just counts as time). */
  frame(time: number): void {
    const dt = this.lastTime === null ? Infinity : Math.max(0, time - this.lastTime);
    this.weight = dt === Infinity ? 1 : 1 - Math.exp(-dt / this.seconds);
    this.lastTime = time;
  }

  private smooth(key: string, measured: Vector | null): Vector | null {
    const value = this.values.get(key);
    if (!measured) return value ?? null;
    if (!value) {
      this.values.set(key, [...measured]);
      return [...measured];
    }
    for (let i = 0; i < value.length; i++) value[i]! += this.weight * (measured[i]! - value[i]!);
    return [...value];
  }

  targetSkin(measured: ChannelStats): ChannelStats {
    return vectorStats(this.smooth('target', statsVector(measured))!);
  }

  faceSkin(measured: ChannelStats): ChannelStats {
    return vectorStats(this.smooth('face', statsVector(measured))!);
  }

  light(measured: number | null): number | null {
    return this.smooth('light', measured === null ? null : [measured])?.[0] ?? null;
  }

  tone(measured: Tone | null): Tone | null {
    const seen = measured ? 1 : 0;
    this.monochromeShare =
      this.monochromeShare === null
        ? seen
        : this.monochromeShare + this.weight * (seen - this.monochromeShare);
    if (this.monochromeShare >= TONE_ON) this.monochrome = true;
    else if (this.monochromeShare < TONE_OFF) this.monochrome = false;
    const tone = this.smooth('tone', measured ? [...measured.a, ...measured.b] : null);
    if (!this.monochrome || !tone) return null;
    return { a: [tone[0]!, tone[1]!], b: [tone[2]!, tone[3]!] };
  }
}
