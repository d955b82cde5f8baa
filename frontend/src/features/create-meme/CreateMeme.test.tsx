import { ErrorText, type TemplateDto } from '@mememint/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { i18n, setLanguage } from '../../i18n';
import { formField, startApiServer, type Answer, type RecordedRequest } from '../../test/api-server';
import { renderWithApp, TEST_USER } from '../../test/render';
import { TEST_TEMPLATE } from '../../test/fixtures';
import { photoBlob } from '../../test/testdata';
import CreateMeme from './CreateMeme';
import { loadFacePhotoUrl, saveFacePhoto } from './photo';

// Whole flows against a real server on a shared two-core machine: seconds each.
vi.setConfig({ testTimeout: 20_000 });

let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
beforeEach(async () => {
  localStorage.clear();
  await saveFacePhoto(photoBlob('portrait-01.jpg'));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const TEMPLATE = TEST_TEMPLATE;
const PREMIUM: TemplateDto = { ...TEMPLATE, id: 't2', title: 'Golden boss', caption: null, isPremium: true };
const GROUP: TemplateDto = {
  ...TEMPLATE,
  id: 't3',
  title: 'Team photo',
  caption: null,
  faces: [
    { x: 60, y: 100, width: 120, height: 150 },
    { x: 300, y: 120, width: 100, height: 125 },
  ],
};

/** An animated template (issue 24): a clip with its poster as the picture. */
const ANIMATED: TemplateDto = {
  ...TEMPLATE,
  id: 't4',
  title: 'Dancing clip',
  caption: null,
  kind: 'animation',
  durationMs: 2400,
  frameCount: 60,
  videoUrl: '/api/media/templates/t4.mp4',
};

const isStart = (r: RecordedRequest) => r.method === 'POST' && r.path === '/api/v1/memes/generations/';

/** A server with the templates, answering generation starts with `start` and statuses with `status`. */
async function renderFlow({
  start = () => ({ status: 201, body: { id: 'g1', status: 'queued' } }),
  status = () => ({ status: 200, body: { id: 'g1', status: 'processing', stage: 'swap', progress: 45 } }),
  user = TEST_USER,
}: {
  start?: (req: RecordedRequest) => Answer;
  status?: () => Answer;
  user?: typeof TEST_USER;
} = {}) {
  server = await startApiServer((req) => {
    if (req.path.startsWith('/api/v1/memes/generations/templates/'))
      return {
        status: 200,
        body: { items: [TEMPLATE, PREMIUM, GROUP, ANIMATED], page: 1, pageSize: 20, total: 4 },
      };
    if (req.path === '/api/v1/tariff/?tariffType=basic_generation')
      return {
        status: 200,
        body: { items: [{ id: 1, title: 'Handful', description: '', stars: 50, credits: 10 }] },
      };
    if (req.path === '/api/v1/boost/')
      return {
        status: 200,
        body: {
          items: [
            { id: 2, title: 'Week', description: '', stars: 150, days: 7, bonusCredits: 5, dailyCredits: 2 },
          ],
        },
      };
    if (isStart(req)) return start(req);
    if (req.path.endsWith('/status/')) return status();
    return { status: 404, body: { detail: 'Not found' } };
  });
  renderWithApp(
    <MemoryRouter initialEntries={['/main']}>
      <Routes>
        <Route path="/main" element={<CreateMeme onClose={() => undefined} />} />
        <Route path="/profile" element={<p>The plans section</p>} />
      </Routes>
    </MemoryRouter>,
    { baseUrl: server.baseUrl, user },
  );
  return server;
}

async function chooseTemplate(title = TEMPLATE.title) {
  await userEvent.click(screen.getByRole('button', { name: 'Use my current photo' }));
  await userEvent.click(await screen.findByRole('button', { name: new RegExp(title) }));
}

const createButton = () => screen.getByRole('button', { name: 'Create a meme' });
const starts = () => server!.requests.filter(isStart);

describe('the template caption is a suggestion', () => {
  it('is offered with the rule (the first to publish it keeps it), never sent unless taken', async () => {
    await renderFlow();
    await chooseTemplate();
    expect(screen.getByTestId('caption-suggestion')).toHaveTextContent('When the build is green');
    expect(screen.getByText(/the first to publish this one keeps it/)).toBeInTheDocument();
    expect(screen.getByRole('textbox')).toHaveValue('');

    await userEvent.click(screen.getByRole('button', { name: 'Start from it' }));
    expect(screen.getByRole('textbox')).toHaveValue('When the build is green');
    // Taken unchanged it is no fault: nothing warns against publishing it.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(createButton()).toBeEnabled();
    await userEvent.clear(screen.getByRole('textbox'));

    await userEvent.click(createButton());
    await screen.findByTestId('generation-stage');
    // An empty caption field: the server must not fall back to the template's caption.
    expect(formField(starts()[0].body, 'text')).toBe('');
    expect(formField(starts()[0].body, 'templateId')).toBe('t1');
  });
});

describe('choosing the faces of the picture', () => {
  it('a picture with one face offers no choice and sends none (the largest)', async () => {
    await renderFlow();
    await chooseTemplate();
    expect(screen.queryByTestId('face-picker')).toBeNull();
    await userEvent.click(createButton());
    await screen.findByTestId('generation-stage');
    expect(formField(starts()[0].body, 'faces')).toBeUndefined();
  });

  it('a group picture shows its faces to tap, the largest chosen, and sends the choice', async () => {
    await renderFlow();
    await chooseTemplate('Team photo');
    // The faces show once the picture is laid out: wait for them, not for a time.
    expect(await screen.findByRole('button', { name: 'Face 1' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Face 2' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(screen.getByRole('button', { name: 'Face 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Face 1' }));
    await userEvent.click(createButton());
    await screen.findByTestId('generation-stage');
    expect(formField(starts()[0].body, 'faces')).toBe('[1]');
    expect(formField(starts()[0].body, 'templateId')).toBe('t3');
  });
});

describe('when a generation cannot start', () => {
  it('429: the time to the next free generation counts down, and the credit packs are a tap away', async () => {
    await renderFlow({
      user: { ...TEST_USER, generationLimit: 0 },
      start: () => ({
        status: 429,
        body: {
          detail: ErrorText.requestLimitExceeded,
          hint: ErrorText.requestLimitHint,
          retryAfter: 125,
        },
      }),
    });
    await chooseTemplate();
    expect(screen.getByText('You have run out of credits :(')).toBeInTheDocument();
    await userEvent.click(createButton());
    expect(await screen.findByTestId('free-countdown')).toHaveTextContent(
      /^Next free generation in 2:0[45]$/,
    );
    expect(screen.getAllByText('Request limit exceeded').length).toBeGreaterThan(0);
    // The credit packs on sale, from the server.
    expect(await screen.findByTestId('credit-packs')).toHaveTextContent('Handful10 credits 50');
    await userEvent.click(screen.getAllByRole('button', { name: 'See credit packs' })[0]);
    expect(await screen.findByText('The plans section')).toBeInTheDocument();
  });

  it('an animated template: its GIF badge and length, what it costs, and a 402 leads to the credit packs', async () => {
    await renderFlow({
      start: () => ({
        status: 402,
        body: { detail: ErrorText.paymentRequired, hint: ErrorText.paymentRequiredHint },
      }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Use my current photo' }));
    const tile = await screen.findByRole('button', { name: /Dancing clip/ });
    expect(tile).toHaveTextContent('GIF 2.4 s');
    // A still's tile has no such badge.
    expect(screen.getByRole('button', { name: /Curly classic/ })).not.toHaveTextContent('GIF');
    await userEvent.click(tile);
    expect(screen.getByTestId('animation-cost')).toHaveTextContent(
      'An animation costs more credits than a still meme; the free generation is for still memes only.',
    );
    await userEvent.click(createButton());
    expect(await screen.findByText(/Not enough credits for an animation/)).toBeInTheDocument();
    expect(await screen.findByTestId('credit-packs')).toHaveTextContent('Handful10 credits 50');
    expect(screen.queryByRole('button', { name: 'See boost plans' })).toBeNull();
    expect(formField(starts()[0]!.body, 'templateId')).toBe('t4');
  });

  it('offline: says "Bad internet connection" and sends nothing again until the player taps', async () => {
    let answers = 0;
    await renderFlow({
      start: () => (answers++ === 0 ? 'drop' : { status: 201, body: { id: 'g1', status: 'queued' } }),
    });
    await chooseTemplate();
    await userEvent.click(createButton());
    expect(await screen.findByText(/Nothing is sent without you/)).toBeInTheDocument();
    expect(screen.getAllByText('Bad internet connection').length).toBeGreaterThan(0);
    expect(createButton()).toBeEnabled();

    window.dispatchEvent(new Event('online'));
    expect(starts()).toHaveLength(1);

    // Only the tap sends it again: once the generation runs and its status was asked for, the server
    // has seen two starts, the dropped one and the tapped one.
    await userEvent.click(createButton());
    await screen.findByTestId('generation-stage');
    await waitFor(() => expect(server!.requests.some((r) => r.path.endsWith('/status/'))).toBe(true));
    expect(starts()).toHaveLength(2);
  });

  it('a premium template shows its lock and leads to the boost plans, without a request', async () => {
    await renderFlow();
    await userEvent.click(screen.getByRole('button', { name: 'Use my current photo' }));
    const locked = await screen.findByRole('button', { name: /Golden boss/ });
    expect(locked).toHaveTextContent('Boost');
    await userEvent.click(locked);
    expect(screen.getByRole('dialog', { name: 'Premium template' })).toHaveTextContent(
      '“Golden boss” unlocks with a boost.',
    );
    expect(await screen.findByTestId('boost-plans')).toHaveTextContent(
      'Week7 days of premium · +5 credits at once · +2 credits a day 150',
    );
    await userEvent.click(screen.getByRole('button', { name: 'See boost plans' }));
    expect(await screen.findByText('The plans section')).toBeInTheDocument();
    expect(starts()).toHaveLength(0);
  });

  it('a boosted player sees no lock on a premium template', async () => {
    await renderFlow({ user: { ...TEST_USER, boostEnds: new Date(Date.now() + 86_400_000).toISOString() } });
    await userEvent.click(screen.getByRole('button', { name: 'Use my current photo' }));
    const premium = await screen.findByRole('button', { name: /Golden boss/ });
    expect(premium).toHaveTextContent('Premium');
    expect(premium).not.toHaveTextContent('Boost');
  });
});

describe('a failed generation names the picture at fault', () => {
  const failedWith = (code: string, error: string) => () => ({
    status: 200,
    body: { id: 'g1', status: 'failed', stage: 'detect', progress: 15, error, errorCode: code },
  });

  it('no face in the chosen picture: says so and leads to another picture, keeping the face', async () => {
    await renderFlow({ status: failedWith('NO_TARGET_FACE', ErrorText.noTargetFace) });
    await chooseTemplate();
    await userEvent.click(createButton());
    expect(await screen.findByTestId('generation-error')).toHaveTextContent(
      "There's no face on the picture you chose",
    );
    await userEvent.click(screen.getByRole('button', { name: 'Choose another picture' }));
    expect(await screen.findByRole('heading', { name: 'Choose a meme' })).toBeInTheDocument();
    expect(loadFacePhotoUrl()).not.toBeNull();
  });

  it('no face in the face photo: that photo is not offered again', async () => {
    await renderFlow({ status: failedWith('NO_FACE', ErrorText.noFace) });
    await chooseTemplate();
    await userEvent.click(createButton());
    expect(await screen.findByTestId('generation-error')).toHaveTextContent("There's no face on your photo");
    await userEvent.click(screen.getByRole('button', { name: 'Choose another face photo' }));
    expect(await screen.findByRole('heading', { name: 'Your face' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use my current photo' })).toBeNull();
    expect(loadFacePhotoUrl()).toBeNull();
  });

  it('past the deadline: says the meme took too long and the credit is back, in the player’s language', async () => {
    await renderFlow({ status: failedWith('GENERATION_TIMEOUT', ErrorText.generationTimeout) });
    await chooseTemplate();
    await userEvent.click(createButton());
    expect(await screen.findByTestId('generation-error')).toHaveTextContent(
      'Your meme took too long to make, so it was cancelled: your credit is back',
    );
    await act(() => setLanguage('ru'));
    try {
      expect(await screen.findByTestId('generation-error')).toHaveTextContent(
        'Мем делался слишком долго, и мы его отменили: кредит вернулся к тебе',
      );
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
