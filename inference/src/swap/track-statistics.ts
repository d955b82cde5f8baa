import type { ChannelStats } from './color-transfer.js';
import type { Tone } from './monochrome.js';

/**
 * Statistics of a face that moves through a clip, kept per track by the caller (an animation) and passed
 * into the still swap's colour and light stages (`SwapOptions.track`). Each stage hands in how to measure
 * on the current frame and uses what the track answers: the track changes its value smoothly over time
 * (and may keep one through a frame where nothing could be measured), so the corrections follow the
 * track, not each frame's noise, and the pasted face does not flicker. As the value changes little from
 * frame to frame, the track may measure on some frames only (the measurements are a few percent of a
 * frame's swap). A still swap passes none and each stage uses its own measurement.
 */
export interface TrackStatistics {
  /** The target's skin (L*a*b* mean and spread round the face; colour transfer, hair, the border). */
  targetSkin(measure: () => ChannelStats): ChannelStats;
  /** The warped face photo's skin, as the colour transfer maps it. */
  faceSkin(measure: () => ChannelStats): ChannelStats;
  /**
   * The L* offset the light stage applies inside the mask's core (null: nothing measured); `measure` gives
   * this frame's.
   */
  light(measure: () => number | null): number | null;
  /** A grayscale or sepia template's tone (null: the template has colours). */
  tone(measure: () => Tone | null): Tone | null;
}
