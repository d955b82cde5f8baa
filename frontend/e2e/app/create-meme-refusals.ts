import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { shot } from '../browser.js';
import { FACES_DIR } from '../stack.js';
import {
  agreeToFaceNote,
  TEMPLATE_TITLE,
  TEMPLATE_CAPTION_RU,
  TEMPLATE_TITLE_RU,
  api,
  openCreate,
  openNewPlayer,
  recordStarts,
  skipOnboarding,
  tokenOf,
  useApp,
} from './helpers.js';

useApp();

describe('creating a meme, refused: no face, no credits, offline, a PNG', () => {
  it(
    'a photo without a face gets "There\'s no face on your photo" beside it at the face check',
    { timeout: 240_000 },
    async () => {
      const { context, page } = await openNewPlayer();
      await skipOnboarding(page);

      await openCreate(page, 'noface-01.jpg');
      // The advice is shown next to the photo; the player stays on the photo step to retake it.
      await page.getByRole('alert').getByText("There's no face on your photo").waitFor({ timeout: 180_000 });
      await page.getByRole('heading', { name: 'Your face' }).waitFor();
      await shot(page, '19-create-no-face');
      await context.close();
    },
  );

  it(
    'Profile → Change photo: a faceless photo gets the advice, a face passes and is the face the next meme uses',
    { timeout: 240_000 },
    async () => {
      const { context, page } = await openNewPlayer();
      await skipOnboarding(page);
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Change photo' }).click();
      await agreeToFaceNote(page);
      await page.getByTestId('gallery-input').first().setInputFiles(join(FACES_DIR, 'noface-01.jpg'));
      await page.getByRole('alert').getByText("There's no face on your photo").waitFor({ timeout: 180_000 });
      await page.getByTestId('gallery-input').first().setInputFiles(join(FACES_DIR, 'portrait-01.jpg'));
      await page.getByRole('img', { name: 'Your current photo' }).waitFor({ timeout: 180_000 });
      // The server keeps that face: a generation without a photo starts (no "Upload a photo of your face first").
      const token = await tokenOf(context);
      const templates = await api<{ items: Array<{ id: string; isPremium: boolean }> }>(
        '/v1/memes/generations/templates/',
        { token },
      );
      const form = new FormData();
      form.append('templateId', templates.items.find((t) => !t.isPremium)!.id);
      const { id } = await api<{ id: string }>('/v1/memes/generations/', {
        method: 'POST',
        body: form,
        token,
      });
      assert.ok(id);
      await context.close();
    },
  );

  it(
    'out of credits: the countdown to the next free generation and the credit packs',
    { timeout: 240_000 },
    async () => {
      const { context, page } = await openNewPlayer({ lang: 'ru' });
      await skipOnboarding(page, 'Пропустить');
      // Three credits and the free generation of the window, spent through the API.
      const token = await tokenOf(context);
      const templates = await api<{ items: Array<{ id: string; isPremium: boolean }> }>(
        '/v1/memes/generations/templates/',
        { token },
      );
      const templateId = templates.items.find((t) => !t.isPremium)!.id;
      await api('/v1/users/face/consent/', { method: 'POST', token });
      for (let i = 0; i < 4; i++) {
        const form = new FormData();
        form.append('templateId', templateId);
        if (i === 0)
          form.append(
            'photo',
            new Blob([readFileSync(join(FACES_DIR, 'portrait-01.jpg'))], { type: 'image/jpeg' }),
            'f.jpg',
          );
        const { id } = await api<{ id: string }>('/v1/memes/generations/', {
          method: 'POST',
          body: form,
          token,
        });
        // At most 3 open generations per player: each one ends before the next is asked for.
        while (
          !['done', 'failed'].includes(
            (await api<{ status: string }>(`/v1/memes/generations/${id}/status/`, { token })).status,
          )
        )
          await new Promise((resolve) => setTimeout(resolve, 250));
      }
      await page.reload();
      await openCreate(page, 'portrait-01.jpg', 'Создать мем', true);
      await page.getByRole('button', { name: TEMPLATE_TITLE_RU }).click();
      // A Russian player is offered the template's Russian caption.
      await page.getByTestId('caption-suggestion').getByText(TEMPLATE_CAPTION_RU).waitFor();
      await page.getByText('У тебя закончились кредиты :(').waitFor();
      await page.getByRole('button', { name: 'Создать мем' }).last().click();
      await page
        .getByTestId('free-countdown')
        .getByText(/^Следующая бесплатная генерация через (29|30):\d\d$/)
        .waitFor();
      await page.getByTestId('credit-packs').waitFor();
      await shot(page, '11-countdown-ru');
      await page.getByRole('button', { name: 'Пакеты кредитов' }).last().click();
      await page.waitForURL('**/profile#plans');
      await context.close();
    },
  );

  it(
    'offline: Create says "Bad internet connection" and sends nothing until the player taps again',
    { timeout: 240_000 },
    async () => {
      const { context, page } = await openNewPlayer();
      await skipOnboarding(page);
      const starts = recordStarts(page);
      await openCreate(page, 'portrait-01.jpg');
      await page.getByRole('button', { name: TEMPLATE_TITLE }).click();
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Create a meme' }).last().click();
      await page.getByText(/Nothing is sent without you/).waitFor();
      await page.getByRole('alert').getByText('Bad internet connection').first().waitFor();
      await shot(page, '12-offline');
      await context.setOffline(false);
      await page.waitForTimeout(2000);
      assert.deepEqual(starts, [], 'nothing was sent when the network came back');
      await page.getByRole('button', { name: 'Create a meme' }).last().click();
      await page.getByTestId('generation-stage').waitFor();
      assert.equal(starts.length, 1);
      await context.close();
    },
  );

  it(
    'a picture without a face: the swap fails naming that picture, not the face photo',
    { timeout: 240_000 },
    async () => {
      const { context, page } = await openNewPlayer();
      await skipOnboarding(page);
      await openCreate(page, 'portrait-01.jpg');
      await page.getByRole('heading', { name: 'Your own photo' }).waitFor();
      await page.getByTestId('gallery-input').last().setInputFiles(join(FACES_DIR, 'noface-02.jpg'));
      await page.getByRole('heading', { name: 'Caption' }).waitFor();
      await page.getByRole('button', { name: 'Create a meme' }).last().click();
      await page
        .getByTestId('generation-error')
        .getByText("There's no face on the picture you chose")
        .waitFor({ timeout: 180_000 });
      await shot(page, '13-no-face-picture');
      await page.getByRole('button', { name: 'Choose another picture' }).click();
      await page.getByRole('heading', { name: 'Choose a meme' }).waitFor();
      await context.close();
    },
  );

  it('a PNG is refused on the device with "Only JPG/JPEG images are supported"', async () => {
    const { context, page } = await openNewPlayer();
    await skipOnboarding(page);
    const calls: string[] = [];
    page.on('request', (request) => calls.push(new URL(request.url()).pathname));

    await openCreate(page, 'png-portrait-01.png');

    await page.getByRole('alert').getByText('Only JPG/JPEG images are supported').waitFor();
    assert.ok(!calls.some((path) => path.startsWith('/api/v1/memes')), 'nothing was uploaded');
    await context.close();
  });
});
