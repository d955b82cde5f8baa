import { readdir } from 'node:fs/promises';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ErrorCode, ErrorText, type FaceConsentDto } from '@mememint/contracts';
import request from 'supertest';

import {
  bearer,
  consentToFace,
  me,
  newPlayer,
  photo,
  type Player,
  requestGeneration,
  seedFace,
  seedTemplate,
} from './helpers/memes.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

describe('consent to the face-photo note', () => {
  let t: TestApp;
  let templateId: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    templateId = String((await seedTemplate(t.app, photo('portrait-07.jpg'), { title: 'Studio' })).id);
  });
  afterAll(async () => {
    await t.close();
  });

  const putFace = (player: Player, image: Buffer) =>
    request(t.server).put('/api/v1/users/face/').set(bearer(player)).attach('photo', image, 'face.jpg');
  const storedFaces = (player: Player) =>
    readdir(path.join(t.config.media.dir, 'faces', String(player.tgId))).catch(() => []);
  const refusal = { detail: ErrorText.faceConsentRequired, code: ErrorCode.faceConsentRequired };

  it('refuses a face photo before consent with 403 FACE_CONSENT_REQUIRED, storing and charging nothing', async () => {
    const player = await newPlayer(t.server, t.config, { consent: false });
    const before = await me(t.server, player);
    expect(before.faceConsentAt).toBeNull();

    const put = await putFace(player, photo('portrait-02.jpg')).expect(403);
    expect(put.body).toEqual(refusal);
    const generation = await requestGeneration(t.server, player, { templateId }, photo('portrait-02.jpg'));
    expect(generation.status).toBe(403);
    expect(generation.body).toEqual(refusal);

    expect(await storedFaces(player)).toEqual([]);
    const after = await me(t.server, player);
    expect(after.generationLimit).toBe(before.generationLimit);
    expect(after.generationsCount).toBe(before.generationsCount);
  });

  it('keeps a face the player already has usable without a photo; asks for consent at their next upload', async () => {
    const player = await newPlayer(t.server, t.config, { consent: false });
    await seedFace(t.app, player, photo('portrait-02.jpg'));
    await requestGeneration(t.server, player, { templateId }).expect(201);
    const next = await putFace(player, photo('portrait-04.jpg')).expect(403);
    expect(next.body).toEqual(refusal);
  });

  it('stores the first consent time, returns it on /me, and lets face photos through afterwards', async () => {
    const player = await newPlayer(t.server, t.config, { consent: false });
    const first = (
      await request(t.server).post('/api/v1/users/face/consent/').set(bearer(player)).expect(200)
    ).body as FaceConsentDto;
    expect(Date.parse(first.faceConsentAt)).not.toBeNaN();
    await consentToFace(t.server, player);
    expect((await me(t.server, player)).faceConsentAt).toBe(first.faceConsentAt);

    // Past the consent, the photo reaches the upload's own checks (here: not a JPEG).
    const notJpeg = await putFace(player, Buffer.from('not a picture')).expect(400);
    expect(notJpeg.body.code).not.toBe(ErrorCode.faceConsentRequired);
    const generation = await requestGeneration(
      t.server,
      player,
      { templateId },
      Buffer.from('not a picture'),
    );
    expect(generation.status).toBe(400);
  });

  it('answers 401 to consent without a token', async () => {
    await request(t.server).post('/api/v1/users/face/consent/').expect(401);
  });
});
