import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { startApiServer, type Handler } from '../../test/api-server';
import { renderWithApp } from '../../test/render';
import { PromoCreateDialog } from './PromoCreateDialog';
import { PromoEnterDialog } from './PromoEnterDialog';

let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function renderEnter(handler: Handler) {
  server = await startApiServer(handler);
  return renderWithApp(<PromoEnterDialog onClose={() => undefined} />, { baseUrl: server.baseUrl });
}

describe('PromoEnterDialog', () => {
  it('disables Apply while the field is empty', async () => {
    await renderEnter(() => ({ status: 500 }));
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox'), 'A');
    expect(apply).toBeEnabled();
    await userEvent.clear(screen.getByRole('textbox'));
    expect(apply).toBeDisabled();
  });

  it('after the first attempt a code under 6 characters shows the rule and makes no call', async () => {
    await renderEnter(() => ({ status: 200, body: { generationLimit: 5, promoDescription: null } }));
    const input = screen.getByRole('textbox');
    await userEvent.type(input, 'ABCDE');
    expect(screen.queryByText('Promo code must have at least 6 characters')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('Promo code must have at least 6 characters')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, 'AB');
    expect(screen.getByText('Promo code must have at least 6 characters')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));

    expect(server!.requests).toHaveLength(0);

    await userEvent.type(input, 'CDEF');
    expect(screen.queryByText('Promo code must have at least 6 characters')).toBeNull();
  });

  it('applies a 6-character code, shows the grant and description, and adds the credits locally', async () => {
    const view = await renderEnter(() => ({
      status: 200,
      body: { generationLimit: 5, promoDescription: 'Welcome gift' },
    }));
    await userEvent.type(screen.getByRole('textbox'), 'ABCDEF');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('You received 5 generations')).toBeInTheDocument();
    expect(screen.getByText('Welcome gift')).toBeInTheDocument();
    expect(server!.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/v1/promocodes/ABCDEF/']);
    expect(view.user()?.generationLimit).toBe(3 + 5);
  });

  it('shows the server detail in the error toast when the code is refused', async () => {
    await renderEnter(() => ({ status: 404, body: { detail: 'Promo code not found' } }));
    await userEvent.type(screen.getByRole('textbox'), 'NOSUCH');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Promo code not found');
  });
});

describe('PromoCreateDialog', () => {
  it('creates a code with an optional description, shows it, and copying says "Copied"', async () => {
    server = await startApiServer(() => ({ status: 201, body: { id: 'MEME2345' } }));
    const user = userEvent.setup();
    renderWithApp(<PromoCreateDialog onClose={() => undefined} />, { baseUrl: server.baseUrl });

    await user.type(screen.getByRole('textbox'), 'For my squad');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByTestId('promo-code')).toHaveTextContent('MEME2345');
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({ description: 'For my squad' });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Copied');
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe('MEME2345'));
  });

  it('a creation answer without id is "Wrong response from server"', async () => {
    server = await startApiServer(() => ({ status: 201, body: {} }));
    renderWithApp(<PromoCreateDialog onClose={() => undefined} />, { baseUrl: server.baseUrl });

    await userEvent.click(screen.getByRole('button', { name: 'Create' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong response from server');
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({});
  });

  it('lists the influencer’s codes with their uses', async () => {
    server = await startApiServer((req) =>
      req.method === 'GET'
        ? {
            status: 200,
            body: {
              items: [
                {
                  id: 'SQUAD234',
                  description: 'For my squad',
                  generationLimit: 5,
                  uses: 3,
                  maxUses: 1000,
                  createdAt: '2026-11-20T10:00:00Z',
                },
              ],
              page: 1,
              pageSize: 50,
              total: 1,
            },
          }
        : { status: 500 },
    );
    renderWithApp(<PromoCreateDialog onClose={() => undefined} />, { baseUrl: server.baseUrl });
    const list = await screen.findByTestId('my-promo-codes');
    expect(list).toHaveTextContent('SQUAD234');
    expect(list).toHaveTextContent('Used 3 of 1000');
    expect(server.requests[0].path).toBe('/api/v1/promocodes/mine/?pageSize=50');
  });
});
