import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { startApiServer } from '../../test/api-server';
import { renderWithApp } from '../../test/render';
import { TemplatesPanel } from './TemplatesPanel';
import { addConsoleTexts } from './texts';

beforeAll(addConsoleTexts);

let server: Awaited<ReturnType<typeof startApiServer>>;
afterEach(() => server.close());

/** The admin API of one template whose fields follow the PATCH calls. */
async function renderPanel() {
  let template = {
    id: 't1',
    title: 'Drake',
    titles: { ru: 'Дрейк' },
    caption: null as string | null,
    captions: {} as { ru?: string },
    tags: ['rap'],
    gender: null as string | null,
    isPremium: false,
    imageUrl: '/api/media/t1.jpg',
    thumbnailUrl: '/api/media/t1.webp',
    width: 512,
    height: 512,
    faces: [],
    createdAt: '2026-11-20T10:00:00.000Z',
    enabled: true,
    generations: 3,
    memes: 1,
  };
  server = await startApiServer((req) => {
    if (req.method === 'GET' && req.path.startsWith('/api/v1/admin/templates/'))
      return { status: 200, body: { items: [template], page: 1, pageSize: 20, total: 1 } };
    if (req.method === 'PATCH' && req.path === '/api/v1/admin/templates/t1/') {
      template = { ...template, ...(req.body as object) };
      return { status: 200, body: template };
    }
    return { status: 404, body: { detail: 'Not found' } };
  });
  renderWithApp(<TemplatesPanel />, { baseUrl: server.baseUrl });
  return await screen.findByTestId('template-row');
}

const patches = () => server.requests.filter((r) => r.method === 'PATCH').map((r) => r.body);

describe('editing a template from the console', () => {
  // A long form typed key by key: on a shared, loaded machine this takes several seconds.
  it(
    'refuses bad fields with a message per field, then sends only what changed',
    { timeout: 20_000 },
    async () => {
      const user = userEvent.setup();
      const row = await renderPanel();
      await user.click(within(row).getByRole('button', { name: 'Edit' }));
      const form = within(screen.getByTestId('template-edit'));
      const save = form.getByRole('button', { name: 'Save' });
      expect(save).toBeDisabled();

      await user.clear(form.getByLabelText('Title (English)'));
      await user.clear(form.getByLabelText('Title (Russian)'));
      await user.type(form.getByLabelText('Tags, comma-separated'), ', bad tag!');
      await user.click(save);
      expect(form.getByText('A title is required')).toBeInTheDocument();
      expect(form.getByText('The Russian title can be changed but not removed')).toBeInTheDocument();
      expect(form.getByText(/^Up to 10 tags/)).toBeInTheDocument();
      expect(patches()).toHaveLength(0);

      await user.type(form.getByLabelText('Title (English)'), 'Drake approves');
      await user.type(form.getByLabelText('Title (Russian)'), 'Дрейк одобряет');
      await user.clear(form.getByLabelText('Tags, comma-separated'));
      await user.type(form.getByLabelText('Tags, comma-separated'), 'Rap, hotline');
      await user.type(form.getByLabelText('Caption'), 'When it works');
      await user.click(form.getByLabelText('Caption (Russian)'));
      await user.paste('Когда всё работает');
      await user.selectOptions(form.getByLabelText('Gender'), 'male');
      await user.click(form.getByLabelText('Premium (needs a boost)'));
      expect(form.queryAllByRole('alert')).toHaveLength(0);
      await user.click(save);

      expect(await screen.findByText('Template saved')).toBeInTheDocument();
      expect(patches()).toEqual([
        {
          title: 'Drake approves',
          titles: { ru: 'Дрейк одобряет' },
          caption: 'When it works',
          captions: { ru: 'Когда всё работает' },
          tags: ['rap', 'hotline'],
          gender: 'male',
          isPremium: true,
        },
      ]);
      expect(screen.queryByTestId('template-edit')).not.toBeInTheDocument();
      expect(await within(row).findByText('Drake approves')).toBeInTheDocument();

      // A second edit sends just the fields it changes; clearing the caption sends null, clearing the
      // Russian one removes it (Russian players get the English caption then).
      await user.click(within(row).getByRole('button', { name: 'Edit' }));
      expect(within(screen.getByTestId('template-edit')).getByLabelText('Caption (Russian)')).toHaveValue(
        'Когда всё работает',
      );
      await user.clear(within(screen.getByTestId('template-edit')).getByLabelText('Caption'));
      await user.clear(within(screen.getByTestId('template-edit')).getByLabelText('Caption (Russian)'));
      await user.click(within(screen.getByTestId('template-edit')).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(patches()).toHaveLength(2));
      expect(patches()[1]).toEqual({ caption: null, captions: { ru: '' } });
      await waitFor(() => expect(screen.queryByTestId('template-edit')).not.toBeInTheDocument());
    },
  );
});
