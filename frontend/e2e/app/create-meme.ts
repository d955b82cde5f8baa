import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { shot, smallTapTargets } from '../browser.js';
import { FACES_DIR } from '../stack.js';
import {
  GROUP_TITLE,
  TEMPLATE_CAPTION,
  TEMPLATE_TITLE,
  imageBytes,
  newTgId,
  openCreate,
  openNewPlayer,
  recordStarts,
  skipOnboarding,
  storedFaces,
  useApp,
  waitForResult,
} from './helpers.js';

useApp();

describe('creating a meme: template captions, an own photo, a group template', () => {
  it(
    'template caption: offered, the first to publish it unchanged keeps it; a new caption redraws the picture; a taken one reopens the editor; the face goes up once',
    { timeout: 300_000 },
    async () => {
      const { context, page, tgId } = await openNewPlayer();
      await skipOnboarding(page);
      const starts = recordStarts(page);

      await openCreate(page, 'portrait-01.jpg');
      await page.getByRole('button', { name: TEMPLATE_TITLE }).click();
      await page.getByTestId('caption-suggestion').getByText(TEMPLATE_CAPTION).waitFor();
      assert.equal(await page.getByRole('textbox').inputValue(), '', 'the suggestion is not prefilled');
      await page.getByRole('button', { name: 'Start from it' }).click();
      assert.equal(await page.getByRole('textbox').inputValue(), TEMPLATE_CAPTION);
      await shot(page, '07-create-caption-suggestion');
      await page.getByRole('button', { name: 'Create a meme' }).last().click();
      await page.getByTestId('generation-stage').waitFor();
      await shot(page, '07-create-progress');
      const firstImage = await waitForResult(page);
      await shot(page, '07-create-result');
      assert.deepEqual(await smallTapTargets(page), [], 'tap targets on the result');
      assert.equal(await page.locator('.meme-result .button').count(), 1, 'one main action');

      // The template's own caption, unchanged: the first player to publish it keeps it.
      await page.getByRole('button', { name: 'Publish to feed' }).click();
      await page.getByText('Published in the feed').waitFor();
      await shot(page, '07-create-published');

      // A new caption: the server draws it again, the picture's bytes change.
      const ownCaption = `When the build is green on Friday ${newTgId()}`;
      await page.getByRole('button', { name: 'Edit caption' }).click();
      await shot(page, '07-create-caption-editor');
      await page.getByRole('textbox').fill(ownCaption);
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByText('Caption saved').waitFor();
      const secondImage = (await page.getByTestId('meme-result').getAttribute('src'))!;
      assert.notEqual(secondImage, firstImage);
      assert.equal((await imageBytes(secondImage)).equals(await imageBytes(firstImage)), false);

      // Another meme with the stored face: no photo upload this time.
      await page.getByRole('button', { name: 'Create another' }).click();
      await page.getByRole('button', { name: TEMPLATE_TITLE }).click();
      await page.getByRole('textbox').fill(ownCaption);
      await page.getByRole('button', { name: 'Create a meme' }).last().click();
      await waitForResult(page);
      assert.equal(starts.length, 2);
      assert.equal(storedFaces(tgId).length, 1, 'the face photo went up once');

      // The same caption again (someone published it): the refusal opens the editor.
      await page.getByRole('button', { name: 'Publish to feed' }).click();
      await page.getByText(/Someone has already published this caption/).waitFor();
      await page.getByRole('alert').getByText('You must use original text for meme').waitFor();
      // The toast sits below the header: its close button stays free.
      const toast = (await page.getByRole('alert').first().boundingBox())!;
      const close = (await page.getByRole('button', { name: 'Close' }).boundingBox())!;
      assert.ok(toast.y >= close.y + close.height, `toast top ${toast.y} below the close button`);
      await shot(page, '07-create-caption-taken');
      await page.getByRole('button', { name: 'Cancel' }).click();

      // History: both memes open; the count agrees with the profile's total.
      await page.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('link', { name: 'Profile' }).click();
      await page.getByTestId('meme-history').locator('img').nth(1).waitFor();
      assert.equal(await page.getByTestId('meme-history').locator('.meme-tile').count(), 2);
      await page.getByText('2 memes').waitFor();
      assert.equal(await page.getByTestId('stat-credits').locator('.stat__value').textContent(), '1');
      await page.getByTestId('meme-history').locator('.meme-tile').last().click();
      await page.getByRole('dialog', { name: 'Your meme' }).waitFor();
      await page.getByText('Published in the feed').waitFor();
      await page.getByRole('button', { name: 'Download' }).waitFor();
      await shot(page, '08-history-meme');
      await context.close();
    },
  );

  it(
    'an own photo is a base, not a meme: the history lists the result only',
    { timeout: 240_000 },
    async () => {
      const { context, page } = await openNewPlayer();
      await skipOnboarding(page);
      await openCreate(page, 'portrait-01.jpg');
      await page.getByRole('heading', { name: 'Your own photo' }).waitFor();
      await page.getByTestId('gallery-input').first().setInputFiles(join(FACES_DIR, 'portrait-04.jpg'));
      await page.getByRole('heading', { name: 'Caption' }).waitFor();
      await page.getByRole('button', { name: 'Create a meme' }).last().click();
      await waitForResult(page);
      await page.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('link', { name: 'Profile' }).click();
      await page.getByTestId('meme-history').locator('img').first().waitFor();
      assert.equal(await page.getByTestId('meme-history').locator('.meme-tile').count(), 1);
      await page.getByText('1 meme', { exact: true }).waitFor();
      assert.equal(
        await page.getByText('Total memes').locator('..').locator('.stat__value').textContent(),
        '1',
      );
      await page.getByTestId('meme-history').scrollIntoViewIfNeeded();
      await shot(page, '09-profile-history');
      await context.close();
    },
  );

  it(
    'a group template: its faces as outlines over it, the largest chosen; the face tapped is the one swapped',
    { timeout: 300_000 },
    async () => {
      const { context, page } = await openNewPlayer();
      await skipOnboarding(page);
      const starts = recordStarts(page);
      await openCreate(page, 'portrait-01.jpg');
      await page.getByRole('button', { name: GROUP_TITLE }).click();
      await page.getByTestId('face-picker').waitFor();
      const face = (number: number) => page.getByRole('button', { name: `Face ${number}`, exact: true });
      assert.equal(await face(1).getAttribute('aria-pressed'), 'true', 'the largest face first');
      assert.equal(await face(2).getAttribute('aria-pressed'), 'false');
      // The outlines sit on the picture.
      const picture = (await page.locator('.face-picker__picture img').boundingBox())!;
      const outline = (await face(1).boundingBox())!;
      assert.ok(
        outline.x >= picture.x - 1 &&
          outline.y >= picture.y - 1 &&
          outline.x + outline.width <= picture.x + picture.width + 1 &&
          outline.y + outline.height <= picture.y + picture.height + 1,
        'the outline lies on the picture',
      );
      await face(2).click();
      await face(1).click();
      assert.equal(await face(1).getAttribute('aria-pressed'), 'false');
      assert.equal(await face(2).getAttribute('aria-pressed'), 'true');
      await shot(page, '07-create-choose-face');
      await page.getByRole('button', { name: 'Create a meme' }).last().click();
      await waitForResult(page);
      assert.equal(starts.length, 1);
      assert.match(starts[0]!.postData() ?? '', /name="faces"\r\n\r\n\[1\]\r\n/);
      await context.close();
    },
  );
});
