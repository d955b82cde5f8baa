import { useEffect, useRef, useState } from 'react';

import { prefersReducedMotion } from '../../lib/data-saver';

/** docs/SPEC.md §4/§9: the balance counts up in steps of 5, or 50 when 1000 or more is added. */
export const COIN_STEP = 5;
export const COIN_BIG_STEP = 50;
export const COIN_BIG_AMOUNT = 1000;
/**
 * The spec's "1 ms a step" is no frame a screen can draw, and 2.5M coins in steps of 50 would take
 * minutes: one value per frame (~16 ms) at most, any change done within 0.8 s, so a large gain
 * advances several of the spec's steps a frame.
 */
export const COIN_FRAME_MS = 16;
export const COIN_ANIMATION_MS = 800;
export const COIN_MAX_FRAMES = COIN_ANIMATION_MS / COIN_FRAME_MS;
/** How long the gain/loss flash lasts. */
export const BALANCE_FLASH_MS = 800;

/**
 * The values the balance shows on its way from `from` to `to`, one a frame: the spec's steps while
 * they fit in the frames, else evenly picked among them (whole steps); a loss jumps (clamped at 0).
 */
export function coinAnimationSteps(from: number, to: number, maxFrames = COIN_MAX_FRAMES): number[] {
  const target = Math.max(0, to);
  if (target <= from) return [target];
  const step = target - from >= COIN_BIG_AMOUNT ? COIN_BIG_STEP : COIN_STEP;
  const count = Math.ceil((target - from) / step);
  const frames = Math.min(count, maxFrames);
  return Array.from({ length: frames }, (_, i) =>
    i === frames - 1 ? target : from + step * Math.round(((i + 1) * count) / frames),
  );
}

export type Flash = 'gain' | 'loss' | null;

/**
 * The displayed coin balance: animated towards `value` within 0.8 s, with a gain/loss flag for ~0.8 s;
 * with "reduce motion" it shows the new value at once (the flag's flash is CSS, which the setting stops).
 */
export function useAnimatedCoins(value: number): { shown: number; flash: Flash } {
  const [shown, setShown] = useState(value);
  const [flash, setFlash] = useState<Flash>(null);
  const shownRef = useRef(value);

  useEffect(() => {
    const from = shownRef.current;
    if (value === from) return;
    setFlash(value > from ? 'gain' : 'loss');
    const flashTimer = setTimeout(() => setFlash(null), BALANCE_FLASH_MS);
    const steps = prefersReducedMotion() ? [value] : coinAnimationSteps(from, value);
    const duration = steps.length * COIN_FRAME_MS;
    let start: number | null = null;
    let frame = 0;
    const draw = (now: number) => {
      start ??= now;
      // Where the time says it should be, so a slow phone skips values instead of running late.
      const index = Math.min(steps.length - 1, Math.floor(((now - start) / duration) * steps.length));
      shownRef.current = steps[index]!;
      setShown(steps[index]!);
      if (index < steps.length - 1) frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(flashTimer);
    };
  }, [value]);

  return { shown, flash };
}
