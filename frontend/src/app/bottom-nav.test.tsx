import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { renderWithApp } from '../test/render';
import { BottomNav } from './BottomNav';

// The nav asks the API nothing: an address nobody listens on.
const NO_API = 'http://127.0.0.1:9';

function renderAt(path: string) {
  renderWithApp(
    <MemoryRouter initialEntries={[path]}>
      <BottomNav />
    </MemoryRouter>,
    { baseUrl: NO_API },
  );
}

describe('the bottom nav', () => {
  it("keeps Rating lit on a squad's page, opened from the rating", () => {
    renderAt('/squads/7');
    expect(screen.getByRole('link', { name: 'Rating' })).toHaveClass('is-active');
    expect(screen.getByRole('link', { name: 'Feed' })).not.toHaveClass('is-active');
  });

  it('lights only the tab of the page open', () => {
    renderAt('/quests');
    expect(screen.getByRole('link', { name: 'Quests' })).toHaveClass('is-active');
    expect(screen.getByRole('link', { name: 'Rating' })).not.toHaveClass('is-active');
  });
});
