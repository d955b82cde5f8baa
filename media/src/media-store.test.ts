import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { after, before, describe, it } from 'node:test';

import { createMediaStore, mediaStoreConfigFromEnv } from './media-config.js';
import { MediaNotFoundError, type MediaStore } from './media-store.js';
import { DirectoryMediaStore } from './directory-media-store.js';
import { S3MediaStore } from './s3-media-store.js';
import { startS3TestServer, type S3TestServer } from './testing.js';

const INVALID_KEYS = ['../outside.jpg', '/etc/passwd', 'a/../../b.jpg', '.hidden', ''];

/** What every store promises, whatever holds the bytes. */
function behavesAsAMediaStore(
  name: string,
  open: () => Promise<{ store: MediaStore; close(): Promise<void> }>,
) {
  describe(`${name}: the MediaStore contract`, () => {
    let store: MediaStore;
    let close: () => Promise<void>;

    before(async () => {
      ({ store, close } = await open());
    });
    after(() => close());

    it('reads back what it wrote, by bytes, size and stream', async () => {
      const bytes = Buffer.from('a stored result');
      await store.write('generations/g1.jpg', bytes);
      assert.deepEqual(await store.read('generations/g1.jpg'), bytes);
      assert.deepEqual(await store.stat('generations/g1.jpg'), { size: bytes.length });
      const object = await store.open('generations/g1.jpg');
      assert.equal(object?.size, bytes.length);
      assert.equal(await text(object!.stream), 'a stored result');
    });

    it('replaces an object written again under its key', async () => {
      await store.write('faces/7/f.jpg', Buffer.from('first'));
      await store.write('faces/7/f.jpg', Buffer.from('second, longer'));
      assert.equal((await store.read('faces/7/f.jpg')).toString(), 'second, longer');
    });

    it('answers a missing key: read throws MediaNotFoundError, stat and open answer null', async () => {
      await assert.rejects(store.read('generations/none.jpg'), MediaNotFoundError);
      assert.equal(await store.stat('generations/none.jpg'), null);
      assert.equal(await store.open('generations/none.jpg'), null);
    });

    it('removes an object, and a missing one without complaint', async () => {
      await store.write('templates/t1.analysis.json', Buffer.from('{}'));
      await store.remove('templates/t1.analysis.json');
      assert.equal(await store.stat('templates/t1.analysis.json'), null);
      await store.remove('templates/t1.analysis.json');
    });

    it('removes a folder with everything under it, and leaves its neighbours', async () => {
      await store.write('faces/8/a.jpg', Buffer.from('a'));
      await store.write('faces/8/a.jpg.analysis.json', Buffer.from('{}'));
      await store.write('faces/8/b.jpg', Buffer.from('b'));
      await store.write('faces/81/c.jpg', Buffer.from('c'));
      await store.removeFolder('faces/8');
      for (const key of ['faces/8/a.jpg', 'faces/8/a.jpg.analysis.json', 'faces/8/b.jpg'])
        assert.equal(await store.stat(key), null);
      assert.deepEqual(await store.stat('faces/81/c.jpg'), { size: 1 });
      await store.removeFolder('faces/8');
      await store.removeFolder('faces/none');
      for (const folder of ['../x', 'faces/..', '', '/etc', 'faces/8.jpg'])
        await assert.rejects(store.removeFolder(folder), /invalid media folder/);
    });

    it('refuses keys that are not media keys (no path leaves the store)', async () => {
      for (const key of INVALID_KEYS) {
        await assert.rejects(store.write(key, Buffer.from('x')), /invalid media key/);
        await assert.rejects(store.read(key), /invalid media key/);
        assert.equal(await store.stat(key), null);
        assert.equal(await store.open(key), null);
        await store.remove(key);
      }
    });
  });
}

behavesAsAMediaStore('directory store', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'media-dir-'));
  return {
    store: new DirectoryMediaStore(dir),
    close: () => rm(dir, { recursive: true, force: true }),
  };
});

behavesAsAMediaStore('S3 store (s3rver)', async () => {
  const server = await startS3TestServer();
  const store = createMediaStore(mediaStoreConfigFromEnv(server.env));
  return {
    store,
    async close() {
      store.close();
      await server.close();
    },
  };
});

describe('directory store', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'media-dir-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('keeps a key at its relative path and leaves no temporary file', async () => {
    const store = new DirectoryMediaStore(dir);
    await store.write('memes/m1.thumb.webp', Buffer.from('thumb'));
    assert.equal(store.pathOf('memes/m1.thumb.webp'), path.join(dir, 'memes/m1.thumb.webp'));
    assert.deepEqual(await readdir(path.join(dir, 'memes')), ['m1.thumb.webp']);
  });

  it('has no client URL of its own: the API streams its files', async () => {
    const store: MediaStore = new DirectoryMediaStore(dir);
    assert.equal(await store.clientUrl('memes/m1.jpg'), null);
  });
});

