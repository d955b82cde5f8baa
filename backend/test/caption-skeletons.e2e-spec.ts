import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { normalizeCaption } from '@mememint/contracts';
import request from 'supertest';

import { CaptionSkeletons1795794764087 } from '../src/database/migrations/1795794764087-CaptionSkeletons.js';
import { bearer, newPlayer, photo, uploadMeme } from './helpers/memes.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The migration to the stricter caption keys: every meme's key is computed again; two published memes
 * whose captions only a disguise told apart both stay published, the first keeping the caption.
 */
describe('the caption keys migration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('recomputes the keys; of two published disguised copies the first keeps the caption', async () => {
    const [first, second] = [await newPlayer(t.server, t.config), await newPlayer(t.server, t.config)];
    const caption = `Hello world ${first.tgId}`;
    const disguised = `Hеllo wоrld ${first.tgId}`; // a Cyrillic е and о
    const original = await uploadMeme(t.server, first, photo('portrait-01.jpg'), caption);
    await request(t.server)
      .patch(`/api/v1/memes/${original.id}/`)
      .set(bearer(first))
      .send({ isPublished: true })
      .expect(200);
    const copy = await uploadMeme(t.server, second, photo('portrait-02.jpg'), disguised);
    // As the former rule left them: the copy published under its own key (its Cyrillic letters kept).
    await t.dataSource.query(
      `UPDATE memes SET is_published = true, published_at = now(), first_published_at = now(),
              normalized_text = lower($2) WHERE id = $1`,
      [copy.id, disguised],
    );
    await t.dataSource.query(`UPDATE memes SET normalized_text = 'stale key' WHERE id = $1`, [original.id]);

    const runner = t.dataSource.createQueryRunner();
    try {
      await new CaptionSkeletons1795794764087().up(runner);
    } finally {
      await runner.release();
    }

    const keys = new Map(
      (
        await t.dataSource.query<{ id: string; normalized_text: string; is_published: boolean }[]>(
          'SELECT id, normalized_text, is_published FROM memes WHERE id = ANY($1)',
          [[original.id, copy.id]],
        )
      ).map((row) => [row.id, row]),
    );
    const key = normalizeCaption(caption)!;
    expect(normalizeCaption(disguised)).toBe(key);
    expect(keys.get(original.id)).toEqual({ id: original.id, normalized_text: key, is_published: true });
    expect(keys.get(copy.id)).toEqual({
      id: copy.id,
      normalized_text: `${key} ${copy.id}`,
      is_published: true,
    });

    // The caption is taken, in any disguise.
    const third = await newPlayer(t.server, t.config);
    const attempt = await uploadMeme(
      t.server,
      third,
      photo('portrait-04.jpg'),
      `Hello wor\u200bld ${first.tgId}`,
    );
    await request(t.server)
      .patch(`/api/v1/memes/${attempt.id}/`)
      .set(bearer(third))
      .send({ isPublished: true })
      .expect(400);
  });
});
