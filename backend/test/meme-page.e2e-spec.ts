import { randomUUID } from 'node:crypto';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { MemeDto } from '@mememint/contracts';
import { MediaStore, probeVideo } from '@mememint/media';
import sharp from 'sharp';
import request from 'supertest';

import { makeClip } from './helpers/clips.js';
import { bearer, download, photo, type Player, uploadMeme } from './helpers/memes.js';
import { loginAs, newTgId } from './helpers/telegram-login.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// Booting an app (a cloned database) takes seconds on a busy two-core machine.
jest.setTimeout(30_000);

const PUBLIC_URL = 'https://mememint.test';

/** A built mini app as Vite leaves it: its bundle, and the static manifest the backend must override. */
const SPA_INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>MemeMint</title>
    <script type="module" crossorigin src="/assets/index-test.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** The `content` of every `<meta>` with this name or property, as a parser would read it (entities undone). */
function metaContents(html: string, key: string): string[] {
  const pattern = /<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g;
  return [...html.matchAll(pattern)]
    .filter((match) => match[1] === key)
    .map((match) =>
      match[2]!
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&'),
    );
}

async function newAuthor(t: TestApp): Promise<Player> {
  const tgId = newTgId();
  const tokens = await loginAs(t.server, t.config, {
    id: tgId,
    username: `author${tgId}`,
    first_name: 'Ann',
    photo_url: 'https://t.me/i/userpic/320/ann.jpg',
  });
  return { tgId, token: tokens.jwtToken };
}

/**
 * Makes `meme` an animated one as a finished animated generation leaves it (the swap itself is
 * animations.e2e-spec's subject): a test clip's MP4 (H.264, faststart) stored as its video, its size,
 * frames and length on the row. Answers the clip's size.
 */
async function animate(
  t: TestApp,
  meme: MemeDto,
  folder: string,
): Promise<{ width: number; height: number }> {
  const clip = await makeClip(folder, { name: 'pan', format: 'mp4', width: 320, fps: 10, seconds: 1 });
  const probe = await probeVideo(clip);
  const videoKey = `generations/${randomUUID()}.mp4`;
  await t.app.get(MediaStore).write(videoKey, await readFile(clip));
  await t.dataSource.query(
    `UPDATE memes SET video_key = $2, duration_ms = 1000, frame_count = 10, width = $3, height = $4 WHERE id = $1`,
    [meme.id, videoKey, probe.width, probe.height],
  );
  return { width: probe.width, height: probe.height };
}

async function publish(t: TestApp, player: Player, meme: MemeDto): Promise<void> {
  await request(t.server)
    .patch(`/api/v1/memes/${meme.id}/`)
    .set(bearer(player))
    .send({ isPublished: true })
    .expect(200);
}