describe('S3 store', () => {
  let server: S3TestServer;
  let store: MediaStore;
  before(async () => {
    server = await startS3TestServer();
    store = createMediaStore(mediaStoreConfigFromEnv(server.env));
  });
  after(async () => {
    store.close();
    await server.close();
  });

  it('stores each object in the bucket under its key', async () => {
    await store.write('generations/g2.jpg', Buffer.from('jpeg bytes'));
    await store.write('generations/g2.thumb.webp', Buffer.from('webp bytes'));
    assert.deepEqual(await server.keys(), ['generations/g2.jpg', 'generations/g2.thumb.webp']);
  });

  it('hands clients a presigned URL that is signed, expires and serves the object with its type', async () => {
    const bytes = Buffer.from('served through the bucket');
    await store.write('memes/m2.jpg', bytes);
    const link = await store.clientUrl('memes/m2.jpg');
    assert.ok(link);
    assert.equal(link.shared, false);
    assert.ok(link.maxAgeSeconds > 0 && link.maxAgeSeconds <= 3600);
    assert.ok(link.url.startsWith(`${server.endpoint}/${server.bucket}/memes/m2.jpg?`));
    const response = await fetch(link.url);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'image/jpeg');
    assert.deepEqual(Buffer.from(await response.arrayBuffer()), bytes);
    const query = new URL(link.url).searchParams;
    assert.equal(query.get('X-Amz-Expires'), '3600');
    assert.ok(query.get('X-Amz-Signature'));
  });

  it('points clients at the CDN base URL when one is configured', async () => {
    const cdn = createMediaStore(
      mediaStoreConfigFromEnv({ ...server.env, MEDIA_PUBLIC_BASE_URL: 'https://cdn.example.com/media/' }),
    );
    try {
      assert.deepEqual(await cdn.clientUrl('generations/g2.jpg'), {
        url: 'https://cdn.example.com/media/generations/g2.jpg',
        maxAgeSeconds: 31_536_000,
        shared: true,
      });
    } finally {
      cdn.close();
    }
  });

  const storeWith = (accessKeyId: string, secretAccessKey: string) =>
    new S3MediaStore({
      bucket: server.bucket,
      endpoint: server.endpoint,
      region: 'us-east-1',
      accessKeyId,
      secretAccessKey,
      forcePathStyle: true,
      urlTtlSeconds: 60,
    });

  it('fails a write, a read and a presigned URL signed with a wrong secret key, as S3 would', async () => {
    await store.write('memes/m4.jpg', Buffer.from('kept'));
    const forger = storeWith('S3RVER', 'not-the-secret');
    try {
      await assert.rejects(forger.write('memes/m3.jpg', Buffer.from('x')), /signature/i);
      assert.equal(await store.stat('memes/m3.jpg'), null);
      await assert.rejects(forger.stat('memes/m4.jpg'));
      const link = await forger.clientUrl('memes/m4.jpg');
      assert.equal((await fetch(link!.url)).status, 403);
      // The right key still reads it, by request and by presigned URL.
      assert.notEqual(await store.stat('memes/m4.jpg'), null);
      assert.equal((await fetch((await store.clientUrl('memes/m4.jpg'))!.url)).status, 200);
    } finally {
      forger.close();
    }
  });

  it('fails a write with an access key the server does not know', async () => {
    const stranger = storeWith('STRANGER', 'S3RVER');
    try {
      await assert.rejects(stranger.write('memes/m3.jpg', Buffer.from('x')));
      assert.equal(await store.stat('memes/m3.jpg'), null);
    } finally {
      stranger.close();
    }
  });
});

describe('media store configuration', () => {
  const s3 = {
    MEDIA_STORE: 's3',
    MEDIA_S3_BUCKET: 'b',
    MEDIA_S3_ACCESS_KEY_ID: 'id',
    MEDIA_S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('is the directory by default, at MEDIA_DIR or .data/media', () => {
    assert.deepEqual(mediaStoreConfigFromEnv({}), { kind: 'dir', dir: '.data/media' });
    assert.deepEqual(mediaStoreConfigFromEnv({ MEDIA_DIR: '/media' }), { kind: 'dir', dir: '/media' });
    assert.ok(createMediaStore(mediaStoreConfigFromEnv({})) instanceof DirectoryMediaStore);
  });

  it('reads the S3 settings with their defaults', () => {
    assert.deepEqual(mediaStoreConfigFromEnv(s3), {
      kind: 's3',
      bucket: 'b',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      publicBaseUrl: undefined,
      urlTtlSeconds: 3600,
    });
  });

  it('refuses an unknown store, S3 without a bucket, and production S3 without credentials', () => {
    assert.throws(
      () => mediaStoreConfigFromEnv({ MEDIA_STORE: 'nfs' }),
      /MEDIA_STORE must be one of dir, s3/,
    );
    assert.throws(
      () => mediaStoreConfigFromEnv({ ...s3, MEDIA_S3_BUCKET: '' }),
      /MEDIA_S3_BUCKET is required/,
    );
    const anonymous = { MEDIA_STORE: 's3', MEDIA_S3_BUCKET: 'b' };
    assert.equal(mediaStoreConfigFromEnv(anonymous, false).kind, 's3');
    assert.throws(
      () => mediaStoreConfigFromEnv({ ...anonymous, NODE_ENV: 'production' }),
      /MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY are required/,
    );
    assert.throws(
      () =>
        mediaStoreConfigFromEnv({ ...s3, MEDIA_S3_FORCE_PATH_STYLE: 'yes', MEDIA_S3_ENDPOINT: 'minio:9000' }),
      /MEDIA_S3_FORCE_PATH_STYLE must be 1 or 0; MEDIA_S3_ENDPOINT must be an http\(s\) URL/,
    );
  });
});
