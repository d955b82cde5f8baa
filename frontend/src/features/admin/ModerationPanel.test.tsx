import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { startApiServer } from '../../test/api-server';
import { renderWithApp } from '../../test/render';
import { ModerationPanel } from './ModerationPanel';
import { addConsoleTexts } from './texts';

beforeAll(addConsoleTexts);

let server: Awaited<ReturnType<typeof startApiServer>>;
afterEach(() => server.close());

const held = {
  memeId: '6f1c1c1e-0000-4000-8000-000000000001',
  shareId: 'abc',
  ownerId: 42,
  text: 'Beach day',
  imageUrl: '/api/media/generations/x.jpg',
  isPublished: false,
  hiddenAt: null,
  lastReportedAt: '2026-11-27T10:00:00.000Z',
  reports: [],
  review: {
    since: '2026-11-27T10:00:00.000Z',
    nsfw: { drawing: 0.01, hentai: 0.6, neutral: 0.04, porn: 0.33, sexy: 0.02 },
  },
};

describe('the console’s moderation queue', () => {
  it('shows a result held by NSFW screening with its scores, and restores it', async () => {
    let queue = [held];
    server = await startApiServer((req) => {
      if (req.method === 'GET' && req.path.startsWith('/api/v1/admin/reports/?status=open'))
        return { status: 200, body: { items: queue, page: 1, pageSize: 20, total: queue.length } };
      if (req.method === 'POST' && req.path === `/api/v1/admin/memes/${held.memeId}/restore/`) {
        queue = [];
        return {
          status: 200,
          body: { memeId: held.memeId, hiddenAt: null, closedReports: 0, refundedVotes: 0 },
        };
      }
      return { status: 404, body: { detail: 'Not found' } };
    });
    renderWithApp(
      <MemoryRouter>
        <ModerationPanel />
      </MemoryRouter>,
      { baseUrl: server.baseUrl },
    );
    const row = await screen.findByTestId('moderation-row');
    expect(within(row).getByText('Held by NSFW screening: explicit 93%, sexy 2%')).toBeInTheDocument();

    await userEvent.setup().click(within(row).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Restored: visible, publishable')).toBeInTheDocument();
    expect(await screen.findByText('Nothing waits for a decision')).toBeInTheDocument();
  });
});
