import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { cspViolations, launchBrowser, phoneContext, shot, smallTapTargets } from './browser.js';
import { ADMIN_TG_ID, FACES_DIR, OUTPUT_DIR, startStack, type Stack } from './stack.js';

let stack: Stack;
let browser: Browser;

const TEMPLATE_TITLE = 'Curly classic';
const TEMPLATE_TITLE_RU = 'Кудрявая классика';
const TEMPLATE_CAPTION = 'When the build is green';
const PREMIUM_TITLE = 'Golden boss';
const GROUP_TITLE = 'Team photo';

async function api<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('Content-Type', 'application/json');
  const res = await fetch(`${stack.baseUrl}/api${path}`, { ...init, headers });
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
  const upload = (file: string, fields: Record<string, string>) => {
    const form = new FormData();
    form.append('image', new Blob([readFileSync(join(FACES_DIR, file))], { type: 'image/jpeg' }), 't.jpg');
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return api('/v1/memes/generations/templates/', { method: 'POST', body: form, token: jwtToken });
  };
  // Oldest first: the group template comes last in the grid.
  await upload('group-06.jpg', { title: GROUP_TITLE });
  await upload('portrait-08.jpg', { title: PREMIUM_TITLE, isPremium: 'true' });
  await upload('portrait-02.jpg', {
    title: TEMPLATE_TITLE,
    'titles[ru]': TEMPLATE_TITLE_RU,
    caption: TEMPLATE_CAPTION,
  });
}

before(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  await addTemplates();
});

after(async () => {
  await browser?.close();
  await stack?.stop();
});

let nextTgId = 900_000_100 + (process.pid % 1000) * 100;

type Look = { theme?: 'light' | 'dark'; lang?: 'en' | 'ru' };

async function openNewPlayer({
  theme = 'light',
  lang = 'en',
  query = '',
}: Look & { query?: string } = {}): Promise<{ context: BrowserContext; page: Page; tgId: number }> {
  const tgId = nextTgId++;
  const context = await phoneContext(browser, stack.baseUrl, theme);
  const page = await context.newPage();
  await page.goto(`/?tgId=${tgId}&theme=${theme}&lang=${lang}${query}`);
  return { context, page, tgId };
}

async function skipOnboarding(page: Page, skipLabel = 'Skip') {
  await page.getByRole('button', { name: skipLabel }).click();
  await page.waitForURL('**/main');
}

async function tokenOf(context: BrowserContext): Promise<string> {
  return (await context.cookies()).find((c) => c.name === 'mm_auth_token')!.value;
}

/** The generation starts the server answered (a request that never left the phone is not one). */
function recordStarts(page: Page): Request[] {
  const starts: Request[] = [];
  page.on('requestfinished', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/memes/generations/')
      starts.push(request);
  });
  return starts;
}

/** The face photos the server stored for a player (one per upload). */
function storedFaces(tgId: number): string[] {
  const dir = join(OUTPUT_DIR, 'media', 'faces', String(tgId));
  // Each stored face has its face analysis beside it (`<key>.analysis.json`).
  return existsSync(dir) ? readdirSync(dir).filter((name) => !name.endsWith('.analysis.json')) : [];
}

/** Opens the create flow with a face photo from the test set. */
async function openCreate(page: Page, face: string, createLabel = 'Create a meme') {
  await page.getByRole('button', { name: createLabel }).first().click();
  await page.getByTestId('gallery-input').first().setInputFiles(join(FACES_DIR, face));
}

async function waitForResult(page: Page): Promise<string> {
  await page.getByTestId('meme-result').waitFor({ timeout: 180_000 });
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('[data-testid="meme-result"]');
    return img?.complete && img.naturalWidth > 0;
  });
  return (await page.getByTestId('meme-result').getAttribute('src'))!;
}

/** The bytes of an image the page shows. */
async function imageBytes(url: string): Promise<Buffer> {
  return Buffer.from(await (await fetch(new URL(url, stack.baseUrl))).arrayBuffer());
}

