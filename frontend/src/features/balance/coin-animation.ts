import { useEffect, useRef, useState } from 'react';

/** docs/SPEC.md §4/§9: the balance counts up in steps of 5, or 50 when 1000 or more is added, 1 ms a step. */
export const COIN_STEP = 5;
export const COIN_BIG_STEP = 50;
export const COIN_BIG_AMOUNT = 1000;
export const COIN_STEP_MS = 1;
/** How long the gain/loss flash lasts. */
export const BALANCE_FLASH_MS = 800;

/** The values the balance shows on its way from `from` to `to`; a loss jumps (clamped at 0). */
export function coinAnimationSteps(from: number, to: number): number[] {
  const target = Math.max(0, to);
  if (target <= from) return [target];
  const step = target - from >= COIN_BIG_AMOUNT ? COIN_BIG_STEP : COIN_STEP;
  const values: number[] = [];
  for (let value = from + step; value < target; value += step) values.push(value);
  values.push(target);
  return values;
}

export type Flash = 'gain' | 'loss' | null;

/** The displayed coin balance: animated towards `value`, with a gain/loss flag for ~0.8 s. */
export function useAnimatedCoins(value: number): { shown: number; flash: Flash } {
  const [shown, setShown] = useState(value);
  const [flash, setFlash] = useState<Flash>(null);
  const shownRef = useRef(value);

  useEffect(() => {
    const from = shownRef.current;
    if (value === from) return;
    setFlash(value > from ? 'gain' : 'loss');
    const flashTimer = setTimeout(() => setFlash(null), BALANCE_FLASH_MS);
    const steps = coinAnimationSteps(from, value);
    let index = 0;
    const tick = setInterval(() => {
      shownRef.current = steps[index];
      setShown(steps[index]);
      index += 1;
      if (index >= steps.length) clearInterval(tick);
    }, COIN_STEP_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(flashTimer);
    };
  }, [value]);

  return { shown, flash };
}
