import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';

import { startApiServer } from '../test/api-server';
import { renderWithApp } from '../test/render';
import { SharedMemePage } from './SharedMemePage';

let server: Awaited<ReturnType<typeof startApiServer>>;
afterEach(() => server.close());

async function renderAt(shareId: string) {
  renderWithApp(
    <MemoryRouter initialEntries={[`/i/${shareId}`]}>
      <Routes>
        <Route path="/i/:shareId" element={<SharedMemePage />} />
      </Routes>
    </MemoryRouter>,
    { baseUrl: server.baseUrl },
  );
}

describe('/i/:shareId in the mini app', () => {
  it('shows the published meme with its author, likes and "Make your own" opening the mini app', async () => {
    server = await startApiServer((req) =>
      req.path === '/api/v1/memes/share/abc123/'
        ? {
            status: 200,
            body: {
              id: 'm1',
              shareId: 'abc123',
              text: 'When the build is green',
              imageUrl: '/api/media/m1.jpg',
              thumbnailUrl: '/api/media/m1.webp',
              width: 640,
              height: 480,
              likes: 3,
              publishedAt: '2026-11-22T10:00:00.000Z',
              author: { username: 'ann', firstName: 'Ann', photoUrl: null },
            },
          }
        : { status: 404, body: { detail: 'Meme not found' } },
    );
    await renderAt('abc123');
    expect(await screen.findByRole('img', { name: 'When the build is green' })).toHaveAttribute(
      'src',
      '/api/media/m1.jpg',
    );
    expect(screen.getByText('by @ann')).toBeInTheDocument();
    expect(screen.getByText('3 likes')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Make your own' }).getAttribute('href')).toMatch(
      /^https:\/\/t\.me\/[^/]+\/[^/?]+\?startapp=meme_abc123$/,
    );
    // A first look at the game says what it is.
    expect(screen.getByTestId('share-pitch')).toHaveTextContent('Swipe memes and earn coins');
  });

  it('says an unknown or unpublished meme is not available', async () => {
    server = await startApiServer(() => ({ status: 404, body: { detail: 'Meme not found' } }));
    await renderAt('gone');
    expect(await screen.findByText('This meme is not available')).toBeInTheDocument();
    expect(server.requests.map((request) => request.path)).toEqual(['/api/v1/memes/share/gone/']);
  });
});