describe('the shared meme page with the built mini app and PUBLIC_URL', () => {
  let t: TestApp;
  let dist: string;
  let author: Player;
  let published: MemeDto;
  let unpublished: MemeDto;
  const suffix = newTgId();
  const caption = `Cats <"&> 'rule' ${suffix}`;
  const escapedCaption = `Cats &lt;&quot;&amp;&gt; &#39;rule&#39; ${suffix}`;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'mm-dist-'));
    await writeFile(path.join(dist, 'index.html'), SPA_INDEX);
    await writeFile(
      path.join(dist, 'tonconnect-manifest.json'),
      JSON.stringify({ url: 'https://stale.example' }),
    );
    // The mini app's public icon, copied into the build as Vite copies public/.
    await copyFile(
      new URL('../../frontend/public/icon-180.png', import.meta.url),
      path.join(dist, 'icon-180.png'),
    );
    t = await createTestApp({ env: { FRONTEND_DIST: dist, PUBLIC_URL } });
    author = await newAuthor(t);
    published = await uploadMeme(t.server, author, photo('portrait-01.jpg'), caption);
    await publish(t, author, published);
    unpublished = await uploadMeme(t.server, author, photo('portrait-01.jpg'), 'not yet');
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves a published meme as the mini app with Open Graph and Twitter tags, escaped', async () => {
    const res = await request(t.server).get(`/i/${published.shareId}`).expect(200);

    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.text;
    const image = `${PUBLIC_URL}${published.imageUrl}`;
    const url = `${PUBLIC_URL}/i/${published.shareId}`;
    const description = `Made with AI (MemeMint face swap). By @author${author.tgId} · 0 likes. Make your own face-swap meme in MemeMint on Telegram.`;
    expect(metaContents(html, 'og:title')).toEqual([caption]);
    expect(metaContents(html, 'og:description')).toEqual([description]);
    expect(metaContents(html, 'og:image')).toEqual([image]);
    expect(metaContents(html, 'og:url')).toEqual([url]);
    expect(metaContents(html, 'og:image:width')).toEqual([String(published.width)]);
    expect(metaContents(html, 'twitter:card')).toEqual(['summary_large_image']);
    expect(metaContents(html, 'twitter:image')).toEqual([image]);
    // The caption only ever appears escaped; the page has one title, the meme's.
    expect(html).not.toContain(`<"&>`);
    expect(html).toContain(`<meta property="og:title" content="${escapedCaption}" />`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(`<title>${escapedCaption} · MemeMint</title>`);
    // A browser gets the app, which shows the meme.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-test.js"></script>');
    expect(html).toContain('<div id="root"></div>');

    const served = await download(t.server, new URL(image).pathname);
    expect([served.status, served.headers['content-type']]).toEqual([200, 'image/jpeg']);
  });

  it('answers 404 with the app for an unpublished or unknown meme', async () => {
    for (const shareId of [unpublished.shareId, 'unknown123', 'x'.repeat(40)]) {
      const res = await request(t.server).get(`/i/${shareId}`).expect(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.text).toContain('<title>Meme not found · MemeMint</title>');
      expect(metaContents(res.text, 'robots')).toEqual(['noindex']);
      expect(metaContents(res.text, 'og:image')).toEqual([]);
      expect(res.text).not.toContain('not yet');
      expect(res.text).toContain('/assets/index-test.js');
    }
  });

  it('serves the page only at the site root, not under /api', async () => {
    await request(t.server).get(`/api/i/${published.shareId}`).expect(404);
  });

  it('GET /api/v1/memes/share/{shareId}/ returns the published meme with its author, without sign-in', async () => {
    const res = await request(t.server).get(`/api/v1/memes/share/${published.shareId}/`).expect(200);
    expect(res.body).toEqual({
      id: published.id,
      shareId: published.shareId,
      text: caption,
      imageUrl: published.imageUrl,
      thumbnailUrl: published.thumbnailUrl,
      kind: 'image',
      durationMs: null,
      frameCount: null,
      videoUrl: null,
      width: published.width,
      height: published.height,
      likes: 0,
      publishedAt: expect.any(String),
      author: {
        username: `author${author.tgId}`,
        firstName: 'Ann',
        photoUrl: 'https://t.me/i/userpic/320/ann.jpg',
      },
    });
    for (const shareId of [unpublished.shareId, 'unknown123']) {
      const missing = await request(t.server).get(`/api/v1/memes/share/${shareId}/`).expect(404);
      expect(missing.body).toEqual({ detail: 'Meme not found' });
    }
  });

  it('serves the TON Connect manifest from config, over the mini app’s static file', async () => {
    const res = await request(t.server).get('/tonconnect-manifest.json').expect(200);
    expect(res.body).toEqual({ url: PUBLIC_URL, name: 'MemeMint', iconUrl: `${PUBLIC_URL}/icon-180.png` });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    await request(t.server).get('/api/tonconnect-manifest.json').expect(404);
    // The icon it names is there: a 180×180 PNG, as wallets show it.
    const icon = await download(t.server, new URL(res.body.iconUrl as string).pathname);
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/png/);
    expect(await sharp(icon.body).metadata()).toMatchObject({ format: 'png', width: 180, height: 180 });
  });

  it('never takes its URL from the Host header when PUBLIC_URL is set', async () => {
    const res = await request(t.server)
      .get('/tonconnect-manifest.json')
      .set('Host', 'attacker.example')
      .expect(200);
    expect(res.body).toMatchObject({ url: PUBLIC_URL, iconUrl: `${PUBLIC_URL}/icon-180.png` });
  });
});

