import { AI_LABEL_TEXT, ErrorCode, ErrorText } from '@mememint/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { i18n, setLanguage } from '../../i18n';
import { banned } from '../../lib/banned';
import { startApiServer, type Answer, type RecordedRequest } from '../../test/api-server';
import { renderWithApp, TEST_USER } from '../../test/render';
import { AccountActions } from './AccountActions';
import { AiMark } from './AiMark';
import { BanGate } from './BannedScreen';
import { FaceConsentGate } from './FaceConsentGate';
import { ReportButton } from './ReportButton';
import { shareMessage } from './share-message';

let server: Awaited<ReturnType<typeof startApiServer>>;
afterEach(async () => {
  await server.close();
  banned.reset();
  await i18n.changeLanguage('en');
});

async function renderWith(ui: React.ReactNode, handler: (req: RecordedRequest) => Answer, user = TEST_USER) {
  server = await startApiServer(handler);
  return renderWithApp(<MemoryRouter>{ui}</MemoryRouter>, { baseUrl: server.baseUrl, user });
}

describe('the AI mark', () => {
  it('says what it means on tap, in English and Russian', async () => {
    const tap = userEvent.setup();
    await renderWith(<AiMark />, () => ({ status: 404, body: { detail: 'Not found' } }));
    await tap.click(screen.getByRole('button', { name: 'Made with AI: what it means' }));
    expect(screen.getByRole('dialog', { name: 'Made with AI' })).toHaveTextContent(AI_LABEL_TEXT.en);
    await tap.click(screen.getByRole('button', { name: 'Close' }));

    await act(() => setLanguage('ru'));
    expect(screen.getByTestId('ai-mark')).toHaveTextContent('ИИ');
    await tap.click(screen.getByRole('button', { name: 'Создано ИИ: что это значит' }));
    expect(screen.getByRole('dialog', { name: 'Создано ИИ' })).toHaveTextContent(AI_LABEL_TEXT.ru);
  });

  it('is in the share message, in both languages', async () => {
    expect(shareMessage(i18n.t)).toContain(AI_LABEL_TEXT.en);
    await setLanguage('ru');
    expect(shareMessage(i18n.t)).toContain(AI_LABEL_TEXT.ru);
  });
});

describe('reporting a meme', () => {
  it('sends the chosen reason and thanks the player', async () => {
    const tap = userEvent.setup();
    await renderWith(<ReportButton memeId="m-1" />, (req) =>
      req.path === '/api/v1/memes/m-1/report/'
        ? { status: 201, body: { memeId: 'm-1', reason: 'impersonation', hidden: false } }
        : { status: 404, body: { detail: 'Not found' } },
    );
    await tap.click(screen.getByRole('button', { name: 'Report' }));
    const send = screen.getByRole('button', { name: 'Send the report' });
    expect(send).toBeDisabled();
    for (const reason of ['Nudity or sexual content', 'Violence', 'Hate', 'Harassment or bullying', 'Spam'])
      expect(screen.getByRole('radio', { name: reason })).toBeInTheDocument();
    await tap.click(screen.getByRole('radio', { name: "Someone's face used without permission" }));
    await tap.click(send);
    expect(await screen.findByText('Thank you: the meme is reported')).toBeInTheDocument();
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({ reason: 'impersonation' });
    expect(screen.queryByTestId('report-form')).toBeNull();
  });

  it('says so when the player reported it before', async () => {
    const tap = userEvent.setup();
    await renderWith(<ReportButton memeId="m-2" />, () => ({
      status: 409,
      body: { detail: ErrorText.alreadyReported, code: ErrorCode.alreadyReported },
    }));
    await tap.click(screen.getByRole('button', { name: 'Report' }));
    await tap.click(screen.getByRole('radio', { name: 'Spam' }));
    await tap.click(screen.getByRole('button', { name: 'Send the report' }));
    expect(await screen.findByText('You have reported this meme already')).toBeInTheDocument();
  });
});

describe('the banned screen', () => {
  it('replaces the game once a write answers 403 BANNED, with the ban’s end', async () => {
    const tap = userEvent.setup();
    const until = '2026-12-01T12:00:00.000Z';
    await renderWith(
      <BanGate>
        <ReportButton memeId="m-3" />
      </BanGate>,
      () => ({ status: 403, body: { detail: ErrorText.banned, code: ErrorCode.banned, until } }),
    );
    await tap.click(screen.getByRole('button', { name: 'Report' }));
    await tap.click(screen.getByRole('radio', { name: 'Spam' }));
    await tap.click(screen.getByRole('button', { name: 'Send the report' }));
    const screenOfBan = await screen.findByTestId('banned-screen');
    expect(screenOfBan).toHaveTextContent('Your account is banned');
    expect(screenOfBan).toHaveTextContent(
      `Until ${new Date(until).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' })}`,
    );
    // Deleting stays open to a banned player.
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeInTheDocument();
    // No error toast repeats what the screen says.
    expect(screen.getAllByText(ErrorText.banned)).toHaveLength(1);
  });
});

describe('the face-photo note', () => {
  it('stands where the photo picker would until the player agrees', async () => {
    const tap = userEvent.setup();
    const { user } = await renderWith(
      <FaceConsentGate>
        <button type="button">Take a photo</button>
      </FaceConsentGate>,
      (req) =>
        req.path === '/api/v1/users/face/consent/'
          ? { status: 200, body: { faceConsentAt: '2026-11-27T10:00:00.000Z' } }
          : { status: 404, body: { detail: 'Not found' } },
      { ...TEST_USER, faceConsentAt: null },
    );
    expect(screen.getByTestId('face-consent')).toHaveTextContent(
      'Use your own face, or the face of someone who gave you permission.',
    );
    expect(screen.queryByRole('button', { name: 'Take a photo' })).toBeNull();
    await tap.click(screen.getByRole('button', { name: 'I agree' }));
    expect(await screen.findByRole('button', { name: 'Take a photo' })).toBeInTheDocument();
    expect(user()?.faceConsentAt).toBe('2026-11-27T10:00:00.000Z');
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});

describe('deleting from Profile', () => {
  it('deletes the face photo only after the confirmation', async () => {
    const tap = userEvent.setup();
    const onFaceGone = vi.fn();
    await renderWith(<AccountActions onFaceGone={onFaceGone} />, () => ({ status: 204 }));
    await tap.click(screen.getByRole('button', { name: 'Delete my face photo' }));
    expect(server.requests).toHaveLength(0);
    await tap.click(screen.getByTestId('delete-face-confirm'));
    expect(await screen.findByText('Your face photo is deleted')).toBeInTheDocument();
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['DELETE /api/v1/users/face/']);
    expect(onFaceGone).toHaveBeenCalled();
  });

  it('deletes the account after the confirmation and leaves for the goodbye page', async () => {
    const tap = userEvent.setup();
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace, href: window.location.href });
    try {
      await renderWith(<AccountActions />, () => ({ status: 204 }));
      await tap.click(screen.getByRole('button', { name: 'Delete my account' }));
      await tap.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(server.requests).toHaveLength(0);
      await tap.click(screen.getByRole('button', { name: 'Delete my account' }));
      await tap.click(screen.getByTestId('delete-account-confirm'));
      await waitFor(() => expect(replace).toHaveBeenCalledWith('/account-deleted'));
      expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['DELETE /api/v1/users/me/']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