describe('the mini app in a phone browser against the real backend', () => {
  it('first visit: onboarding (8 illustrated steps) → main; a reload signs in from the cookies', async () => {
    const { context, page } = await openNewPlayer();
    await page.getByRole('heading', { name: 'Welcome to MemeMint' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/onboarding');
    await shot(page, '01-onboarding-1');
    const illustrations = new Set<string>();
    for (let step = 2; step <= 8; step++) {
      illustrations.add((await page.locator('.onboarding__art svg').innerHTML()).slice(0, 400));
      await page.getByRole('button', { name: 'Next' }).click();
      await shot(page, `01-onboarding-${step}`);
    }
    illustrations.add((await page.locator('.onboarding__art svg').innerHTML()).slice(0, 400));
    assert.equal(illustrations.size, 8, 'every step has its own illustration');
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

  it('serves the app compressed, hashed assets cached for a year', async () => {
    const html = await fetch(`${stack.baseUrl}/main`, { headers: { 'Accept-Encoding': 'br' } });
    assert.equal(html.headers.get('cache-control'), 'no-cache');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(await html.text())![1]!;
    const asset = await fetch(`${stack.baseUrl}${script}`, { headers: { 'Accept-Encoding': 'gzip, br' } });
    assert.equal(asset.headers.get('content-encoding'), 'br');
    assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  });

  it('on a desktop: the notice with a QR code and the t.me link to open it on the phone', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const { context, page } = await openNewPlayer({ theme, query: '&platform=tdesktop' });
      await page.getByTestId('not-supported').waitFor();
      assert.equal(new URL(page.url()).pathname, '/not-supported-platform');
      await page.getByText('MemeMint works only in the Telegram app for Android and iOS.').waitFor();
      await page.getByRole('img', { name: 'QR code that opens MemeMint in Telegram' }).waitFor();
      assert.match(
        (await page.getByTestId('app-link').getAttribute('href')) ?? '',
        /^https:\/\/t\.me\/[^/]+\/[^/?]+$/,
      );
      await shot(page, `04-not-supported-${theme}`);
      await context.close();
    }
  });

  it('a stale access token is refreshed once with the refresh cookie; a refused refresh signs out to the root', async () => {
    const { context, page } = await openNewPlayer();
    await skipOnboarding(page);
    // Leave /main first: its own late calls (a query, the socket's handshake) must not meet the stale
    // token, or their refresh, cut off by the next navigation, would sign the player out before it.
    await page.goto('about:blank');
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

    await page.goto('about:blank');
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

  const LOOKS: Array<Required<Look>> = [
    { theme: 'light', lang: 'en' },
    { theme: 'dark', lang: 'en' },
    { theme: 'light', lang: 'ru' },
    { theme: 'dark', lang: 'ru' },
  ];
  const TEXTS = {
    en: {
      skip: 'Skip',
      create: 'Create a meme',
      screens: [
        ['/profile', 'Credits left', 'profile'],
        ['/rating', 'Your rating', 'rating'],
        ['/invite', 'Your invite link', 'invite'],
        ['/quests', 'Complete quests to earn MemeMint coins.', 'quests'],
        ['/airdrop', 'Airdrop', 'airdrop'],
        ['/stickers', 'Sticker packs', 'stickers'],
      ],
      balance: 'Your balance',
      swipes: 'Swipes',
    },
    ru: {
      skip: 'Пропустить',
      create: 'Создать мем',
      screens: [
        ['/profile', 'Осталось кредитов', 'profile'],
        ['/rating', 'Ваш рейтинг', 'rating'],
        ['/invite', 'Ваша ссылка-приглашение', 'invite'],
        ['/quests', 'Выполняйте задания и зарабатывайте монеты MemeMint.', 'quests'],
        ['/airdrop', 'Аирдроп', 'airdrop'],
        ['/stickers', 'Стикерпаки', 'stickers'],
      ],
      balance: 'Ваш баланс',
      swipes: 'Свайпы',
    },
  } as const;

  for (const look of LOOKS) {
    it(`every main screen on a phone, ${look.theme} and ${look.lang} (screenshots, tap targets, balance sheet)`, async () => {
      const texts = TEXTS[look.lang];
      const { context, page, tgId } = await openNewPlayer(look);
      await skipOnboarding(page, texts.skip);
      await page.getByRole('heading', { name: texts.create }).waitFor();
      const name = (screen: string) => `05-${screen}-${look.theme}-${look.lang}`;
      await shot(page, name('main'));
      assert.deepEqual(await smallTapTargets(page), [], 'tap targets on /main');

      // The swipe bar says what it is; a tap on the balances opens them in full.
      await page.getByTestId('swipe-bar').getByText(texts.swipes).waitFor();
      await page.getByTestId('coin-balance').click();
      await page.getByRole('dialog', { name: texts.balance }).waitFor();
      assert.match((await page.getByTestId('balance-swipes').textContent()) ?? '', /60\D+60/);
      await shot(page, name('balance'));
      assert.deepEqual(await smallTapTargets(page), [], 'tap targets on the balance sheet');
      await page.keyboard.press('Escape');

      for (const [path, text, screen] of texts.screens) {
        await page.goto(path);
        await page.getByText(text, { exact: true }).first().waitFor();
        if (path === '/airdrop') await page.locator('.ton-connect *').first().waitFor();
        await shot(page, name(screen));
        assert.deepEqual(await smallTapTargets(page), [], `tap targets on ${path}`);
      }
      // The profile names the player once (the top menu does).
      await page.goto('/profile');
      await page.getByText(texts.screens[0][1]).waitFor();
      assert.equal(await page.getByText(`dev${tgId}`, { exact: true }).count(), 1);

      await page.goto('/main');
      await page.getByRole('button', { name: texts.create }).first().click();
      await page.getByTestId('gallery-input').first().setInputFiles(join(FACES_DIR, 'portrait-01.jpg'));
      await page
        .getByRole('button', { name: look.lang === 'ru' ? TEMPLATE_TITLE_RU : TEMPLATE_TITLE })
        .locator('img')
        .waitFor();
      await page.waitForFunction(() => [...document.images].every((img) => img.complete));
      await shot(page, name('create-templates'));
      assert.deepEqual(await smallTapTargets(page), [], 'tap targets on the template choice');
      await context.close();
    });
  }

  it('the promo dialog validates before any call', async () => {
    const { context, page } = await openNewPlayer();
    await skipOnboarding(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Invite' }).waitFor();
    await shot(page, '06-dropdown');
    await page.getByRole('menuitem', { name: 'Enter promo code' }).click();
    const apply = page.getByRole('button', { name: 'Apply' });
    assert.equal(await apply.isDisabled(), true, 'Apply is disabled while empty');
    await page.getByRole('textbox').fill('ABC');
    const calls: string[] = [];
    page.on('request', (request) => calls.push(new URL(request.url()).pathname));
    await apply.click();
    await page.getByText('Promo code must have at least 6 characters').waitFor();
    assert.ok(!calls.some((path) => path.startsWith('/api/v1/promocodes/')), 'no call for a short code');
    await shot(page, '06-promo-short');
    const invite = await page.goto('/invite').then(() => page.getByTestId('invite-link').textContent());
    assert.match(invite ?? '', /^https:\/\/t\.me\/[^/]+\/[^/?]+\?startapp=ref_\d+$/);
    await context.close();
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
    const { context, page, tgId } = await openNewPlayer();
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
    'template caption: offered, not published unchanged; a new caption redraws the picture; a taken one reopens the editor; the face goes up once',
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
      await page.getByText(/Change a few words to publish this meme/).waitFor();
      await shot(page, '07-create-caption-suggestion');
      await page.getByRole('button', { name: 'Create a meme' }).last().click();
      await page.getByTestId('generation-stage').waitFor();
      await shot(page, '07-create-progress');
      const firstImage = await waitForResult(page);
      await shot(page, '07-create-result');
      assert.deepEqual(await smallTapTargets(page), [], 'tap targets on the result');
      assert.equal(await page.locator('.meme-result .button').count(), 1, 'one main action');

      // Unchanged template caption: the editor opens with the reason, nothing is sent.
      const patches: string[] = [];
      page.on('request', (r) => r.method() === 'PATCH' && patches.push(r.postData() ?? ''));
      await page.getByRole('button', { name: 'Publish to feed' }).click();
      await page.getByText(/This is the template's caption. Change it to publish/).waitFor();
      assert.deepEqual(patches, []);
      await shot(page, '07-create-caption-editor');

      // A new caption: the server draws it again, the picture's bytes change.
      const ownCaption = `When the build is green on Friday ${nextTgId}`;
      await page.getByRole('textbox').fill(ownCaption);
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByText('Caption saved').waitFor();
      const secondImage = (await page.getByTestId('meme-result').getAttribute('src'))!;
      assert.notEqual(secondImage, firstImage);
      assert.equal((await imageBytes(secondImage)).equals(await imageBytes(firstImage)), false);
      await page.getByRole('button', { name: 'Publish to feed' }).click();
      await page.getByText('Published in the feed').waitFor();
      await shot(page, '07-create-published');

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

  it('a premium template shows its lock and leads to the boost plans', async () => {
    const { context, page } = await openNewPlayer({ theme: 'dark' });
    await skipOnboarding(page);
    await openCreate(page, 'portrait-01.jpg');
    const locked = page.getByRole('button', { name: new RegExp(PREMIUM_TITLE) });
    await locked.getByText('Boost').waitFor();
    await shot(page, '10-premium-locked');
    await locked.click();
    await page.getByRole('dialog', { name: 'Premium template' }).waitFor();
    await page.getByTestId('boost-plans').waitFor();
    await shot(page, '10-premium-dialog');
    await page.getByRole('button', { name: 'See boost plans' }).click();
    await page.waitForURL('**/profile#plans');
    await page.getByRole('heading', { name: 'Boost and premium' }).waitFor();
    await page.getByTestId('plans-credit_pack').waitFor();
    await shot(page, '10-profile-plans');
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
      await openCreate(page, 'portrait-01.jpg', 'Создать мем');
      await page.getByRole('button', { name: TEMPLATE_TITLE_RU }).click();
      await page.getByText('У вас закончились кредиты :(').waitFor();
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
      await page.getByRole('button', { name: 'Create a meme' }).first().click();
      await page.getByTestId('gallery-input').first().setInputFiles(join(FACES_DIR, 'portrait-01.jpg'));
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
      /** A real meme: the face photo through the face check, then a generation from the first template. */
      async generateMeme(face: string): Promise<string> {
        const faceForm = new FormData();
        faceForm.append(
          'photo',
          new Blob([readFileSync(join(FACES_DIR, face))], { type: 'image/jpeg' }),
          'f.jpg',
        );
        const checked = await fetch(`${stack.baseUrl}/api/v1/users/face/`, {
          method: 'PUT',
          headers,
          body: faceForm,
        });
        assert.equal(checked.status, 200, await checked.clone().text());
        const templates = (await (
          await fetch(`${stack.baseUrl}/api/v1/memes/generations/templates/`, { headers })
        ).json()) as { items: { id: string; isPremium: boolean }[] };
        const form = new FormData();
        form.append('templateId', templates.items.find((template) => !template.isPremium)!.id);
        const started = await fetch(`${stack.baseUrl}/api/v1/memes/generations/`, {
          method: 'POST',
          headers,
          body: form,
        });
        assert.equal(started.status, 201, await started.clone().text());
        const { id } = (await started.json()) as { id: string };
        for (;;) {
          const status = (await (
            await fetch(`${stack.baseUrl}/api/v1/memes/generations/${id}/status/`, { headers })
          ).json()) as { status: string; meme?: { id: string } };
          if (status.status === 'done') return status.meme!.id;
          assert.notEqual(status.status, 'failed');
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
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
