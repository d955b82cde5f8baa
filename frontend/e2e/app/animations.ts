import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import type { Page } from 'playwright-core';

import { shot } from '../browser.js';
import { seedAnimatedMeme } from '../seed.js';
import { FRONTEND_DIR } from '../stack.js';
import { api, apiAs, app, newTgId, openNewPlayer, skipOnboarding, useApp } from './helpers.js';

useApp();

/** An animated meme published by a player of its own (other scenarios' memes may be in the deck too). */
async function animatedMeme() {
  const author = newTgId();
  return seedAnimatedMeme(app.stack, author, (await apiAs(author)).token);
}

/** The deck's top card (a skipped card leaving is one too until its exit ends). */
const TOP = '[data-testid="swipe-card"][aria-hidden="false"]';
const topCard = (page: Page) => page.locator(TOP);
/** Waits for the deck to settle with one top card. */
const oneTopCard = (page: Page) =>
  page.waitForFunction((selector) => document.querySelectorAll(selector).length === 1, TOP);

/** The top card's picture (its thumbnail, then its full-size poster): both name the meme's id. */
const topPicture = (page: Page) =>
  page.evaluate(
    () =>
      document
        .querySelector<HTMLImageElement>('[data-testid="swipe-card"][aria-hidden="false"] img')
        ?.getAttribute('src') ?? '',
  );

/**
 * Skips deck cards (other scenarios' memes, in a full run) until the top one is meme `id`. The seeded
 * meme is the newest, so it comes within a few cards.
 */
async function bringToTop(page: Page, id: string) {
  const intro = page.getByRole('button', { name: 'Got it' });
  for (let attempts = 0; ; attempts++) {
    await oneTopCard(page);
    if (await intro.isVisible()) await intro.click();
    const before = await topPicture(page);
    if (before.includes(id)) return;
    assert.ok(attempts < 90, 'the seeded animation never reached the top of the deck');
    const answered = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        /^\/api\/v1\/swipes\/[^/]+\/$/.test(new URL(response.url()).pathname),
    );
    await page.getByRole('button', { name: 'Skip' }).click();
    const answer = await answered;
    // Refused as too fast (the stack keeps the swipe pace): the card is back on top, skip it again.
    if (answer.status() !== 200) continue;
    // A gift won on this swipe opens its reveal over the deck: put it off.
    if (((await answer.json()) as { gift: unknown }).gift)
      await page.getByRole('button', { name: 'Later' }).click();
    // The card under it takes its place.
    await page.waitForFunction(
      ([selector, src]) => {
        const tops = document.querySelectorAll(selector!);
        return tops.length === 1 && tops[0]!.querySelector('img')?.getAttribute('src') !== src;
      },
      [TOP, before],
    );
  }
}

/** The top card's video is playing: running and past its first frame, muted, looping, inline. */
async function waitUntilPlaying(page: Page, scope: string) {
  await page.waitForFunction((selector) => {
    const video = document.querySelector<HTMLVideoElement>(`${selector} video`);
    return !!video && !video.paused && video.currentTime > 0;
  }, scope);
  return page.evaluate((selector) => {
    const video = document.querySelector<HTMLVideoElement>(`${selector} video`)!;
    return {
      muted: video.muted,
      loop: video.loop,
      inline: video.playsInline,
      src: video.getAttribute('src'),
    };
  }, scope);
}

/** docs/PERFORMANCE.md "Mini app: first screen": the JS before the first card, brotli. */
const FIRST_SCREEN_JS_BUDGET = 200 * 1024;

