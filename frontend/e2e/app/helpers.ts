import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before } from 'node:test';

import type { Browser, BrowserContext, Page, Request } from 'playwright-core';

import { expectNoCspViolations, launchBrowser, phoneContext } from '../browser.js';
import { ADMIN_TG_ID, FACES_DIR, OUTPUT_DIR, startStack, type Stack } from '../stack.js';

/**
 * The app scenarios' shared harness: one stack and one browser for every feature file the run loads
 * (`e2e/app.e2e.ts` imports them all; a feature file run alone starts its own), the operator's
 * templates, and the player helpers the scenarios share.
 */
export const app = {} as { stack: Stack; browser: Browser };

let started = false;

/** Starts the stack once per process, whichever feature file asks first; checks the CSP after every test. */
export function useApp(): void {
  if (started) return;
  started = true;
  before(async () => {
    app.stack = await startStack();
    app.browser = await launchBrowser();
    await addTemplates();
  });
  after(async () => {
    await app.browser?.close();
    await app.stack?.stop();
  });
  expectNoCspViolations();
}

export const TEMPLATE_TITLE = 'Curly classic';
export const TEMPLATE_TITLE_RU = 'Кудрявая классика';
export const TEMPLATE_CAPTION = 'When the build is green';
export const TEMPLATE_CAPTION_RU = 'Когда сборка зелёная';
export const PREMIUM_TITLE = 'Golden boss';
export const GROUP_TITLE = 'Team photo';

export async function api<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('Content-Type', 'application/json');
  const res = await fetch(`${app.stack.baseUrl}/api${path}`, { ...init, headers });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Operators' templates (admins upload them), added through the API as an admin would. */
async function addTemplates(): Promise<void> {
  const { initData } = await api<{ initData: string }>('/v1/auth/dev/init-data/', {
    method: 'POST',
    body: JSON.stringify({ tgId: ADMIN_TG_ID }),
  });
  const { jwtToken } = await api<{ jwtToken: string }>('/v1/auth/login/', {
    method: 'POST',
    body: JSON.stringify({ initData }),
  });
  const upload = async (file: string, fields: Record<string, string>) => {
    const form = new FormData();
    form.append('image', new Blob([readFileSync(join(FACES_DIR, file))], { type: 'image/jpeg' }), 't.jpg');
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const { id } = await api<{ id: string }>('/v1/memes/generations/templates/', {
      method: 'POST',
      body: form,
      token: jwtToken,
    });
    // Stored disabled until an admin has seen its faces, as in the console.
    await api(`/v1/admin/templates/${id}/enable/`, { method: 'POST', token: jwtToken });
  };
  // Oldest first: the group template comes last in the grid.
  await upload('group-06.jpg', { title: GROUP_TITLE });
  await upload('portrait-08.jpg', { title: PREMIUM_TITLE, isPremium: 'true' });
  await upload('portrait-02.jpg', {
    title: TEMPLATE_TITLE,
    'titles[ru]': TEMPLATE_TITLE_RU,
    caption: TEMPLATE_CAPTION,
    'captions[ru]': TEMPLATE_CAPTION_RU,
  });
}

let nextTgId = 900_000_100 + (process.pid % 1000) * 100;

/** A Telegram id no other player of this run has. */
export function newTgId(): number {
  return nextTgId++;
}

export type Look = { theme?: 'light' | 'dark'; lang?: 'en' | 'ru' };

export async function openNewPlayer({
  theme = 'light',
  lang = 'en',
  query = '',
}: Look & { query?: string } = {}): Promise<{ context: BrowserContext; page: Page; tgId: number }> {
  const tgId = newTgId();
  const context = await phoneContext(app.browser, app.stack.baseUrl, theme);
  const page = await context.newPage();
  await page.goto(`/?tgId=${tgId}&theme=${theme}&lang=${lang}${query}`);
  return { context, page, tgId };
}

export async function skipOnboarding(page: Page, skipLabel = 'Skip') {
  await page.getByRole('button', { name: skipLabel }).click();
  await page.waitForURL('**/main');
}

export async function tokenOf(context: BrowserContext): Promise<string> {
  return (await context.cookies()).find((c) => c.name === 'mm_auth_token')!.value;
}

/** The generation starts the server answered (a request that never left the phone is not one). */
export function recordStarts(page: Page): Request[] {
  const starts: Request[] = [];
  page.on('requestfinished', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/memes/generations/')
      starts.push(request);
  });
  return starts;
}

