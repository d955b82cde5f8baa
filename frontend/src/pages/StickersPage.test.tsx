import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { startApiServer } from '../test/api-server';
import { renderWithApp } from '../test/render';
import { StickersPage } from './StickersPage';

let server: Awaited<ReturnType<typeof startApiServer>>;
afterEach(() => server.close());

const meme = (id: string) => ({
  id,
  shareId: `s-${id}`,
  text: `meme ${id}`,
  isPublished: false,
  imageUrl: `/api/media/${id}.jpg`,
  thumbnailUrl: `/api/media/${id}.webp`,
  width: 512,
  height: 512,
  generationId: null,
  templateId: null,
  likes: 0,
  createdAt: '2026-11-22T10:00:00.000Z',
  publishedAt: null,
});

async function renderPage() {
  server = await startApiServer((req) =>
    req.method === 'GET'
      ? {
          status: 200,
          body: {
            items: [meme('a'), meme('b'), { ...meme('c'), text: null }],
            page: 1,
            pageSize: 20,
            total: 3,
          },
        }
      : {
          status: 201,
          body: {
            id: 'p1',
            name: 'pack_p1_by_bot',
            title: 'Mine',
            link: 'https://t.me/addstickers/pack_p1_by_bot',
          },
        },
  );
  renderWithApp(
    <MemoryRouter>
      <StickersPage />
    </MemoryRouter>,
    { baseUrl: server.baseUrl },
  );
  await screen.findByRole('button', { name: 'meme a' });
}

describe('StickersPage validation (SEED-SPEC §5)', () => {
  it('needs a title and at least one sticker before it calls the server', async () => {
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Create sticker pack' }));

    expect(screen.getByText('Field is required')).toBeInTheDocument();
    expect(screen.getByText('Select at least one sticker')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('creates the pack from the chosen memes and offers to add it to Telegram', async () => {
    await renderPage();
    await userEvent.type(screen.getByRole('textbox'), 'Mine');
    await userEvent.click(screen.getByRole('button', { name: 'meme b' }));
    expect(screen.getByRole('button', { name: 'meme b' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Create sticker pack' }));

    expect(await screen.findByText('Your sticker pack is ready')).toBeInTheDocument();
    const post = server.requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe('/api/v1/stickers/');
    expect(post?.body).toEqual({ title: 'Mine', memeIds: ['b'] });
  });

  it('names a meme without a caption by its place, so a screen reader can pick it', async () => {
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Meme 3' }));
    expect(screen.getByRole('button', { name: 'Meme 3' })).toHaveAttribute('aria-pressed', 'true');
  });
});