describe('animated memes in the mini app and on the share page', () => {
  it('the player adds no code to the first screen: its JS stays under budget without it', async () => {
    const html = await (await fetch(`${app.stack.baseUrl}/main`)).text();
    // The entry script and what it preloads: what the phone fetches before the first card.
    const scripts = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((match) => match[1]!);
    assert.ok(scripts.length > 0);
    const assets = join(FRONTEND_DIR, 'dist', 'assets');
    const brotli = scripts.reduce((sum, file) => sum + statSync(join(assets, `${file}.br`)).size, 0);
    assert.ok(brotli < FIRST_SCREEN_JS_BUDGET, `first-screen JS is ${brotli} B brotli`);
    for (const file of scripts)
      assert.ok(
        !readFileSync(join(assets, file), 'utf8').includes('meme-video__video'),
        `the video player is in ${file}, loaded before the first card`,
      );
  });

  it('the deck plays the animated top card, muted and looping; the cards under it fetch no video', async () => {
    const meme = await animatedMeme();
    const shared = await api<{ videoUrl: string; kind: string }>(`/v1/memes/share/${meme.shareId}/`);
    assert.equal(shared.kind, 'animation');
    const { context, page } = await openNewPlayer();
    await skipOnboarding(page);
    await bringToTop(page, meme.id);

    const played = await waitUntilPlaying(page, TOP);
    assert.deepEqual(played, { muted: true, loop: true, inline: true, src: shared.videoUrl });
    await topCard(page).getByTestId('animation-badge').getByText('2.0 s').waitFor();
    // Only the top card has a video at all.
    assert.equal(await page.locator('.swipe-card video').count(), 1);
    await shot(page, '45-deck-animation');
    await context.close();
  });

  it('with the data saver on (Profile): the poster and a play button; a tap plays it', async () => {
    const meme = await animatedMeme();
    const { context, page } = await openNewPlayer();
    await skipOnboarding(page);
    await page.goto('/profile');
    const saver = page.getByRole('switch', { name: /Data saver/ });
    await saver.check();
    await page.goto('/main');
    await bringToTop(page, meme.id);

    const play = topCard(page).getByRole('button', { name: 'Play the animation' });
    await play.waitFor();
    assert.equal(await topCard(page).locator('video').count(), 0, 'nothing of the clip is fetched');
    await play.click();
    await waitUntilPlaying(page, '[data-testid="swipe-card"]');
    // The tap played it; it did not swipe the card away.
    await topCard(page).getByTestId('animation-badge').waitFor();
    await context.close();
  });

  it('an edited caption renders the video again (History → the meme → Edit caption): the new one plays', async () => {
    const { context, page, tgId } = await openNewPlayer();
    await skipOnboarding(page);
    const meme = await seedAnimatedMeme(app.stack, tgId, (await apiAs(tgId)).token, undefined, {
      captionless: true,
    });
    await page.goto('/profile');
    await page.getByTestId('meme-history').locator('.meme-tile').first().click();
    const sheet = page.getByRole('dialog', { name: 'Your meme' });
    const before = await waitUntilPlaying(page, '[role="dialog"]');
    assert.match(before.src ?? '', new RegExp(`${meme.id}\\.mp4$`));

    await sheet.getByRole('button', { name: 'Edit caption' }).click();
    await sheet.getByRole('textbox').fill(`Moving words ${newTgId()}`);
    await sheet.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Caption saved').waitFor();
    // The new render (a new name) replaced the old one and plays as the first did.
    await page.waitForFunction(
      (old) => document.querySelector('[role="dialog"] video')?.getAttribute('src') !== old,
      before.src,
    );
    const after = await waitUntilPlaying(page, '[role="dialog"]');
    assert.deepEqual({ ...after, src: null }, { muted: true, loop: true, inline: true, src: null });
    assert.match(after.src ?? '', /\.mp4$/);
    const video = await fetch(`${app.stack.baseUrl}${after.src}`);
    assert.equal(video.headers.get('content-type'), 'video/mp4');
    assert.equal((await fetch(`${app.stack.baseUrl}${before.src}`)).status, 404, 'the old render is gone');
    await context.close();
  });

  it('the share page carries og:video for link previews and plays the animation', async () => {
    const meme = await animatedMeme();
    const html = await (await fetch(`${app.stack.baseUrl}/i/${meme.shareId}`)).text();
    const { videoUrl } = await api<{ videoUrl: string }>(`/v1/memes/share/${meme.shareId}/`);
    const tag = (name: string) =>
      html.match(new RegExp(`<meta property="${name}" content="([^"]*)" />`))?.[1];
    assert.equal(tag('og:video'), `${app.stack.baseUrl}${videoUrl}`);
    assert.equal(tag('og:video:type'), 'video/mp4');
    assert.equal(tag('og:video:width'), String(meme.width));
    assert.equal(tag('og:video:height'), String(meme.height));
    assert.equal(tag('og:type'), 'video.other');
    const video = await fetch(`${app.stack.baseUrl}${videoUrl}`);
    assert.equal(video.headers.get('content-type'), 'video/mp4');

    const { context, page } = await openNewPlayer();
    await page.goto(`/i/${meme.shareId}`);
    const played = await waitUntilPlaying(page, '.shared-meme');
    assert.deepEqual(played, { muted: true, loop: true, inline: true, src: videoUrl });
    await shot(page, '46-shared-animation');
    await context.close();
  });
});