describe('the shared meme page of an animated meme', () => {
  let t: TestApp;
  let folder: string;
  let dist: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'mm-page-clips-'));
    dist = await mkdtemp(path.join(os.tmpdir(), 'mm-dist-'));
    await writeFile(path.join(dist, 'index.html'), SPA_INDEX);
    t = await createTestApp({ env: { FRONTEND_DIST: dist, PUBLIC_URL } });
  });
  afterAll(async () => {
    await t.close();
    await rm(folder, { recursive: true, force: true });
    await rm(dist, { recursive: true, force: true });
  });

  it('carries og:video (MP4, secure URL, size) beside its poster, so Telegram plays the preview', async () => {
    const author = await newAuthor(t);
    const meme = await uploadMeme(t.server, author, photo('portrait-01.jpg'), `Moving ${author.tgId}`);
    await publish(t, author, meme);
    const size = await animate(t, meme, folder);

    const shared = await request(t.server).get(`/api/v1/memes/share/${meme.shareId}/`).expect(200);
    expect(shared.body).toMatchObject({ kind: 'animation', durationMs: 1000, frameCount: 10 });
    const video = `${PUBLIC_URL}${shared.body.videoUrl as string}`;
    const res = await request(t.server).get(`/i/${meme.shareId}`).expect(200);
    const html = res.text;
    expect(metaContents(html, 'og:type')).toEqual(['video.other']);
    expect(metaContents(html, 'og:video')).toEqual([video]);
    expect(metaContents(html, 'og:video:secure_url')).toEqual([video]);
    expect(metaContents(html, 'og:video:type')).toEqual(['video/mp4']);
    expect(metaContents(html, 'og:video:width')).toEqual([String(size.width)]);
    expect(metaContents(html, 'og:video:height')).toEqual([String(size.height)]);
    // The poster stays the picture of the preview and of apps that play no video.
    expect(metaContents(html, 'og:image')).toEqual([`${PUBLIC_URL}${meme.imageUrl}`]);

    // What the tag names is there: the MP4, playable in a preview (H.264, yuv420p, in byte ranges).
    const served = await download(t.server, new URL(video).pathname);
    expect([served.status, served.headers['content-type']]).toEqual([200, 'video/mp4']);
    const file = path.join(folder, 'served.mp4');
    await writeFile(file, served.body);
    expect(await probeVideo(file)).toMatchObject({ codec: 'h264', pixelFormat: 'yuv420p', ...size });
    await request(t.server).get(new URL(video).pathname).set('Range', 'bytes=0-9').expect(206);
    // The page lets the app play it (media-src), here and from a bucket over https.
    expect(res.headers['content-security-policy']).toContain("media-src 'self' blob: https:");
  });

  it('a still meme’s page has no og:video', async () => {
    const author = await newAuthor(t);
    const meme = await uploadMeme(t.server, author, photo('portrait-01.jpg'), `Still ${author.tgId}`);
    await publish(t, author, meme);
    const html = (await request(t.server).get(`/i/${meme.shareId}`).expect(200)).text;
    expect(metaContents(html, 'og:type')).toEqual(['website']);
    expect(html).not.toContain('og:video');
  });
});

