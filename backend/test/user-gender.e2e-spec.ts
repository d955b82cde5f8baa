import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ErrorCode } from '@mememint/contracts';
import request from 'supertest';

import { bearer, me, newPlayer, photo, seedTemplate } from './helpers/memes.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Gender on Profile (issue 22): kept by `PATCH /v1/users/me/`, shown by `/me`, sorting the templates. */
describe('the player’s gender', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const patchMe = (token: string, body: unknown) =>
    request(t.server)
      .patch('/api/v1/users/me/')
      .set('Authorization', `Bearer ${token}`)
      .send(body as object);

  it('PATCH /users/me/ keeps it, /auth/me/ returns it, null takes it back', async () => {
    const player = await newPlayer(t.server, t.config);
    expect((await me(t.server, player)).gender).toBeNull();

    const saved = await patchMe(player.token, { gender: 'female' }).expect(200);
    expect(saved.body).toMatchObject({ tgId: player.tgId, gender: 'female' });
    expect((await me(t.server, player)).gender).toBe('female');

    await patchMe(player.token, { gender: 'transgender' }).expect(200);
    expect((await me(t.server, player)).gender).toBe('transgender');

    await patchMe(player.token, { gender: null }).expect(200);
    expect((await me(t.server, player)).gender).toBeNull();
  });

  it('refuses anything else with 400 {detail, code}, and keeps what was there', async () => {
    const player = await newPlayer(t.server, t.config);
    await patchMe(player.token, { gender: 'male' }).expect(200);
    for (const body of [{ gender: 'robot' }, { gender: 'Male' }, { gender: 1 }, { gender: ['male'] }, {}]) {
      const res = await patchMe(player.token, body).expect(400);
      expect(res.body).toEqual({
        detail: 'gender must be one of male, female, transgender or null',
        code: ErrorCode.invalidGender,
      });
    }
    // Only the player's own settings: other fields are refused, not written.
    const other = await patchMe(player.token, { gender: 'male', memeCoins: 1_000_000 }).expect(400);
    expect(other.body.detail).toContain('memeCoins');
    expect(await me(t.server, player)).toMatchObject({ gender: 'male', memeCoins: 0 });
    await request(t.server).patch('/api/v1/users/me/').send({ gender: 'male' }).expect(401);
  });

  it('the template list puts that gender first, then templates for anyone, then the rest (a sort, not a filter)', async () => {
    const tag = `g${Date.now()}`;
    const image = photo('portrait-01.jpg');
    const seed = (title: string, gender: 'male' | 'female' | null) =>
      seedTemplate(t.app, image, { title, tags: [tag], gender });
    // Oldest first.
    const femaleOld = await seed('Female old', 'female');
    const anyone = await seed('Anyone', null);
    const male = await seed('Male', 'male');
    const femaleNew = await seed('Female new', 'female');
    const anyoneNew = await seed('Anyone new', null);
    const list = async (token: string) => {
      const res = await request(t.server)
        .get(`/api/v1/memes/generations/templates/?tag=${tag}`)
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      return { total: res.body.total as number, ids: (res.body.items as { id: string }[]).map((x) => x.id) };
    };

    const player = await newPlayer(t.server, t.config);
    // Not said: newest first, as before.
    expect(await list(player.token)).toEqual({
      total: 5,
      ids: [anyoneNew.id, femaleNew.id, male.id, anyone.id, femaleOld.id],
    });

    await patchMe(player.token, { gender: 'female' }).expect(200);
    expect(await list(player.token)).toEqual({
      total: 5,
      ids: [femaleNew.id, femaleOld.id, anyoneNew.id, anyone.id, male.id],
    });

    await patchMe(player.token, { gender: 'male' }).expect(200);
    expect(await list(player.token)).toEqual({
      total: 5,
      ids: [male.id, anyoneNew.id, anyone.id, femaleNew.id, femaleOld.id],
    });

    // Pages follow the same order.
    const second = await request(t.server)
      .get(`/api/v1/memes/generations/templates/?tag=${tag}&page=2&pageSize=2`)
      .set(bearer(player))
      .expect(200);
    expect(second.body.items.map((x: { id: string }) => x.id)).toEqual([anyone.id, femaleNew.id]);
  });
});
