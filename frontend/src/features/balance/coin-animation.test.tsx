import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { BALANCE_FLASH_MS, coinAnimationSteps, useAnimatedCoins } from './coin-animation';

describe('coinAnimationSteps', () => {
  it('counts up in steps of 5 below 1000 added, ending exactly on the target', () => {
    expect(coinAnimationSteps(0, 12)).toEqual([5, 10, 12]);
    expect(coinAnimationSteps(100, 125)).toEqual([105, 110, 115, 120, 125]);
  });

  it('counts up in steps of 50 when 1000 or more is added', () => {
    const steps = coinAnimationSteps(0, 1000);
    expect(steps).toHaveLength(20);
    expect(steps.slice(0, 3)).toEqual([50, 100, 150]);
    expect(steps.at(-1)).toBe(1000);
    expect(coinAnimationSteps(10, 1030)).toEqual([
      ...Array.from({ length: 20 }, (_, i) => 60 + i * 50),
      1030,
    ]);
  });

  it('uses the small step for 999 added even on a large balance', () => {
    const steps = coinAnimationSteps(5000, 5999);
    expect(steps[0]).toBe(5005);
    expect(steps).toHaveLength(200);
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

  it('walks through the steps one per millisecond and flashes gain for ~0.8 s', () => {
    const { rerender } = render(<Balance value={0} />);
    rerender(<Balance value={12} />);
    const el = screen.getByText('0');
    expect(el.dataset.flash).toBe('gain');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(el.textContent).toBe('5');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(el.textContent).toBe('10');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(el.textContent).toBe('12');
    act(() => {
      vi.advanceTimersByTime(BALANCE_FLASH_MS);
    });
    expect(el.dataset.flash).toBe('');
  });

  it('flashes loss when the balance drops', () => {
    const { rerender } = render(<Balance value={50} />);
    rerender(<Balance value={20} />);
    const el = screen.getByText('50');
    expect(el.dataset.flash).toBe('loss');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(el.textContent).toBe('20');
  });
});
