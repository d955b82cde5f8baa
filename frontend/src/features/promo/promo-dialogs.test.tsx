import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorText, type PromoErrorCode } from '@mememint/contracts';
import { afterEach, describe, expect, it } from 'vitest';

import { i18n, setLanguage } from '../../i18n';
import { startApiServer, type Handler } from '../../test/api-server';
import { renderWithApp, TEST_USER } from '../../test/render';
import { PromoCreateDialog } from './PromoCreateDialog';
import { PromoEnterDialog } from './PromoEnterDialog';

let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  await i18n.changeLanguage('en');
});

/** The player's balances after a grant of 5 credits to TEST_USER's 3 (version 5). */
const BALANCES = { generationLimit: 3 + 5, memeCoins: 0, swipes: 60, balanceVersion: 6 };

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
    await renderEnter(() => ({
      status: 200,
      body: { generationLimit: 5, promoDescription: null, balances: BALANCES },
    }));
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

  it('applies a 6-character code, shows the grant and description, and sets the answered balances', async () => {
    const view = await renderEnter(() => ({
      status: 200,
      body: { generationLimit: 5, promoDescription: 'Welcome gift', balances: BALANCES },
    }));
    await userEvent.type(screen.getByRole('textbox'), 'ABCDEF');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('You received 5 generations')).toBeInTheDocument();
    expect(screen.getByText('Welcome gift')).toBeInTheDocument();
    expect(server!.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/v1/promocodes/ABCDEF/']);
    expect(view.user()).toMatchObject(BALANCES);
  });

  it('does not count the credits twice when the pushed balance came before the answer', async () => {
    // The socket's push of the same grant (version 6) is already in the cache.
    server = await startApiServer(() => ({
      status: 200,
      body: { generationLimit: 5, promoDescription: null, balances: BALANCES },
    }));
    const view = renderWithApp(<PromoEnterDialog onClose={() => undefined} />, {
      baseUrl: server.baseUrl,
      user: { ...TEST_USER, ...BALANCES },
    });
    await userEvent.type(screen.getByRole('textbox'), 'ABCDEF');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('You received 5 generations')).toBeInTheDocument();
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

/** Every refusal `/v1/promocodes/` answers (backend promocodes.service.ts, the `promo` rate limit). */
const REFUSALS: Array<{
  dialog: 'enter' | 'create';
  status: number;
  detail: string;
  code?: PromoErrorCode;
  ru: string;
}> = [
  {
    dialog: 'enter',
    status: 400,
    detail: ErrorText.promoTooShort,
    code: 'PROMO_TOO_SHORT',
    ru: 'Промокод должен содержать не менее 6 символов',
  },
  {
    dialog: 'enter',
    status: 404,
    detail: ErrorText.promoNotFound,
    code: 'PROMO_NOT_FOUND',
    ru: 'Промокод не найден',
  },
  {
    dialog: 'enter',
    status: 410,
    detail: ErrorText.promoExhausted,
    code: 'PROMO_EXHAUSTED',
    ru: 'Этот промокод уже израсходован',
  },
  {
    dialog: 'enter',
    status: 409,
    detail: ErrorText.promoAlreadyUsed,
    code: 'PROMO_ALREADY_USED',
    ru: 'Этот промокод у тебя уже использован',
  },
  {
    dialog: 'enter',
    status: 400,
    detail: ErrorText.promoOwnCode,
    code: 'PROMO_OWN_CODE',
    ru: 'Нельзя использовать собственный промокод',
  },
  {
    dialog: 'create',
    status: 403,
    detail: ErrorText.promoInfluencersOnly,
    code: 'PROMO_INFLUENCERS_ONLY',
    ru: 'Создавать промокоды могут только инфлюенсеры',
  },
  { dialog: 'enter', status: 429, detail: ErrorText.requestLimitExceeded, ru: 'Превышен лимит запросов' },
  { dialog: 'create', status: 429, detail: ErrorText.requestLimitExceeded, ru: 'Превышен лимит запросов' },
];

describe('promo refusals in the player’s language', () => {
  it('every promo error code of the API has a case here', () => {
    const codes: Record<PromoErrorCode, true> = {
      PROMO_TOO_SHORT: true,
      PROMO_NOT_FOUND: true,
      PROMO_EXHAUSTED: true,
      PROMO_ALREADY_USED: true,
      PROMO_OWN_CODE: true,
      PROMO_INFLUENCERS_ONLY: true,
    };
    expect(REFUSALS.map((r) => r.code).filter(Boolean)).toEqual(Object.keys(codes));
  });

  async function refuse({ dialog, status, detail, code }: (typeof REFUSALS)[number]) {
    server = await startApiServer((req) =>
      req.method === 'GET'
        ? { status: 200, body: { items: [], page: 1, pageSize: 50, total: 0 } }
        : { status, body: code ? { detail, code } : { detail, retryAfter: 60 } },
    );
    if (dialog === 'enter') {
      renderWithApp(<PromoEnterDialog onClose={() => undefined} />, { baseUrl: server.baseUrl });
      await userEvent.type(screen.getByRole('textbox'), 'ABCDEF');
    } else {
      renderWithApp(<PromoCreateDialog onClose={() => undefined} />, { baseUrl: server.baseUrl });
    }
    await userEvent.click(
      screen.getByRole('button', { name: dialog === 'enter' ? /^(Apply|Применить)$/ : /^(Create|Создать)$/ }),
    );
    return screen.findByRole('alert');
  }

  it.each(REFUSALS)('$status $detail: in Russian when the app is', async (refusal) => {
    await setLanguage('ru');
    expect(await refuse(refusal)).toHaveTextContent(refusal.ru, { normalizeWhitespace: true });
  });

  it.each(REFUSALS)('$status $detail: verbatim in English', async (refusal) => {
    expect((await refuse(refusal)).textContent).toBe(refusal.detail);
  });
});
