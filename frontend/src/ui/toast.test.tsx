import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError, NetworkError } from '../lib/api-errors';
import { reportError } from '../lib/services';
import { i18n, setLanguage } from '../i18n';
import { TOAST_AUTO_CLOSE_MS } from './toast';
import { ToastHost } from './ToastHost';

describe('the global error toast (docs/SPEC.md §8)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(<ToastHost />);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await i18n.changeLanguage('en');
  });

  it('shows nothing for a 401', () => {
    act(() => reportError(new ApiError(401, { detail: 'Unauthorized' })));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's detail, with its hint", () => {
    act(() =>
      reportError(
        new ApiError(429, {
          detail: 'Request limit exceeded',
          hint: 'Generation can be started once every 30 minutes',
        }),
      ),
    );
    const toast = screen.getByRole('alert');
    expect(toast).toHaveTextContent('Request limit exceeded');
    expect(toast).toHaveTextContent('Generation can be started once every 30 minutes');
    expect(toast).toHaveClass('toast--error');
  });

  it("else the error's own message, else the generic text", () => {
    act(() => reportError(new Error('Camera is busy')));
    expect(screen.getByRole('alert')).toHaveTextContent('Camera is busy');
    act(() => {
      vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS);
    });
    act(() => reportError(new ApiError(500, null)));
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    act(() => {
      vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS);
    });
    act(() => reportError('weird'));
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });

  it('leaves a request that never got an answer to the connection banner: no toast', () => {
    act(() => reportError(new NetworkError(true)));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closes by itself after 4 s', () => {
    act(() => reportError(new ApiError(402, { detail: 'Payment required' })));
    act(() => {
      vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS - 1);
    });
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('translates the server texts it knows for a Russian player', async () => {
    await act(() => setLanguage('ru'));
    act(() => reportError(new ApiError(400, { detail: 'You have run out of credits :(' })));
    expect(screen.getByRole('alert')).toHaveTextContent('У тебя закончились кредиты :(');
  });
});
