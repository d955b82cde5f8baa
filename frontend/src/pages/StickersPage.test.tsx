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

const existingPack = {
  id: 'p0',
  name: 'old_p0_by_bot',
  title: 'Old',
  link: 'https://t.me/addstickers/old_p0_by_bot',
  stickers: [
    { memeId: 'a', fileId: 'f-a' },
    { memeId: 'b', fileId: 'f-b' },
  ],
};

async function renderPage(
  packs: unknown[] = [],
  memes = [meme('a'), meme('b'), { ...meme('c'), text: null }],
) {
  server = await startApiServer((req) => {
    if (req.method === 'GET' && req.path.startsWith('/api/v1/stickers/'))
      return { status: 200, body: { items: packs } };
    if (req.method === 'GET')
      return {
        status: 200,
        body: {
          items: memes,
          page: 1,
          pageSize: 20,
          total: memes.length,
        },
      };
    if (req.method === 'PATCH')
      return {
        status: 200,
        body: {
          ...existingPack,
          title: 'Renamed',
          stickers: [
            { memeId: 'b', fileId: 'f-b' },
            { memeId: 'c', fileId: 'f-c' },
          ],
        },
      };
    return {
      status: 201,
      body: {
        id: 'p1',
        name: 'pack_p1_by_bot',
        title: 'Mine',
        link: 'https://t.me/addstickers/pack_p1_by_bot',
        stickers: [{ memeId: 'b', fileId: 'f-1' }],
      },
    };
  });
  renderWithApp(
    <MemoryRouter>
      <StickersPage />
    </MemoryRouter>,
    { baseUrl: server.baseUrl },
  );
  // The first render loads the app's modules: allow a slow (shared) machine time for it.
  if (memes.length) await screen.findByRole('button', { name: 'meme a' }, { timeout: 10_000 });
}

describe('StickersPage validation (docs/SPEC.md §5)', () => {
  it('needs a title and at least one sticker before it calls the server', async () => {
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Create sticker pack' }));

    expect(screen.getByText('Field is required')).toBeInTheDocument();
    expect(screen.getByText('Select at least one sticker')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('without memes, the create button is off and the page says why', async () => {
    await renderPage([], []);
    await screen.findByText('Create a meme first: stickers are made from your memes.', undefined, {
      timeout: 10_000,
    });
    expect(screen.getByRole('button', { name: 'Create sticker pack' })).toBeDisabled();
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
    expect(post?.body).toEqual({ title: 'Mine', memeIds: ['b'], style: 'full' });
    expect(screen.getByText('Mine · 1 sticker')).toBeInTheDocument();
  });

  it('offers the face style: the cut-out face with its caption, sent as style "face"', async () => {
    await renderPage();
    expect(screen.getByRole('radio', { name: 'Whole meme' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('radio', { name: 'Face' }));
    expect(screen.getByRole('radio', { name: 'Face' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText(/cut out with its caption under it/)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox'), 'Faces');
    await userEvent.click(screen.getByRole('button', { name: 'meme a' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create sticker pack' }));

    expect(await screen.findByText('Your sticker pack is ready')).toBeInTheDocument();
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
      title: 'Faces',
      memeIds: ['a'],
      style: 'face',
    });
  });

  it('lists the packs and edits one: the memes added and removed, the new title', async () => {
    await renderPage([existingPack]);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Old' }));
    // A pack keeps its style: no choice while editing.
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.getByRole('button', { name: 'meme a' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'meme a' }));
    await userEvent.click(screen.getByRole('button', { name: 'Meme 3' }));
    await userEvent.clear(screen.getByRole('textbox'));
    await userEvent.type(screen.getByRole('textbox'), 'Renamed');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Your sticker pack is ready')).toBeInTheDocument();
    const patch = server.requests.find((r) => r.method === 'PATCH');
    expect(patch?.path).toBe('/api/v1/stickers/p0/');
    expect(patch?.body).toEqual({ title: 'Renamed', add: ['c'], remove: ['a'] });
  });

  it('names a meme without a caption by its place, so a screen reader can pick it', async () => {
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Meme 3' }));
    expect(screen.getByRole('button', { name: 'Meme 3' })).toHaveAttribute('aria-pressed', 'true');
  });
});
