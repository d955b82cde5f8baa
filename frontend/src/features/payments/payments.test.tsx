import type { UserDto } from '@mememint/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { RealtimeContext } from '../../lib/realtime';
import type { InvoiceStatus } from '../../telegram/sdk';
import { startApiServer, type Handler } from '../../test/api-server';
import { renderWithApp, TEST_USER } from '../../test/render';
import { startSocketServer } from '../../test/socket-server';
import { Plans } from './Plans';
import { PlansSheet } from './PlansSheet';
import { dismissAllToasts } from '../../ui/toast';
import { useDailyBonusToast } from './useDailyBonusToast';

let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
let sockets: Awaited<ReturnType<typeof startSocketServer>> | undefined;
afterEach(async () => {
  await server?.close();
  await sockets?.close();
  server = undefined;
  sockets = undefined;
});

const CREDIT_PACKS = {
  items: [
    { id: 1, title: '10 credits', description: 'A handful of memes', stars: 50, credits: 10 },
    { id: 2, title: '50 credits', description: '', stars: 200, credits: 50 },
  ],
};
const BOOSTS = {
  items: [
    {
      id: 4,
      title: 'Week of premium',
      description: '',
      stars: 150,
      days: 7,
      bonusCredits: 10,
      dailyCredits: 3,
    },
  ],
};
const SWIPE_PACKS = { items: [{ id: 6, title: 'Swipes 50', description: '', stars: 25, swipes: 50 }] };

/** The API as far as plans go; `paid` flips what the latest order and the user say. */
function plansApi(overrides: Handler = () => undefined as never) {
  const state = { paid: false };
  const handler: Handler = async (req) => {
    const own = await overrides(req);
    if (own) return own;
    switch (req.path) {
      case '/api/v1/tariff/?tariffType=basic_generation':
        return { status: 200, body: CREDIT_PACKS };
      case '/api/v1/boost/':
        return { status: 200, body: BOOSTS };
      case '/api/v1/meme_tariff/':
        return { status: 200, body: SWIPE_PACKS };
      case '/api/v1/tariff/1/':
        return { status: 200, body: { orderId: 'order-1', link: 'https://t.me/$slug1' } };
      case '/api/v1/payment/success/':
        return {
          status: 200,
          body: {
            orderId: 'order-1',
            status: state.paid ? 'paid' : 'pending',
            kind: 'credit_pack',
            grants: { credits: 10 },
          },
        };
      case '/api/v1/auth/me/':
        return { status: 200, body: { ...TEST_USER, generationLimit: state.paid ? 13 : 3 } };
    }
    return { status: 404, body: { detail: 'Not found' } };
  };
  return { state, handler };
}

async function renderPlans(
  handler: Handler,
  openInvoice: (link: string) => Promise<InvoiceStatus>,
  user: UserDto = TEST_USER,
) {
  server = await startApiServer(handler);
  sockets = await startSocketServer();
  const view = renderWithApp(
    <RealtimeContext.Provider value={sockets.client}>
      <Plans openInvoice={openInvoice} />
    </RealtimeContext.Provider>,
    { baseUrl: server.baseUrl, user },
  );
  await screen.findByText('10 credits');
  return view;
}

const calls = () => server!.requests.map((r) => `${r.method} ${r.path}`);

