import { ErrorText } from '@mememint/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { startApiServer, type Answer, type RecordedRequest } from '../../test/api-server';
import { TEST_MEME, TEST_TEMPLATE } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import { MemeResult } from './MemeResult';

let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The meme with the template's caption, as made from its suggestion. */
const MEME = { ...TEST_MEME, text: TEST_TEMPLATE.caption };

const patches = () => server!.requests.filter((r) => r.method === 'PATCH').map((r) => r.body);

async function renderResult(patch: (req: RecordedRequest) => Answer) {
  server = await startApiServer((req) => {
    if (req.method === 'PATCH' && req.path === '/api/v1/memes/m1/') return patch(req);
    return { status: 404, body: { detail: 'Not found' } };
  });
  renderWithApp(<MemeResult meme={MEME} />, { baseUrl: server.baseUrl });
}

describe('MemeResult', () => {
  it('one main action, the others secondary; the editor has Cancel', async () => {
    await renderResult(() => ({ status: 500 }));
    expect(screen.getByRole('button', { name: 'Publish to feed' })).toHaveClass('button');
    for (const name of ['Share', 'Download', 'Edit caption'])
      expect(screen.getByRole('button', { name })).toHaveClass('action');
    await userEvent.click(screen.getByRole('button', { name: 'Edit caption' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(patches()).toEqual([]);
  });

  it("publishes the template's own caption unchanged: the first to publish it keeps it (the server decides)", async () => {
    await renderResult(() => ({ status: 200, body: { ...MEME, isPublished: true } }));
    await userEvent.click(screen.getByRole('button', { name: 'Publish to feed' }));
    expect(await screen.findByText('Published in the feed')).toBeInTheDocument();
    expect(patches()).toEqual([{ isPublished: true }]);
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('a new caption shows the redrawn picture; a caption already published opens the editor again', async () => {
    await renderResult((req) => {
      const body = req.body as { text?: string; isPublished?: boolean };
      if (body.text !== undefined)
        return {
          status: 200,
          body: { ...MEME, text: body.text, imageUrl: '/api/media/generations/g1-2.jpg' },
        };
      return { status: 400, body: { detail: ErrorText.originalText } };
    });
    await userEvent.click(screen.getByRole('button', { name: 'Edit caption' }));
    await userEvent.clear(screen.getByRole('textbox'));
    await userEvent.type(screen.getByRole('textbox'), 'When the tests pass');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() =>
      expect(screen.getByTestId('meme-result')).toHaveAttribute('src', '/api/media/generations/g1-2.jpg'),
    );
    expect(screen.getByText('Caption saved')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Publish to feed' }));
    expect(await screen.findByText(/Someone has already published this caption/)).toBeInTheDocument();
    expect(screen.getByRole('textbox')).toHaveValue('When the tests pass');
    expect(patches()).toEqual([{ text: 'When the tests pass' }, { isPublished: true }]);
  });
});
