import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import sharp from 'sharp';
import pg from 'pg';

import { FACES_DIR, REPO_ROOT, type Stack } from './stack.js';

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
  stack: Pick<Stack, 'baseUrl' | 'databaseUrl' | 'mediaDir'>,
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

/**
 * A test clip of a real face panning (`npm run clips -w inference`, reproducible), 360 px wide, as
 * `pan.mp4` and/or `pan.gif` in `folder`.
 */
export async function makePanClip(
  folder: string,
  clip: { format: 'mp4' | 'gif' | 'both'; fps: number; seconds: number },
): Promise<void> {
  const args = ['--import', 'tsx', 'tools/make-test-clips.ts', '--out', folder, '--only', 'pan'];
  args.push(
    '--format',
    clip.format,
    '--width',
    '360',
    '--fps',
    String(clip.fps),
    '--seconds',
    String(clip.seconds),
  );
  await promisify(execFile)(process.execPath, args, { cwd: join(REPO_ROOT, 'inference') });
}

/**
 * An animated meme as a finished animated generation leaves it (the swap is the backend's
 * animations.e2e-spec's subject): a test clip of a real face panning (`npm run clips -w inference`,
 * reproducible) as its MP4 (H.264, faststart), its first frame as the poster JPEG and WEBP thumbnail,
 * the row written straight in, then published by its author through the API. Answers its id.
 */
export async function seedAnimatedMeme(
  stack: Stack,
  ownerTgId: number,
  token: string,
  clip: { fps: number; seconds: number } = { fps: 12, seconds: 2 },
  /** Keep the clip as its caption-less original too (as a swap with a caption does): its caption can be edited. */
  { captionless = false }: { captionless?: boolean } = {},
): Promise<{ id: string; shareId: string; width: number; height: number }> {
  const folder = mkdtempSync(join(tmpdir(), 'mm-e2e-clip-'));
  try {
    await makePanClip(folder, { format: 'both', ...clip });
    // The GIF's first frame is the MP4's (the same frames, computed from the photo alone).
    const poster = sharp(join(folder, 'pan.gif'), { pages: 1 });
    const { width = 0, height = 0 } = await poster.metadata();
    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    const frames = Math.round(clip.fps * clip.seconds);
    const { rows } = await db.query<{ id: string; share_id: string }>(
      `INSERT INTO memes (id, share_id, owner_id, image_key, thumbnail_key, video_key, duration_ms, frame_count,
                          width, height, generation_id, plain_image_key)
       SELECT id, substr(md5(id::text), 1, 12), $1, 'generations/' || id || '.jpg',
              'generations/' || id || '.thumb.webp', 'generations/' || id || '.mp4', $2, $3, $4, $5,
              gen_random_uuid(), CASE WHEN $6 THEN 'generations/' || id || '.plain.mp4' END
         FROM (SELECT gen_random_uuid() AS id) AS seeded
       RETURNING id, share_id`,
      [ownerTgId, clip.seconds * 1000, frames, width, height, captionless],
    );
    await db.end();
    const { id, share_id: shareId } = rows[0]!;
    const dir = join(stack.mediaDir, 'generations');
    mkdirSync(dir, { recursive: true });
    copyFileSync(join(folder, 'pan.mp4'), join(dir, `${id}.mp4`));
    if (captionless) copyFileSync(join(folder, 'pan.mp4'), join(dir, `${id}.plain.mp4`));
    await poster
      .clone()
      .jpeg({ quality: 90 })
      .toFile(join(dir, `${id}.jpg`));
    await poster
      .clone()
      .resize(512, 512, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80, effort: 2 })
      .toFile(join(dir, `${id}.thumb.webp`));
    const published = await fetch(`${stack.baseUrl}/api/v1/memes/${id}/`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ isPublished: true }),
    });
    assert.ok(published.ok, `publishing the seeded animation answered ${published.status}`);
    return { id, shareId, width, height };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