describe('the plans in the profile', () => {
  it('lists boosts, credit packs and swipe packs from their three calls, each with what it grants and its price', async () => {
    await renderPlans(plansApi().handler, async () => 'cancelled');
    await screen.findByText('Week of premium');
    await screen.findByText('Swipes 50');

    expect(calls()).toEqual(
      expect.arrayContaining([
        'GET /api/v1/boost/',
        'GET /api/v1/tariff/?tariffType=basic_generation',
        'GET /api/v1/meme_tariff/',
      ]),
    );
    // The operator's description, else what the plan grants.
    const boosts = within(screen.getByTestId('plans-boost'));
    expect(boosts.getByText('7 days · +10 credits at once · +3 credits a day')).toBeInTheDocument();
    const packs = within(screen.getByTestId('plans-credit_pack'));
    expect(packs.getByText('A handful of memes')).toBeInTheDocument();
    expect(packs.getByText('+50 credits')).toBeInTheDocument();
    expect(within(screen.getByTestId('plans-swipe_pack')).getByText('+50 swipes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy 10 credits for 50 Stars' })).toHaveTextContent(/^50$/);
  });

  it('buys a credit pack: the order, Telegram’s sheet with its link, then order:paid on the socket reloads the user', async () => {
    const api = plansApi();
    const links: string[] = [];
    const view = await renderPlans(api.handler, async (link) => {
      links.push(link);
      // Telegram delivered successful_payment: the server granted and says so on the socket.
      api.state.paid = true;
      sockets!.io.emit('order:paid', { orderId: 'order-1' });
      return 'paid';
    });

    await userEvent.click(screen.getByRole('button', { name: 'Buy 10 credits for 50 Stars' }));

    expect(await screen.findByText('Payment received. Thank you!')).toBeInTheDocument();
    expect(links).toEqual(['https://t.me/$slug1']);
    await waitFor(() => expect(view.user()?.generationLimit).toBe(13));
    expect(calls()).toContain('GET /api/v1/tariff/1/');
    expect(screen.getByRole('button', { name: 'Buy 10 credits for 50 Stars' })).toBeEnabled();
  });

  it('shows its progress while Telegram confirms, and confirms from the latest order when order:paid never comes', async () => {
    const api = plansApi();
    const view = await renderPlans(api.handler, async () => 'paid');

    await userEvent.click(screen.getByRole('button', { name: 'Buy 10 credits for 50 Stars' }));

    const buying = await screen.findByRole('button', { name: 'Buy 10 credits for 50 Stars' });
    await waitFor(() => expect(buying).toHaveTextContent('Confirming…'));
    expect(screen.getByRole('button', { name: 'Buy 50 credits for 200 Stars' })).toBeDisabled();
    api.state.paid = true;

    expect(
      await screen.findByText('Payment received. Thank you!', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(calls()).toContain('GET /api/v1/payment/success/');
    await waitFor(() => expect(view.user()?.generationLimit).toBe(13));
  });

  it.each<[InvoiceStatus, string]>([
    ['cancelled', 'Payment cancelled'],
    ['failed', 'Payment failed. No Stars were taken.'],
  ])('an invoice closed %s says so and changes nothing', async (status, text) => {
    const view = await renderPlans(plansApi().handler, async () => status);

    await userEvent.click(screen.getByRole('button', { name: 'Buy 10 credits for 50 Stars' }));

    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy 10 credits for 50 Stars' })).toHaveTextContent(/^50$/);
    expect(calls()).not.toContain('GET /api/v1/auth/me/');
    expect(view.user()?.generationLimit).toBe(3);
  });

  it('a pending payment frees the screen and confirms later', async () => {
    const api = plansApi();
    await renderPlans(api.handler, async () => 'pending');

    await userEvent.click(screen.getByRole('button', { name: 'Buy 10 credits for 50 Stars' }));

    expect(
      await screen.findByText('Telegram is processing the payment; your balance updates when it is done.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy 10 credits for 50 Stars' })).toBeEnabled();
    api.state.paid = true;
    sockets!.io.emit('order:paid', { orderId: 'order-1' });
    expect(await screen.findByText('Payment received. Thank you!')).toBeInTheDocument();
  });

  it('Telegram unable to make the invoice (503): the server’s text, and no sheet opens', async () => {
    const opened: string[] = [];
    await renderPlans(
      plansApi((req) =>
        req.path === '/api/v1/tariff/1/'
          ? {
              status: 503,
              body: { detail: 'Telegram is unavailable, try again later', code: 'TELEGRAM_UNAVAILABLE' },
            }
          : (undefined as never),
      ).handler,
      async (link) => {
        opened.push(link);
        return 'paid';
      },
    );

    await userEvent.click(screen.getByRole('button', { name: 'Buy 10 credits for 50 Stars' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Telegram is unavailable, try again later');
    expect(opened).toEqual([]);
  });

  it('a boosted player reads "Your boost active until {date}"', async () => {
    const boostEnds = new Date(Date.now() + 3 * 86_400_000).toISOString();
    await renderPlans(plansApi().handler, async () => 'cancelled', { ...TEST_USER, boostEnds });
    expect(screen.getByTestId('boost-status')).toHaveTextContent(
      `Your boost active until ${new Date(boostEnds).toLocaleDateString('en')}`,
    );
  });
});

describe('where a player runs out', () => {
  it('at 0 credits the sheet says "You have run out of credits :(" and offers the credit packs only', async () => {
    server = await startApiServer(plansApi().handler);
    renderWithApp(
      <PlansSheet kind="credits" onClose={() => undefined} openInvoice={async () => 'cancelled'} />,
      {
        baseUrl: server.baseUrl,
        user: { ...TEST_USER, generationLimit: 0 },
      },
    );
    expect(await screen.findByRole('dialog', { name: 'You have run out of credits :(' })).toBeInTheDocument();
    await screen.findByText('10 credits');
    expect(calls()).toEqual(['GET /api/v1/tariff/?tariffType=basic_generation']);
  });

  it('without swipes the sheet offers the swipe packs', async () => {
    server = await startApiServer(plansApi().handler);
    renderWithApp(
      <PlansSheet kind="swipes" onClose={() => undefined} openInvoice={async () => 'cancelled'} />,
      {
        baseUrl: server.baseUrl,
        user: { ...TEST_USER, swipes: 0 },
      },
    );
    expect(await screen.findByRole('dialog', { name: 'No swipes left' })).toBeInTheDocument();
    await screen.findByText('Swipes 50');
    expect(calls()).toEqual(['GET /api/v1/meme_tariff/']);
  });
});

function DailyBonus() {
  useDailyBonusToast();
  return null;
}

describe('the boost’s daily bonus', () => {
  beforeEach(() => localStorage.clear());

  it('boost:daily-bonus on the socket shows a toast with the credits, once that day', async () => {
    server = await startApiServer(() => ({ status: 200, body: { day: '2026-11-23', credits: 0 } }));
    sockets = await startSocketServer();
    renderWithApp(
      <RealtimeContext.Provider value={sockets.client}>
        <DailyBonus />
      </RealtimeContext.Provider>,
      { baseUrl: server.baseUrl },
    );
    sockets.io.emit('boost:daily-bonus', { credits: 3, day: '2026-11-23' });
    expect(await screen.findByText('Premium daily bonus: +3 credits')).toBeInTheDocument();
    expect(localStorage.getItem('mememint.dailyBonusShown')).toBe('2026-11-23');
  });

  it('the bonus granted before the socket connected is asked for at start and shown once per day', async () => {
    server = await startApiServer((req) =>
      req.path === '/api/v1/payment/daily-bonus/'
        ? { status: 200, body: { day: '2026-11-24', credits: 5 } }
        : { status: 404 },
    );
    const first = renderWithApp(<DailyBonus />, { baseUrl: server.baseUrl });
    expect(await screen.findByText('Premium daily bonus: +5 credits')).toBeInTheDocument();
    first.unmount();
    dismissAllToasts();
    renderWithApp(<DailyBonus />, { baseUrl: server.baseUrl });
    await waitFor(() =>
      expect(server!.requests.filter((req) => req.path === '/api/v1/payment/daily-bonus/')).toHaveLength(2),
    );
    expect(screen.queryByText('Premium daily bonus: +5 credits')).not.toBeInTheDocument();
  });
});
