import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { UserDto } from '@mememint/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { formField, type Handler, startApiServer } from '../test/api-server';
import { renderWithApp, TEST_USER } from '../test/render';
import { FACES_DIR } from '../test/testdata';
import { ProfilePage } from './ProfilePage';

let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  localStorage.clear();
});

/** The lists Profile loads, empty; `more` answers the rest. */
function profileApi(more: Handler): Handler {
  return (req) => {
    if (req.method === 'GET' && /^\/api\/v1\/memes\/\?/.test(req.path))
      return { status: 200, body: { items: [], page: 1, pageSize: 20, total: 0 } };
    if (req.method === 'GET' && /^\/api\/v1\/(tariff|boost|meme_tariff)\//.test(req.path))
      return { status: 200, body: { items: [] } };
    return more(req);
  };
}

async function openProfile(handler: Handler, user: UserDto = TEST_USER) {
  server = await startApiServer(profileApi(handler));
  return renderWithApp(
    <MemoryRouter initialEntries={['/profile']}>
      <ProfilePage />
    </MemoryRouter>,
    { baseUrl: server.baseUrl, user },
  );
}

describe('Profile: gender (issue 22)', () => {
  it('shows the gender the server keeps, and saves a new one with PATCH /v1/users/me/', async () => {
    const view = await openProfile(
      (req) =>
        req.method === 'PATCH' && req.path === '/api/v1/users/me/'
          ? { status: 200, body: { ...TEST_USER, gender: (req.body as { gender: string }).gender } }
          : { status: 404, body: { detail: 'Not found' } },
      { ...TEST_USER, gender: 'male' },
    );
    expect(screen.getByRole('radio', { name: 'Male' })).toHaveAttribute('aria-checked', 'true');

    await userEvent.click(screen.getByRole('radio', { name: 'Female' }));
    await waitFor(() => expect(view.user()?.gender).toBe('female'));
    expect(server!.requests.filter((req) => req.method === 'PATCH')).toEqual([
      expect.objectContaining({ path: '/api/v1/users/me/', body: { gender: 'female' } }),
    ]);
    expect(screen.getByRole('radio', { name: 'Female' })).toHaveAttribute('aria-checked', 'true');
    expect(localStorage.getItem('mm_gender')).toBeNull();
  });

  it('a refused save says so and keeps the gender the server has', async () => {
    await openProfile(() => ({ status: 503, body: { detail: 'Service unavailable' } }));
    await userEvent.click(screen.getByRole('radio', { name: 'Transgender' }));
    await screen.findByText('Could not save your gender. Try again.');
    for (const name of ['Male', 'Female', 'Transgender'])
      expect(screen.getByRole('radio', { name })).toHaveAttribute('aria-checked', 'false');
  });
});

describe('Profile: an influencer’s squad earnings (issue 22, defect 6)', () => {
  it('shows the Stars their squad’s purchases earned them; a player who is no influencer sees none', async () => {
    const noApi = () => ({ status: 404, body: { detail: 'Not found' } });
    const view = await openProfile(noApi, { ...TEST_USER, infl: true, referralSpending: 37 });
    expect(screen.getByTestId('stat-squad-stars')).toHaveTextContent('37');
    expect(screen.getByTestId('stat-squad-stars')).toHaveTextContent('Stars from your squad’s purchases');
    view.unmount();
    await server?.close();
    await openProfile(noApi, { ...TEST_USER, referralSpending: 0 });
    expect(screen.queryByTestId('stat-squad-stars')).toBeNull();
  });
});

describe('Profile: change photo goes through the face check (issue 22, defect 1)', () => {
  // jsdom decodes no images: the photo's preparation reads a portrait's size from this stand-in (a
  // small photo is sent as it is, so the request carries the real file's bytes).
  beforeEach(() => {
    vi.stubGlobal('createImageBitmap', () => Promise.resolve({ width: 640, height: 800, close() {} }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const portrait = () =>
    new File([readFileSync(join(FACES_DIR, 'portrait-01.jpg'))], 'me.jpg', { type: 'image/jpeg' });
  const faceUploads = () => server!.requests.filter((req) => req.path === '/api/v1/users/face/');

  async function changePhoto() {
    await userEvent.click(screen.getByRole('button', { name: 'Change photo' }));
    await userEvent.upload(screen.getByTestId('gallery-input'), portrait());
  }

  it('sends the photo with PUT /v1/users/face/ and shows it as the face once it passed', async () => {
    await openProfile((req) =>
      req.method === 'PUT' && req.path === '/api/v1/users/face/'
        ? { status: 200, body: { faces: [{ x: 1, y: 1, width: 100, height: 120 }], notices: [] } }
        : { status: 404, body: { detail: 'Not found' } },
    );
    expect(screen.getByText('No photo yet')).toBeInTheDocument();
    await changePhoto();

    await screen.findByText('Photo saved');
    expect(faceUploads()).toHaveLength(1);
    expect(faceUploads()[0].method).toBe('PUT');
    const sent = formField(faceUploads()[0].body, 'photo')!;
    expect(sent.charCodeAt(0)).toBe(0xff);
    expect(sent.length).toBe(portrait().size);
    expect(screen.getByRole('img', { name: 'Your current photo' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/jpeg;base64,\/9j\//),
    );
    expect(screen.queryByRole('button', { name: 'Select from gallery' })).toBeNull();
  });

  it('a player who has not agreed yet gets the create flow’s face-photo note first, then the upload', async () => {
    await openProfile(
      (req) => {
        if (req.method === 'POST' && req.path === '/api/v1/users/face/consent/')
          return { status: 200, body: { faceConsentAt: '2026-11-27T17:30:00.000Z' } };
        if (req.method === 'PUT' && req.path === '/api/v1/users/face/')
          return { status: 200, body: { faces: [{ x: 1, y: 1, width: 100, height: 120 }], notices: [] } };
        return { status: 404, body: { detail: 'Not found' } };
      },
      { ...TEST_USER, faceConsentAt: null },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Change photo' }));
    expect(screen.getByTestId('face-consent')).toBeInTheDocument();
    expect(screen.queryByTestId('gallery-input')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'I agree' }));
    await userEvent.upload(await screen.findByTestId('gallery-input'), portrait());
    await screen.findByText('Photo saved');
    expect(server!.requests.map((req) => `${req.method} ${req.path}`)).toEqual(
      expect.arrayContaining(['POST /api/v1/users/face/consent/', 'PUT /api/v1/users/face/']),
    );
  });

  it('a refused photo shows the create flow’s advice and is not kept as the face', async () => {
    await openProfile((req) =>
      req.method === 'PUT' && req.path === '/api/v1/users/face/'
        ? { status: 400, body: { detail: 'Face too small', code: 'FACE_TOO_SMALL' } }
        : { status: 404, body: { detail: 'Not found' } },
    );
    await changePhoto();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your face is too small on the photo: come closer to the camera',
    );
    expect(faceUploads()).toHaveLength(1);
    expect(screen.queryByRole('img', { name: 'Your current photo' })).toBeNull();
    expect(localStorage.getItem('mm_face_photo')).toBeNull();
    expect(screen.getByRole('button', { name: 'Select from gallery' })).toBeEnabled();
  });
});
