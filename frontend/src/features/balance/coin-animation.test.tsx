import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  BALANCE_FLASH_MS,
  COIN_ANIMATION_MS,
  COIN_MAX_FRAMES,
  coinAnimationSteps,
  useAnimatedCoins,
} from './coin-animation';

describe('coinAnimationSteps', () => {
  it('counts up in steps of 5 below 1000 added, ending exactly on the target', () => {
    expect(coinAnimationSteps(0, 12)).toEqual([5, 10, 12]);
    expect(coinAnimationSteps(100, 125)).toEqual([105, 110, 115, 120, 125]);
  });

  it('counts up in steps of 50 when 1000 or more is added', () => {
    const steps = coinAnimationSteps(0, 1000);
    expect(steps).toHaveLength(20);
    expect(steps.slice(0, 3)).toEqual([50, 100, 150]);
    // 20 steps fit in the frames of 0.8 s: each one is shown.
    expect(steps.at(-1)).toBe(1000);
    expect(coinAnimationSteps(10, 1030)).toEqual([
      ...Array.from({ length: 20 }, (_, i) => 60 + i * 50),
      1030,
    ]);
  });

  it('uses the small step for 999 added even on a large balance, a frame taking several steps', () => {
    const steps = coinAnimationSteps(5000, 5999);
    expect(steps).toHaveLength(COIN_MAX_FRAMES);
    expect(steps.every((value) => value === 5999 || (value - 5000) % 5 === 0)).toBe(true);
    expect(steps.at(-1)).toBe(5999);
  });

  it('a gain of millions takes no more frames than 0.8 s holds, rising all the way', () => {
    const steps = coinAnimationSteps(10, 2_501_269);
    expect(steps).toHaveLength(COIN_MAX_FRAMES);
    expect(steps.every((value, i) => i === 0 || value > steps[i - 1]!)).toBe(true);
    expect(steps.slice(0, -1).every((value) => (value - 10) % 50 === 0)).toBe(true);
    expect(steps.at(-1)).toBe(2_501_269);
  });

  it('jumps on a loss, clamped at 0', () => {
    expect(coinAnimationSteps(100, 40)).toEqual([40]);
    expect(coinAnimationSteps(100, -30)).toEqual([0]);
  });
});

function Balance({ value }: { value: number }) {
  const { shown, flash } = useAnimatedCoins(value);
  return <span data-flash={flash ?? ''}>{shown}</span>;
}

describe('useAnimatedCoins', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('walks through the steps one a frame and flashes gain for ~0.8 s', () => {
    const { rerender } = render(<Balance value={0} />);
    rerender(<Balance value={12} />);
    const el = screen.getByText('0');
    expect(el.dataset.flash).toBe('gain');
    const seen: string[] = [];
    for (let frame = 0; frame < 6; frame++) {
      act(() => {
        vi.advanceTimersToNextFrame();
      });
      if (seen.at(-1) !== el.textContent) seen.push(el.textContent!);
    }
    expect(seen).toEqual(['5', '10', '12']);
    act(() => {
      vi.advanceTimersByTime(BALANCE_FLASH_MS);
    });
    expect(el.dataset.flash).toBe('');
  });

  it('with "reduce motion" shows the new value on the next frame, no count-up', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }) as MediaQueryList);
    try {
      const { rerender } = render(<Balance value={0} />);
      rerender(<Balance value={12} />);
      const el = screen.getByText('0');
      act(() => {
        vi.advanceTimersToNextFrame();
      });
      expect(el.textContent).toBe('12');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('flashes loss when the balance drops', () => {
    const { rerender } = render(<Balance value={50} />);
    rerender(<Balance value={20} />);
    const el = screen.getByText('50');
    expect(el.dataset.flash).toBe('loss');
    act(() => {
      vi.advanceTimersToNextFrame();
    });
    expect(el.textContent).toBe('20');
  });

  it('a gain of millions is counted up within 0.8 s', () => {
    const { rerender } = render(<Balance value={10} />);
    rerender(<Balance value={2_501_269} />);
    const el = screen.getByText('10');
    act(() => {
      vi.advanceTimersByTime(COIN_ANIMATION_MS / 2);
    });
    const halfway = Number(el.textContent);
    expect(halfway).toBeGreaterThan(10);
    expect(halfway).toBeLessThan(2_501_269);
    act(() => {
      vi.advanceTimersByTime(COIN_ANIMATION_MS / 2 + 20);
    });
    expect(el.textContent).toBe('2501269');
  });
});
