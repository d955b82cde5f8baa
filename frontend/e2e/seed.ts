import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

import sharp from 'sharp';
import pg from 'pg';

import { FACES_DIR, type Stack } from './stack.js';

/** The project's labelled photos the seeded memes show (licences in testdata/faces/LICENSES.md). */
const PHOTOS = ['portrait-01.jpg', 'portrait-02.jpg', 'group-02.jpg', 'portrait-04.jpg', 'bw-01.jpg'];

/**
 * Memes as a finished generation leaves them (the swap is the create-meme scenarios' subject; the
 * game and the first-screen bench need many): rows and stored images (the photo as the meme, a WEBP
 * thumbnail of it as the worker makes one) written straight in, then published by their author
 * through the API. With a `seed`, the ids (and so the share ids) are derived from it: the same every
 * run (the screenshot sheet's deterministic world).
 */
export async function seedMemes(
  stack: Stack,
  ownerTgId: number,
  token: string,
  count: number,
  seed?: string,
): Promise<void> {
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  // A version-4-shaped UUID from a text (the API takes v4 ids only), for the seeded ids.
  await db.query(
    `CREATE OR REPLACE FUNCTION pg_temp.seeded_uuid(seed text) RETURNS uuid LANGUAGE sql AS
       $$ SELECT overlay(overlay(md5(seed) PLACING '4' FROM 13) PLACING '8' FROM 17)::uuid $$`,
  );
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO memes (id, share_id, owner_id, image_key, thumbnail_key, width, height, generation_id)
     SELECT id, substr(md5(id::text), 1, 12), $1, 'generations/' || id || '.jpg',
            'generations/' || id || '.thumb.webp', 600, 800,
            COALESCE(pg_temp.seeded_uuid($3 || ':generation:' || n), gen_random_uuid())
       FROM (SELECT n, COALESCE(pg_temp.seeded_uuid($3 || ':meme:' || n), gen_random_uuid()) AS id
               FROM generate_series(1, $2) AS n) AS seeded
      ORDER BY n
     RETURNING id`,
    [ownerTgId, count, seed ?? null],
  );
  await db.end();
  mkdirSync(join(stack.mediaDir, 'generations'), { recursive: true });
  for (const [n, { id }] of rows.entries()) {
    const photo = join(FACES_DIR, PHOTOS[n % PHOTOS.length]!);
    copyFileSync(photo, join(stack.mediaDir, 'generations', `${id}.jpg`));
    // inference/src/image/encode.ts: 512 px inside, WEBP quality 80.
    await sharp(photo)
      .resize(512, 512, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80, effort: 2 })
      .toFile(join(stack.mediaDir, 'generations', `${id}.thumb.webp`));
  }
  for (const { id } of rows) {
    const published = await fetch(`${stack.baseUrl}/api/v1/memes/${id}/`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ isPublished: true }),
    });
    assert.ok(published.ok, `publishing a seeded meme answered ${published.status}`);
  }
}
