import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { shot, smallTapTargets } from '../browser.js';
import { apiAs, app, openNewPlayer, skipOnboarding, useApp } from './helpers.js';

useApp();

describe('sticker packs against the fake Bot API', () => {
  it('makes a sticker pack from two memes against the fake Bot API, with the pack link and the list', async () => {
    const { context, page, tgId } = await openNewPlayer();
    await skipOnboarding(page);
    const api = await apiAs(tgId);
    // Stickers are made of memes (generation results), not of uploaded photos.
    await api.generateMeme('portrait-05.jpg');
    await api.generateMeme('portrait-07.jpg');

    await page.goto('/stickers');
    await page.getByRole('button', { name: 'Create sticker pack' }).click();
    await page.getByText('Select at least one sticker').waitFor();
    await page.getByRole('textbox').fill('Two of mine');
    const tiles = page.locator('.meme-tile--pick');
    await tiles.nth(1).waitFor();
    await tiles.nth(0).click();
    await tiles.nth(1).click();
    await page.getByText('2 selected').waitFor();
    await shot(page, '25-stickers-picked');
    assert.deepEqual(await smallTapTargets(page), [], 'tap targets on /stickers');
    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/v1/stickers/') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Create sticker pack' }).click();
    const response = await created;
    assert.equal(response.status(), 201);
    const pack = (await response.json()) as { name: string; link: string; stickers: { fileId: string }[] };
    await page.getByTestId('sticker-pack-ready').waitFor();
    await page.getByText('Two of mine · 2 stickers').first().waitFor();
    await shot(page, '26-stickers-ready');
    assert.match(pack.link, /^https:\/\/t\.me\/addstickers\/two_of_mine_[0-9a-f]{8}_by_\w+$/);

    // Telegram's side: the set was made with both stickers, each a WEBP file.
    const { fakeBotApiUrl } = (await (
      await fetch(`${app.stack.baseUrl}/api/v1/auth/dev/telegram/`)
    ).json()) as {
      fakeBotApiUrl: string;
    };
    const { calls } = (await (
      await fetch(`${fakeBotApiUrl}/__fake/calls?method=createNewStickerSet`)
    ).json()) as {
      calls: { params: { name?: string }; ok: boolean }[];
    };
    assert.ok(
      calls.some((call) => call.ok && call.params.name === pack.name),
      'the set was created',
    );
    assert.equal(pack.stickers.length, 2);
    for (const sticker of pack.stickers) {
      const file = Buffer.from(
        await (await fetch(`${fakeBotApiUrl}/__fake/files/${sticker.fileId}`)).arrayBuffer(),
      );
      assert.equal(file.subarray(0, 4).toString('ascii'), 'RIFF');
      assert.equal(file.subarray(8, 12).toString('ascii'), 'WEBP');
    }
    // The pack is listed, to add or edit later.
    await page.getByRole('button', { name: 'Edit Two of mine' }).waitFor();
    await context.close();
  });
});
