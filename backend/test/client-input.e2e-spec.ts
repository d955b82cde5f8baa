import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ErrorText } from '@mememint/contracts';
import sharp from 'sharp';
import request from 'supertest';

import { bearer, newPlayer, type Player } from './helpers/memes.js';
import { initDataFor, newTgId } from './helpers/telegram-login.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** `{"a":{"a":…}}` nested `depth` levels. */
function nestedJson(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/**
 * A tiny JPEG whose header claims `width`×`height`: the classic decompression bomb. The frame
 * header (SOF0: FF C0, length, precision, height, width) is rewritten after encoding.
 */
async function pixelBomb(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#808080' } })
    .jpeg({ quality: 50 })
    .toBuffer();
  const frame = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  jpeg.writeUInt16BE(height, frame + 5);
  jpeg.writeUInt16BE(width, frame + 7);
  return jpeg;
}

describe('client input never causes a 500', () => {
  let t: TestApp;
  let player: Player;
  beforeAll(async () => {
    t = await createTestApp();
    player = await newPlayer(t.server, t.config);
  });
  afterAll(() => t.close());

  it('JSON nested 2,000 levels on the unauthenticated login is 400 {detail}', async () => {
    const res = await request(t.server)
      .post('/api/v1/auth/login/')
      .set('Content-Type', 'application/json')
      .send(nestedJson(2000))
      .expect(400);
    expect(res.body).toEqual({ detail: 'Request body is nested too deeply' });
  });

  it('JSON arrays nested deeply are refused the same way', async () => {
    const res = await request(t.server)
      .post('/api/v1/auth/refresh-token/')
      .set('Content-Type', 'application/json')
      .send('['.repeat(5000) + ']'.repeat(5000))
      .expect(400);
    expect(res.body).toEqual({ detail: 'Request body is nested too deeply' });
  });

  it('nesting up to JSON_MAX_DEPTH passes the parser (and meets the DTO), a JSON body not in UTF-8 is 415', async () => {
    const within = await request(t.server)
      .post('/api/v1/auth/login/')
      .set('Content-Type', 'application/json')
      .send(nestedJson(t.config.http.jsonMaxDepth))
      .expect(400);
    expect(within.body.detail).toContain('property a should not exist');
    const utf16 = await request(t.server)
      .post('/api/v1/auth/login/')
      .set('Content-Type', 'application/json; charset=utf-16le')
      .send(Buffer.from('{"initData":"x"}', 'utf16le'))
      .expect(415);
    expect(utf16.body).toEqual({ detail: 'Unsupported request body charset' });
  });

  it.each(['1e300', '5e17', '9007199254740993', '1.5', '0x10', ' 2', '-1', '0', '1e3', ''])(
    'page=%p on paged lists is 400 naming the field',
    async (page) => {
      for (const path of ['/api/v1/memes/', '/api/v1/memes/generations/templates/']) {
        const res = await request(t.server).get(path).query({ page }).set(bearer(player)).expect(400);
        expect(res.body.detail).toMatch(/^page /);
      }
    },
  );

  it('pageSize out of range is 400, a big but sane page is an empty page', async () => {
    const res = await request(t.server)
      .get('/api/v1/memes/')
      .query({ pageSize: '1e2' })
      .set(bearer(player))
      .expect(400);
    expect(res.body).toEqual({ detail: 'pageSize must be an integer number' });
    const last = await request(t.server)
      .get('/api/v1/memes/generations/templates/')
      .query({ page: '100000', pageSize: '100' })
      .set(bearer(player))
      .expect(200);
    expect(last.body).toMatchObject({ items: [], page: 100000, pageSize: 100 });
    await request(t.server).get('/api/v1/memes/').query({ page: '100001' }).set(bearer(player)).expect(400);
  });

  it('a wrongly typed field is named as such (the type is checked before the range)', async () => {
    const login = await request(t.server)
      .post('/api/v1/auth/login/')
      .send({ initData: ['a'] })
      .expect(400);
    expect(login.body).toEqual({ detail: 'initData must be a string' });
    const page = await request(t.server)
      .get('/api/v1/memes/')
      .query({ page: 'abc' })
      .set(bearer(player))
      .expect(400);
    expect(page.body).toEqual({ detail: 'page must be an integer number' });
  });

  it('a repeated query parameter is 400, not a crash', async () => {
    const res = await request(t.server)
      .get('/api/v1/memes/generations/templates/?page=1&page=2&tag=a&tag=b')
      .set(bearer(player))
      .expect(400);
    expect(typeof res.body.detail).toBe('string');
  });

  it('text with a NUL character is 400 wherever it reaches the database', async () => {
    const tag = await request(t.server)
      .get('/api/v1/memes/generations/templates/')
      .query({ tag: 'a\u0000b' })
      .set(bearer(player))
      .expect(400);
    expect(tag.body).toEqual({ detail: 'tag must not contain NUL characters' });
    const caption = await request(t.server)
      .patch('/api/v1/memes/00000000-0000-4000-8000-000000000000')
      .set(bearer(player))
      .send({ text: 'x\u0000' })
      .expect(400);
    expect(caption.body).toEqual({ detail: 'text must not contain NUL characters' });
    const key = await request(t.server)
      .post('/api/v1/auth/refresh-token/')
      .send({ ['refresh\u0000Token']: 'x' })
      .expect(400);
    expect(key.body).toEqual({ detail: 'refresh\u0000Token must not contain NUL characters' });
    const form = await request(t.server)
      .post('/api/v1/memes/')
      .set(bearer(player))
      .field('text', 'a\u0000')
      .attach('image', Buffer.from('not a photo'), 'x.jpg')
      .expect(400);
    expect(form.body).toEqual({ detail: 'text must not contain NUL characters' });
  });

  it('a malformed percent-encoding in a path is 400 {detail}', async () => {
    for (const path of [
      '/api/media/templates/%E0%A4%A.jpg',
      '/api/v1/memes/generations/%ZZ/status',
      '/api/v1/memes/%C0%80',
    ]) {
      const res = await request(t.server).get(path).set(bearer(player));
      expect([path, res.status]).toEqual([path, 400]);
      expect(res.body).toEqual({ detail: expect.stringContaining('Failed to decode') });
    }
  });

  it('a pixel bomb over sharp’s own 268 MP limit is 413 like any photo over the limit, and stores nothing', async () => {
    for (const [width, height] of [
      [65_000, 5_000],
      [8_000, 6_000],
    ] as const) {
      const bomb = await pixelBomb(width, height);
      expect(bomb.length).toBeLessThan(1024);
      const res = await request(t.server)
        .post('/api/v1/memes/')
        .set(bearer(player))
        .attach('image', bomb, 'bomb.jpg')
        .expect(413);
      expect(res.body).toEqual({ detail: ErrorText.imageTooLarge });
    }
    const page = await request(t.server).get('/api/v1/memes/').set(bearer(player)).expect(200);
    expect(page.body.total).toBe(0);
  });

  describe('signed init data with long or odd profile fields logs in', () => {
    it('a 300-character first name (and 300-character last name, 100-character username) is cut to fit', async () => {
      const id = newTgId();
      const firstName = 'Ж'.repeat(299) + '😀';
      const initData = initDataFor(t.config, {
        id,
        first_name: firstName,
        last_name: 'L'.repeat(300),
        username: 'u'.repeat(100),
      });
      const login = await request(t.server).post('/api/v1/auth/login/').send({ initData }).expect(200);
      const [row] = await t.dataSource.query(
        'SELECT first_name, last_name, username FROM users WHERE tg_id = $1',
        [id],
      );
      expect(row).toEqual({
        first_name: 'Ж'.repeat(256),
        last_name: 'L'.repeat(256),
        username: 'u'.repeat(64),
      });
      await request(t.server)
        .get('/api/v1/auth/me/')
        .set('Authorization', `Bearer ${login.body.jwtToken}`)
        .expect(200);
    });

    it('the cut counts characters as PostgreSQL does (an emoji is one), and NUL characters go', async () => {
      const id = newTgId();
      const initData = initDataFor(t.config, {
        id,
        first_name: 'A'.repeat(255) + '😀tail',
        username: '\u0000',
        last_name: 'a\u0000b',
        photo_url: 'https://t.me/i/userpic/320/x.jpg\u0000',
      });
      await request(t.server).post('/api/v1/auth/login/').send({ initData }).expect(200);
      const [row] = await t.dataSource.query(
        'SELECT first_name, last_name, username, photo_url FROM users WHERE tg_id = $1',
        [id],
      );
      expect(row).toEqual({
        first_name: 'A'.repeat(255) + '😀',
        username: null,
        last_name: 'ab',
        photo_url: 'https://t.me/i/userpic/320/x.jpg',
      });
    });
  });
});
