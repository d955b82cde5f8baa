import { mkdtemp, rm } from 'node:fs/promises';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import express from 'express';
import { DirectoryMediaStore, type MediaObject } from '@mememint/media';
import { describe, expect, it } from '@jest/globals';

import { MediaController } from './media.controller.js';

describe('GET /media/* when the client leaves before the file is open', () => {
  it('closes the file (a FileHandle left to the garbage collector ends the process on Node 26)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mm-media-'));
    const store = new DirectoryMediaStore(dir);
    await store.write('generations/g1.jpg', Buffer.alloc(256 * 1024, 1));
    // The store's open waits until the client is gone, then hands out the real file's stream.
    let clientGone!: () => void;
    const gone = new Promise<void>((resolve) => (clientGone = resolve));
    let opened: MediaObject | null = null;
    const controller = new MediaController(
      Object.assign(Object.create(store) as DirectoryMediaStore, {
        open: async (key: string) => {
          await gone;
          return (opened = await store.open(key));
        },
      }),
    );
    const errors: unknown[] = [];
    let served!: Promise<void>;
    const app = express();
    app.get('/media/*key', (req, res) => {
      served = controller
        .serve(req.params.key as string[], res)
        .catch((error: unknown) => void errors.push(error));
      req.once('close', clientGone);
    });
    const server: Server = await new Promise((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    try {
      const { port } = server.address() as AddressInfo;
      const client = request({ port, host: '127.0.0.1', path: '/media/generations/g1.jpg' });
      client.on('error', () => undefined);
      client.end();
      // Wait until the handler runs, then leave.
      await new Promise((resolve) => server.once('request', resolve));
      client.destroy();
      await gone;
      await served;

      expect(errors).toEqual([]);
      expect(opened!.stream.destroyed).toBe(true);
    } finally {
      server.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