describe('the shared meme page without PUBLIC_URL or a built mini app', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      // The test client stands for the ingress, which names the scheme.
      env: { TON_CONNECT_ICON_PATH: 'https://cdn.example/icon.png', TRUST_PROXY: 'loopback' },
    });
  });
  afterAll(() => t.close());

  it('builds absolute URLs from the request’s host and shows the meme itself', async () => {
    const author = await newAuthor(t);
    const meme = await uploadMeme(t.server, author, photo('portrait-01.jpg'), `Plain ${author.tgId}`);
    await publish(t, author, meme);

    const res = await request(t.server)
      .get(`/i/${meme.shareId}`)
      .set('Host', 'share.example')
      .set('X-Forwarded-Proto', 'https')
      .expect(200);

    const image = `https://share.example${meme.imageUrl}`;
    expect(metaContents(res.text, 'og:image')).toEqual([image]);
    expect(metaContents(res.text, 'og:url')).toEqual([`https://share.example/i/${meme.shareId}`]);
    expect(res.text).toContain(`<img src="${image}"`);
  });

  it('plays an animated meme on the bare page; over plain http its og:video has no secure URL', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'mm-page-clips-'));
    try {
      const author = await newAuthor(t);
      const meme = await uploadMeme(t.server, author, photo('portrait-01.jpg'), `Bare ${author.tgId}`);
      await publish(t, author, meme);
      const size = await animate(t, meme, folder);
      const { videoUrl } = (await request(t.server).get(`/api/v1/memes/share/${meme.shareId}/`))
        .body as MemeDto;

      const res = await request(t.server).get(`/i/${meme.shareId}`).set('Host', 'share.example').expect(200);
      const video = `http://share.example${videoUrl!}`;
      expect(metaContents(res.text, 'og:video')).toEqual([video]);
      expect(metaContents(res.text, 'og:video:secure_url')).toEqual([]);
      expect(metaContents(res.text, 'og:video:type')).toEqual(['video/mp4']);
      expect(res.text).toContain(
        `<figure class="share-page__figure"><video src="${video}" poster="http://share.example${meme.imageUrl}" width="${size.width}" height="${size.height}" autoplay muted loop playsinline aria-label="Bare ${author.tgId}"></video></figure>`,
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('styles the bare page: the app’s name, the meme as a card and "Make your own" to the mini app', async () => {
    const author = await newAuthor(t);
    const meme = await uploadMeme(t.server, author, photo('portrait-01.jpg'), `Styled ${author.tgId}`);
    await publish(t, author, meme);

    const res = await request(t.server).get(`/i/${meme.shareId}`).expect(200);
    const html = res.text;
    const appLink = `https://t.me/${t.config.telegram.botUsername}/${t.config.telegram.appName}`;
    // Its own stylesheet in the head, which the page's CSP lets through, and its classes in the body.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<style>[\s\S]*\.share-page__button \{[\s\S]*<\/style>/);
    expect(res.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(html).toContain(
      `<a class="share-page__brand" href="${appLink}?startapp=meme_${meme.shareId}">MemeMint</a>`,
    );
    expect(html).toContain(`<h1 class="share-page__title">Styled ${author.tgId}</h1>`);
    expect(html).toMatch(/<figure class="share-page__figure"><img src="[^"]+" alt="Styled \d+"/);
    expect(html).toContain('<p class="share-page__text">Made with AI (MemeMint face swap). By @author');
    expect(html).toContain(
      `<a class="share-page__button" href="${appLink}?startapp=meme_${meme.shareId}">Make your own</a>`,
    );
    // The meta tags stay as they were.
    expect(metaContents(html, 'og:title')).toEqual([`Styled ${author.tgId}`]);

    const missing = await request(t.server).get('/i/unknown123').expect(404);
    expect(missing.text).toContain('<h1 class="share-page__title">Meme not found</h1>');
    expect(missing.text).toContain(`<a class="share-page__button" href="${appLink}">Make your own</a>`);
  });

  it('names the request’s origin in the TON Connect manifest, with an absolute icon as configured', async () => {
    const res = await request(t.server)
      .get('/tonconnect-manifest.json')
      .set('Host', 'play.example')
      .set('X-Forwarded-Proto', 'https')
      .expect(200);
    expect(res.body).toEqual({
      url: 'https://play.example',
      name: 'MemeMint',
      iconUrl: 'https://cdn.example/icon.png',
    });
  });

  it('answers 400 {detail} to a Host header that is not a host, on every route', async () => {
    for (const path of ['/tonconnect-manifest.json', '/i/abc123', '/api/health', '/api/v1/auth/me/']) {
      const res = await request(t.server).get(path).set('Host', 'evil.example"><x').expect(400);
      expect(res.body).toEqual({ detail: 'Invalid Host header' });
    }
    await request(t.server).get('/tonconnect-manifest.json').set('Host', '127.0.0.1:3000').expect(200);
    await request(t.server).get('/tonconnect-manifest.json').set('Host', '[::1]:3000').expect(200);
  });
});