/** The face photos the server stored for a player (one per upload). */
export function storedFaces(tgId: number): string[] {
  const dir = join(OUTPUT_DIR, 'media', 'faces', String(tgId));
  // Each stored face has its face analysis beside it (`<key>.analysis.json`).
  return existsSync(dir) ? readdirSync(dir).filter((name) => !name.endsWith('.analysis.json')) : [];
}

/** A new player's one-time face-photo note (issue 25) before their first photo: agreed to. */
export async function agreeToFaceNote(page: Page) {
  await page.getByTestId('face-consent').getByRole('button').click();
  await page.getByTestId('face-consent').waitFor({ state: 'detached' });
}

/**
 * Opens the create flow with a face photo from the test set (a new player agrees to the note first;
 * `agreed` for one who already did, through the API).
 */
export async function openCreate(page: Page, face: string, createLabel = 'Create a meme', agreed = false) {
  await page.getByRole('button', { name: createLabel }).first().click();
  if (!agreed) await agreeToFaceNote(page);
  await page.getByTestId('gallery-input').first().setInputFiles(join(FACES_DIR, face));
}

export async function waitForResult(page: Page): Promise<string> {
  await page.getByTestId('meme-result').waitFor({ timeout: 180_000 });
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('[data-testid="meme-result"]');
    return img?.complete && img.naturalWidth > 0;
  });
  return (await page.getByTestId('meme-result').getAttribute('src'))!;
}

/** The bytes of an image the page shows. */
export async function imageBytes(url: string): Promise<Buffer> {
  return Buffer.from(await (await fetch(new URL(url, app.stack.baseUrl))).arrayBuffer());
}

/** A player's API session for setting up data as the app would (dev login by tgId). */
export async function apiAs(tgId: number) {
  const post = (path: string, body: unknown) =>
    fetch(`${app.stack.baseUrl}/api${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const { initData } = await post('/v1/auth/dev/init-data/', { tgId });
  const { jwtToken } = (await post('/v1/auth/login/', { initData })) as { jwtToken: string };
  const headers = { Authorization: `Bearer ${jwtToken}` };
  return {
    /** The player's access token, for setting up data straight in (e2e/seed.ts). */
    token: jwtToken,
    async uploadMeme(file: string): Promise<{ id: string; shareId: string }> {
      const form = new FormData();
      const photo = readFileSync(join(FACES_DIR, file));
      form.append('image', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
      const res = await fetch(`${app.stack.baseUrl}/api/v1/memes/`, { method: 'POST', headers, body: form });
      assert.equal(res.status, 201, await res.clone().text());
      return (await res.json()) as { id: string; shareId: string };
    },
    /** A real meme: the face photo through the face check, then a generation from the first template. */
    async generateMeme(face: string): Promise<string> {
      const consent = await fetch(`${app.stack.baseUrl}/api/v1/users/face/consent/`, {
        method: 'POST',
        headers,
      });
      assert.equal(consent.status, 200, await consent.clone().text());
      const faceForm = new FormData();
      faceForm.append(
        'photo',
        new Blob([readFileSync(join(FACES_DIR, face))], { type: 'image/jpeg' }),
        'f.jpg',
      );
      const checked = await fetch(`${app.stack.baseUrl}/api/v1/users/face/`, {
        method: 'PUT',
        headers,
        body: faceForm,
      });
      assert.equal(checked.status, 200, await checked.clone().text());
      const templates = (await (
        await fetch(`${app.stack.baseUrl}/api/v1/memes/generations/templates/`, { headers })
      ).json()) as { items: { id: string; isPremium: boolean }[] };
      const form = new FormData();
      form.append('templateId', templates.items.find((template) => !template.isPremium)!.id);
      const started = await fetch(`${app.stack.baseUrl}/api/v1/memes/generations/`, {
        method: 'POST',
        headers,
        body: form,
      });
      assert.equal(started.status, 201, await started.clone().text());
      const { id } = (await started.json()) as { id: string };
      for (;;) {
        const status = (await (
          await fetch(`${app.stack.baseUrl}/api/v1/memes/generations/${id}/status/`, { headers })
        ).json()) as { status: string; meme?: { id: string } };
        if (status.status === 'done') return status.meme!.id;
        assert.notEqual(status.status, 'failed');
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
    async publish(id: string, text: string): Promise<void> {
      const res = await fetch(`${app.stack.baseUrl}/api/v1/memes/${id}/`, {
        method: 'PATCH',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ text, isPublished: true }),
      });
      assert.equal(res.status, 200, await res.clone().text());
    },
  };
}
