import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { i18n } from '../i18n';
import { RouteErrorBoundary } from './RouteError';

function Broken(): never {
  throw new Error('broken page');
}

describe('RouteErrorBoundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the generic error for a page that throws, and the next page again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/broken']}>
          <Link to="/fine">elsewhere</Link>
          <RouteErrorBoundary>
            <Routes>
              <Route path="/broken" element={<Broken />} />
              <Route path="/fine" element={<p>fine page</p>} />
            </Routes>
          </RouteErrorBoundary>
        </MemoryRouter>
      </I18nextProvider>,
    );

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    await userEvent.click(screen.getByRole('link', { name: 'elsewhere' }));
    expect(await screen.findByText('fine page')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
