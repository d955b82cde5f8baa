import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { cspViolations, launchBrowser, phoneContext } from './browser.js';
import { ADMIN_TG_ID, FACES_DIR, OUTPUT_DIR, startStack, type Stack } from './stack.js';

let stack: Stack;
let browser: Browser;

const TEMPLATE_TITLE = 'Curly classic';

/** An operator's template (admins upload them), added through the API as the admin would. */
async function addTemplate(baseUrl: string): Promise<void> {
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}/api${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const { initData } = await post('/v1/auth/dev/init-data/', { tgId: ADMIN_TG_ID });
  const { jwtToken } = await post('/v1/auth/login/', { initData });
  const form = new FormData();
  const photo = readFileSync(join(FACES_DIR, 'portrait-02.jpg'));
  form.append('image', new Blob([photo], { type: 'image/jpeg' }), 'template.jpg');
  form.append('title', TEMPLATE_TITLE);
  const created = await fetch(`${baseUrl}/api/v1/memes/generations/templates/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${jwtToken}` },
    body: form,
  });
  assert.equal(created.status, 201, await created.text());
}

before(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  await addTemplate(stack.baseUrl);
});

after(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Screenshots of each screen land in e2e/output (git-ignored) for a human to look at. */
function shot(page: Page, name: string) {
  return page.screenshot({ path: join(OUTPUT_DIR, `${name}.png`), animations: 'disabled' });
}

/**
 * What a finger taps on this screen that is smaller than 44 × 44 px (the phone minimum of Apple's and
 * Google's guidelines). TON Connect's own button is left out: its widget styles it.
 */
function smallTapTargets(page: Page): Promise<string[]> {
  return page
    .locator('button:visible, a:visible, select:visible, [role="tab"]:visible')
    .evaluateAll((elements) =>
      elements
        .filter((element) => !element.closest('.ton-connect'))
        .map((element) => ({ element, box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.width < 44 || box.height < 44)
        .map(
          ({ element, box }) =>
            `${element.tagName} "${element.textContent?.trim() || element.getAttribute('aria-label')}" ` +
            `${Math.round(box.width)}×${Math.round(box.height)}`,
        ),
    );
}

let nextTgId = 900_000_100 + (process.pid % 1000) * 100;

async function openNewPlayer(
  query = '',
  tgId = nextTgId++,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phoneContext(browser, stack.baseUrl);
  const page = await context.newPage();
  await page.goto(`/?tgId=${tgId}${query}`);
  return { context, page };
}

async function skipOnboarding(page: Page, skipLabel = 'Skip') {
  await page.getByRole('button', { name: skipLabel }).click();
  await page.waitForURL('**/main');
}

describe('the mini app in a phone browser against the real backend', () => {
  it('first visit: onboarding (8 steps) → main; a reload signs in from the cookies', async () => {
    const { context, page } = await openNewPlayer();
    await page.getByRole('heading', { name: 'Welcome to MemeMint' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/onboarding');
    await shot(page, '01-onboarding-first');
    for (let step = 2; step <= 8; step++) {
      await page.getByRole('button', { name: 'Next' }).click();
      if (step === 4) await shot(page, '02-onboarding-step4');
    }
    await page.getByRole('heading', { name: "You're all set" }).waitFor();
    await page.getByRole('button', { name: "Let's go!" }).click();
    await page.waitForURL('**/main');
    await page.getByRole('heading', { name: 'Create a meme' }).waitFor();
    await shot(page, '03-main');

    const cookies = await context.cookies();
    for (const name of ['mm_auth_token', 'mm_refresh_token']) {
      const cookie = cookies.find((c) => c.name === name);
      assert.ok(cookie, `${name} is set`);
      assert.equal(cookie.sameSite, 'Strict');
      assert.equal(cookie.path, '/');
      const days = (cookie.expires - Date.now() / 1000) / 86_400;
      assert.ok(days > 29.9 && days <= 30, `${name} lasts 30 days (got ${days})`);
    }

    const calls: string[] = [];
    page.on('request', (request) => calls.push(new URL(request.url()).pathname));
    await page.goto('/profile');
    await page.getByText('Credits left').waitFor();
    assert.equal(new URL(page.url()).pathname, '/profile', 'no onboarding again after a reload');
    assert.ok(calls.includes('/api/v1/auth/me/'));
    assert.ok(!calls.includes('/api/v1/auth/login/'), 'the reload reused the cookies instead of logging in');
    assert.equal(await page.getByTestId('stat-credits').locator('.stat__value').textContent(), '3');
    await context.close();
  });

  it('an unsupported platform shows the notice', async () => {
    const { context, page } = await openNewPlayer('&platform=tdesktop');
    await page.getByTestId('not-supported').waitFor();
    assert.equal(new URL(page.url()).pathname, '/not-supported-platform');
    await page.getByText('MemeMint works only in the Telegram app for Android and iOS.').waitFor();
    await shot(page, '04-not-supported');
    await context.close();
  });

  it('a stale access token is refreshed once with the refresh cookie; a refused refresh signs out to the root', async () => {
    const { context, page } = await openNewPlayer();
    await skipOnboarding(page);
    const cookie = async (name: string) => (await context.cookies()).find((c) => c.name === name);
    const staleAccess = { ...(await cookie('mm_auth_token'))!, value: 'stale.access.token' };
    await context.addCookies([staleAccess]);

    const calls: string[] = [];
    page.on('request', (request) => calls.push(new URL(request.url()).pathname));
    await page.goto('/profile');
    await page.getByText('Credits left').waitFor();
    assert.deepEqual(
      calls.filter((path) => path.startsWith('/api/v1/auth/')),
      ['/api/v1/auth/me/', '/api/v1/auth/refresh-token/', '/api/v1/auth/me/'],
    );
    assert.notEqual((await cookie('mm_auth_token'))?.value, 'stale.access.token');

    await context.addCookies([
      { ...staleAccess, value: 'stale.access.token' },
      { ...(await cookie('mm_refresh_token'))!, value: 'revoked-refresh-token' },
    ]);
    await page.goto('/rating');
    await page.getByText('Login error. Please reload the page or app.').first().waitFor();
    assert.equal(new URL(page.url()).pathname, '/');
    assert.equal(await cookie('mm_auth_token'), undefined, 'tokens cleared');
    assert.equal(await cookie('mm_refresh_token'), undefined, 'tokens cleared');
    await context.close();
  });

  it('a Russian player reads Russian', async () => {
    const { context, page } = await openNewPlayer('&lang=ru');
    await page.getByRole('heading', { name: 'Добро пожаловать в MemeMint' }).waitFor();
    await skipOnboarding(page, 'Пропустить');
    await page.getByRole('heading', { name: 'Создать мем' }).waitFor();
    await page.getByText('Осталось 3 кредита').waitFor();
    await page.getByRole('link', { name: 'Профиль' }).waitFor();
    await shot(page, '05-main-ru');
    await context.close();
  });

  it('every main screen renders on a phone (screenshots), and the promo dialog validates', async () => {
    const { context, page } = await openNewPlayer();
    await skipOnboarding(page);
    const screens: Array<[string, string, string]> = [
      ['/profile', 'Credits left', '06-profile'],
      ['/rating', 'Your rating', '07-rating'],
      ['/invite', 'Your invite link', '08-invite'],
      ['/quests', 'Complete quests to earn MemeMint coins.', '09-quests'],
      ['/airdrop', 'Airdrop', '10-airdrop'],
      ['/stickers', 'Sticker packs', '11-stickers'],
    ];
    for (const [path, text, name] of screens) {
      await page.goto(path);
      await page.getByText(text, { exact: true }).first().waitFor();
      await shot(page, name);
      assert.deepEqual(await smallTapTargets(page), [], `tap targets on ${path}`);
    }
    const invite = await page.goto('/invite').then(() => page.getByTestId('invite-link').textContent());
    assert.match(invite ?? '', /^https:\/\/t\.me\/[^/]+\/[^/?]+\?startapp=ref_\d+$/);

    await page.goto('/main');
    await page.getByRole('heading', { name: 'Create a meme' }).waitFor();
    assert.deepEqual(await smallTapTargets(page), [], 'tap targets on /main');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Invite' }).waitFor();
    await shot(page, '12-dropdown');
    await page.getByRole('menuitem', { name: 'Enter promo code' }).click();
    const apply = page.getByRole('button', { name: 'Apply' });
    assert.equal(await apply.isDisabled(), true, 'Apply is disabled while empty');
    await page.getByRole('textbox').fill('ABC');
    const calls: string[] = [];
    page.on('request', (request) => calls.push(new URL(request.url()).pathname));
    await apply.click();
    await page.getByText('Promo code must have at least 6 characters').waitFor();
    assert.ok(!calls.some((path) => path.startsWith('/api/v1/promocodes/')), 'no call for a short code');
    await shot(page, '13-promo-short');
    await context.close();

    const dark = await phoneContext(browser, stack.baseUrl, 'dark');
    const darkPage = await dark.newPage();
    await darkPage.goto(`/?tgId=${nextTgId++}&theme=dark`);
    await skipOnboarding(darkPage);
    await darkPage.getByRole('heading', { name: 'Create a meme' }).waitFor();
    await shot(darkPage, '14-main-dark');
    await dark.close();
  });

  it('buys a credit pack with Stars end to end: the invoice sheet, the fake Bot API paying, the credits rising', async () => {
    const { context, page } = await openNewPlayer();
    await skipOnboarding(page);
    await page.goto('/profile');
    const credits = page.getByTestId('stat-credits').locator('.stat__value');
    assert.equal(await credits.textContent(), '3');
    const buy = page.getByRole('button', { name: 'Buy 10 credits for 50 Stars' });
    await buy.scrollIntoViewIfNeeded();
    await shot(page, '20-profile-plans');
    assert.deepEqual(await smallTapTargets(page), [], 'tap targets on the plans');

    // The mock client's payment sheet: cancelled first, then paid.
    page.once('dialog', (dialog) => void dialog.dismiss());
    await buy.click();
    await page.getByText('Payment cancelled').waitFor();
    assert.equal(await credits.textContent(), '3');

    page.once('dialog', (dialog) => void dialog.accept());
    await buy.click();
    await page.getByText('Payment received. Thank you!').waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="stat-credits"] .stat__value')?.textContent === '13',
    );
    await shot(page, '21-profile-paid');
    await context.close();

    const dark = await phoneContext(browser, stack.baseUrl, 'dark');
    const darkPage = await dark.newPage();
    await darkPage.goto(`/?tgId=${nextTgId++}&theme=dark`);
    await skipOnboarding(darkPage);
    await darkPage.goto('/profile');
    await darkPage.getByRole('button', { name: 'Buy 10 credits for 50 Stars' }).scrollIntoViewIfNeeded();
    await shot(darkPage, '22-profile-plans-dark');
    await dark.close();
  });

  it('a channel quest fails before Telegram says "member" and passes after, the reward reaching the balance', async () => {
    const tgId = nextTgId++;
    const { context, page } = await openNewPlayer('', tgId);
    await skipOnboarding(page);
    await page.getByRole('link', { name: 'Quests' }).click();
    const channel = page.getByTestId('quest-channel');
    await channel.getByRole('button', { name: 'Go' }).click();
    await channel.getByRole('button', { name: 'Check' }).click();
    await channel.getByText('Not done yet. Do it, then tap Check again.').waitFor();
    await shot(page, '23-quests');
    assert.deepEqual(await smallTapTargets(page), [], 'tap targets on /quests');
    // The coin icon draws an "M": the balance is the digits.
    const coins = async () => (await page.getByTestId('coin-balance').textContent())?.replace(/\D/g, '');
    assert.equal(await coins(), '0');

    const { fakeBotApiUrl } = (await (await fetch(`${stack.baseUrl}/api/v1/auth/dev/telegram/`)).json()) as {
      fakeBotApiUrl: string;
    };
    const joined = await fetch(`${fakeBotApiUrl}/__fake/chat-member`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chatId: '@mememint_news', userId: tgId, status: 'member' }),
    });
    assert.equal(joined.status, 200);

    await channel.getByRole('button', { name: 'Check' }).click();
    await channel.getByText('Done ✓').waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="coin-balance"]')?.textContent?.replace(/\D/g, '') === '500',
    );
    await shot(page, '24-quest-done');
    await context.close();
  });

  it(
    'creates a meme from a test photo with live progress, and it lands in the history',
    { timeout: 240_000 },
    async () => {
      const { context, page } = await openNewPlayer();
      await skipOnboarding(page);

      await page.getByRole('button', { name: 'Create a meme' }).first().click();
      await page.getByTestId('gallery-input').first().setInputFiles(join(FACES_DIR, 'portrait-01.jpg'));
      await page.getByRole('button', { name: TEMPLATE_TITLE }).locator('img').waitFor();
      await page.waitForFunction(() => [...document.images].every((img) => img.complete));
      await shot(page, '15-create-templates');
      await page.getByRole('button', { name: TEMPLATE_TITLE }).click();
      await page.getByRole('textbox').fill('When the build is green\nOn the first try');
      await shot(page, '15b-create-caption');
      await page.getByRole('button', { name: 'Create a meme' }).last().click();

      await page.getByTestId('generation-stage').waitFor();
      await shot(page, '16-create-progress');
      await page.getByTestId('meme-result').waitFor({ timeout: 180_000 });
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="meme-result"]');
        return img?.complete && img.naturalWidth > 0;
      });
      await shot(page, '17-create-result');

      await page.getByRole('button', { name: 'Publish to feed' }).click();
      await page.getByText('Published in the feed').waitFor();

      await page.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('link', { name: 'Profile' }).click();
      await page.getByTestId('meme-history').locator('img').first().waitFor();
      assert.equal(await page.getByTestId('stat-credits').locator('.stat__value').textContent(), '2');
      await page.getByTestId('meme-history').scrollIntoViewIfNeeded();
      await shot(page, '18-profile-history');
      await context.close();
    },
  );

  it('puts the face into an own photo (upload, then generate)', { timeout: 240_000 }, async () => {
    const { context, page } = await openNewPlayer();
    await skipOnboarding(page);

    await page.getByRole('button', { name: 'Create a meme' }).first().click();
    await page.getByTestId('gallery-input').first().setInputFiles(join(FACES_DIR, 'portrait-01.jpg'));
    await page.getByRole('heading', { name: 'Your own photo' }).waitFor();
    await page.getByTestId('gallery-input').first().setInputFiles(join(FACES_DIR, 'portrait-04.jpg'));
    await page.getByRole('heading', { name: 'Caption' }).waitFor();
    await page.getByRole('button', { name: 'Create a meme' }).last().click();

    await page.getByTestId('meme-result').waitFor({ timeout: 180_000 });
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('link', { name: 'Profile' }).click();
    // The uploaded photo and the result, both in the history.
    await page.getByTestId('meme-history').locator('img').nth(1).waitFor();
    await context.close();
  });

  it(
    'a photo without a face gets "There\'s no face on your photo" beside it at the face check',
    { timeout: 240_000 },
    async () => {
      const { context, page } = await openNewPlayer();
      await skipOnboarding(page);

      await page.getByRole('button', { name: 'Create a meme' }).first().click();
      await page.getByTestId('gallery-input').first().setInputFiles(join(FACES_DIR, 'noface-01.jpg'));
      // The advice is shown next to the photo; the player stays on the photo step to retake it.
      await page.getByRole('alert').getByText("There's no face on your photo").waitFor({ timeout: 180_000 });
      await page.getByRole('heading', { name: 'Your face' }).waitFor();
      await shot(page, '19-create-no-face');
      await context.close();
    },
  );

  it('a PNG is refused on the device with "Only JPG/JPEG images are supported"', async () => {
    const { context, page } = await openNewPlayer();
    await skipOnboarding(page);
    const calls: string[] = [];
    page.on('request', (request) => calls.push(new URL(request.url()).pathname));

    await page.getByRole('button', { name: 'Create a meme' }).first().click();
    await page.getByTestId('gallery-input').first().setInputFiles(join(FACES_DIR, 'png-portrait-01.png'));

    await page.getByRole('alert').getByText('Only JPG/JPEG images are supported').waitFor();
    assert.ok(!calls.some((path) => path.startsWith('/api/v1/memes')), 'nothing was uploaded');
    await context.close();
  });

  /** A player's API session for setting up data as the app would (dev login by tgId). */
  async function apiAs(tgId: number) {
    const post = (path: string, body: unknown) =>
      fetch(`${stack.baseUrl}/api${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json());
    const { initData } = await post('/v1/auth/dev/init-data/', { tgId });
    const { jwtToken } = (await post('/v1/auth/login/', { initData })) as { jwtToken: string };
    const headers = { Authorization: `Bearer ${jwtToken}` };
    return {
      async uploadMeme(file: string): Promise<{ id: string; shareId: string }> {
        const form = new FormData();
        const photo = readFileSync(join(FACES_DIR, file));
        form.append('image', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
        const res = await fetch(`${stack.baseUrl}/api/v1/memes/`, { method: 'POST', headers, body: form });
        assert.equal(res.status, 201, await res.clone().text());
        return (await res.json()) as { id: string; shareId: string };
      },
      async publish(id: string, text: string): Promise<void> {
        const res = await fetch(`${stack.baseUrl}/api/v1/memes/${id}/`, {
          method: 'PATCH',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify({ text, isPublished: true }),
        });
        assert.equal(res.status, 200, await res.clone().text());
      },
    };
  }

  it('makes a sticker pack from two memes against the fake Bot API, with the pack link and the list', async () => {
    const tgId = nextTgId++;
    const { context, page } = await openNewPlayer('', tgId);
    await skipOnboarding(page);
    const api = await apiAs(tgId);
    await api.uploadMeme('portrait-05.jpg');
    await api.uploadMeme('portrait-07.jpg');

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
    const { fakeBotApiUrl } = (await (await fetch(`${stack.baseUrl}/api/v1/auth/dev/telegram/`)).json()) as {
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

  it('the airdrop page: the TON Connect button and the share, TON Connect loaded on that route only', async () => {
    const { context, page } = await openNewPlayer();
    const scripts: string[] = [];
    page.on('request', (request) => scripts.push(new URL(request.url()).pathname));
    await skipOnboarding(page);
    await page.getByRole('heading', { name: 'Create a meme' }).waitFor();
    const beforeAirdrop = scripts.length;
    await page.goto('/airdrop');
    await page.getByText('Your share of the airdrop: 0%').waitFor();
    await page.locator('.ton-connect button').first().waitFor();
    await shot(page, '27-airdrop');
    assert.deepEqual(await smallTapTargets(page), [], 'tap targets on /airdrop');
    const tonChunk = (path: string) => /\/assets\/.*(AirdropPage|tonconnect).*\.js$/i.test(path);
    assert.ok(!scripts.slice(0, beforeAirdrop).some(tonChunk), 'no TON Connect code before /airdrop');
    assert.ok(scripts.slice(beforeAirdrop).some(tonChunk), 'TON Connect code loaded on /airdrop');
    const payloads = scripts
      .slice(beforeAirdrop)
      .filter((path) => path === '/api/v1/users/ton-proof/payload/');
    assert.equal(payloads.length, 1, 'the ton_proof payload is asked before the modal can open');
    await context.close();
  });

  it('a shared meme: Open Graph tags for link previews, and the meme in the mini app', async () => {
    const tgId = nextTgId++;
    const api = await apiAs(tgId);
    const meme = await api.uploadMeme('portrait-08.jpg');
    await api.publish(meme.id, `Shared in e2e ${tgId}`);

    const html = await (await fetch(`${stack.baseUrl}/i/${meme.shareId}`)).text();
    assert.match(html, /<meta property="og:title"/);
    assert.match(html, /<meta property="og:image" content="https?:\/\/[^"]+"/);
    assert.match(html, /<meta name="twitter:card" content="summary_large_image"/);
    assert.equal((await fetch(`${stack.baseUrl}/i/unknown123`)).status, 404);

    const { context, page } = await openNewPlayer();
    await page.goto(`/i/${meme.shareId}`);
    await page.getByRole('img', { name: `Shared in e2e ${tgId}` }).waitFor();
    await page.getByRole('link', { name: 'Make your own' }).waitFor();
    await shot(page, '28-shared-meme');
    await context.close();
  });

  it('no screen ran into the Content Security Policy the API sends (TON Connect and Telegram’s bridge included)', () => {
    assert.deepEqual(cspViolations, []);
  });
});
