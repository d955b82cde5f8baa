import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { analysisKeyOf, ErrorText } from '@mememint/contracts';
import { MediaStore } from '@mememint/media';
import request from 'supertest';

import { bearer, newPlayer, photo, requestGeneration, seedFace, seedTemplate } from './helpers/memes.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

describe('privacy: deleting one’s face', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('removes every face photo of the player with its analysis, and the current face', async () => {
    const player = await newPlayer(t.server, t.config);
    const neighbour = await newPlayer(t.server, t.config);
    const store = t.app.get(MediaStore);
    const older = await seedFace(t.app, player, photo('portrait-01.jpg'));
    const current = await seedFace(t.app, player, photo('portrait-02.jpg'));
    await store.write(analysisKeyOf(current), Buffer.from('{}'));
    const theirs = await seedFace(t.app, neighbour, photo('portrait-04.jpg'));
    const template = await seedTemplate(t.app, photo('portrait-05.jpg'), { title: 'T' });

    await request(t.server).delete('/api/v1/users/face/').set(bearer(player)).expect(204);

    for (const key of [older, current, analysisKeyOf(current)]) expect(await store.stat(key)).toBeNull();
    expect(await store.stat(theirs)).not.toBeNull();
    // No face is left to swap in: a generation without a photo asks for one.
    const res = await requestGeneration(t.server, player, { templateId: template.id });
    expect([res.status, res.body.detail]).toEqual([400, ErrorText.facePhotoRequired]);
    // Deleting again is fine.
    await request(t.server).delete('/api/v1/users/face/').set(bearer(player)).expect(204);
    await request(t.server).delete('/api/v1/users/face/').expect(401);
  });
});
