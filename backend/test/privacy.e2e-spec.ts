import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { analysisKeyOf, ErrorCode, ErrorText, type LoginResponse } from '@mememint/contracts';
import { MediaStore } from '@mememint/media';
import request from 'supertest';

import { FaceRetentionService } from '../src/generations/face-retention.service.js';
import { LedgerService } from '../src/ledger/ledger.service.js';
import { SquadsService } from '../src/squads/squads.service.js';
import { runAdminCli } from './helpers/admin-cli.js';
import { expectBooksBalanced, ledgerRows, seedMemes } from './helpers/feed.js';
import {
  bearer,
  download,
  me,
  newPlayer,
  photo,
  type Player,
  requestGeneration,
  seedFace,
  seedTemplate,
} from './helpers/memes.js';
import { SocketRecorder } from './helpers/socket-recorder.js';
import { loginAs, newTgId } from './helpers/telegram-login.js';
import { createTestApp, TEST_REDIS_URL, type TestApp } from './helpers/test-app.js';

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

describe('privacy: the face photo retention', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { FACE_PHOTO_RETENTION_DAYS: '30' } });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A player whose face was set and who last used the app `daysAgo` days ago. */
  async function playerLastSeen(daysAgo: number) {
    const player = await newPlayer(t.server, t.config);
    const face = await seedFace(t.app, player, photo('portrait-01.jpg'));
    await me(t.server, player); // an authenticated request: today's visit, moved back below
    await t.dataSource.query(
      `UPDATE player_faces SET updated_at = now() - $2 * interval '1 day' WHERE user_id = $1`,
      [player.tgId, daysAgo + 100],
    );
    await t.dataSource.query(`UPDATE player_visit_days SET day = day - $2::integer WHERE user_id = $1`, [
      player.tgId,
      daysAgo,
    ]);
    return { player, face };
  }

  it('deletes the faces of players away longer than FACE_PHOTO_RETENTION_DAYS, once a queued generation is done with it', async () => {
    const gone = await playerLastSeen(31);
    const recent = await playerLastSeen(29);
    const waiting = await playerLastSeen(40);
    await t.dataSource.query(
      `INSERT INTO generations (id, user_id, face_key, target_key, cost) VALUES (gen_random_uuid(), $1, $2, 'templates/t.jpg', 1)`,
      [waiting.player.tgId, waiting.face],
    );
    const store = t.app.get(MediaStore);
    const retention = t.app.get(FaceRetentionService);

    expect(await retention.deleteStaleFaces()).toBe(1);
    expect(await store.stat(gone.face)).toBeNull();
    expect(await store.stat(recent.face)).not.toBeNull();
    expect(await store.stat(waiting.face)).not.toBeNull();

    await t.dataSource.query(`UPDATE generations SET status = 'failed' WHERE user_id = $1`, [
      waiting.player.tgId,
    ]);
    expect(await retention.deleteStaleFaces()).toBe(1);
    expect(await store.stat(waiting.face)).toBeNull();
    const faces: unknown[] = await t.dataSource.query(
      `SELECT 1 FROM player_faces WHERE user_id = ANY($1::bigint[])`,
      [[gone.player.tgId, waiting.player.tgId]],
    );
    expect(faces).toEqual([]);
  });
});

describe('privacy: deleting one’s account', () => {
  let t: TestApp;
  const adminTgId = newTgId();
  let admin: Player;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_TG_IDS: String(adminTgId) } });
    await t.app.listen(0, '127.0.0.1');
    admin = await newPlayer(t.server, t.config, { tgId: adminTgId });
  });
  afterAll(async () => {
    await t.close();
  });

  const vote = (player: Player, memeId: string, amount: number) =>
    request(t.server).post(`/api/v1/feed/${memeId}/`).set(bearer(player)).send({ amount });

  async function playerWithCoins(coins: number): Promise<Player> {
    const player = await newPlayer(t.server, t.config);
    await t.app.get(LedgerService).addCoins(player.tgId, coins, { reason: 'purchase' });
    return player;
  }

  it('removes the player, their memes and files, returns others’ stakes, keeps the books, and ends their tokens and sockets', async () => {
    const tgId = newTgId();
    const tokens: LoginResponse = await loginAs(t.server, t.config, { id: tgId, username: 'leaving' });
    const player: Player = { tgId, token: tokens.jwtToken };
    await t.app.get(LedgerService).addCoins(tgId, 100, { reason: 'purchase' });
    await t.app.get(SquadsService).setInfluencer(tgId, true);
    const code = (
      await request(t.server).post('/api/v1/promocodes/').set(bearer(player)).send({}).expect(201)
    ).body.id as string;
    const invitee = await newPlayer(t.server, t.config, { startParam: `ref_${tgId}` });

    const store = t.app.get(MediaStore);
    const [meme] = await seedMemes(t, player, 1);
    const files = [meme!.imageUrl, meme!.thumbnailUrl].map((url) => url.replace('/api/media/', ''));
    for (const key of files) await store.write(key, photo('portrait-01.jpg'));
    const face = await seedFace(t.app, player, photo('portrait-02.jpg'));
    for (const url of [meme!.imageUrl, meme!.thumbnailUrl])
      expect((await download(t.server, url)).status).toBe(200);

    const other = await newPlayer(t.server, t.config);
    const [othersMeme] = await seedMemes(t, other, 1);
    const backer = await playerWithCoins(50);
    await vote(backer, meme!.id, 20).expect(200);
    await vote(player, othersMeme!.id, 30).expect(200);
    const socket = await SocketRecorder.connect(t.server, player.token);
    const closed = new Promise<string>((resolve) => socket.socket.once('disconnect', resolve));

    await request(t.server).delete('/api/v1/users/me/').set(bearer(player)).expect(204);

    expect(await closed).toBe('io server disconnect');
    const gone = await request(t.server).get('/api/v1/auth/me/').set(bearer(player));
    expect(gone.status).toBe(401);
    await request(t.server)
      .post('/api/v1/auth/refresh-token/')
      .send({ refreshToken: tokens.refreshToken })
      .expect(401);
    for (const url of [meme!.imageUrl, meme!.thumbnailUrl])
      expect((await download(t.server, url)).status).toBe(404);
    expect(await store.stat(face)).toBeNull();
    await request(t.server).get(`/api/v1/memes/share/${meme!.shareId}/`).expect(404);

    // Others' stakes on the deleted meme come back; the player's own stake stays in its pool.
    expect(await ledgerRows(t, backer.tgId, 'stake-refund')).toEqual([{ kind: 'coins', delta: 20 }]);
    const pool: { user_id: string }[] = await t.dataSource.query(
      `SELECT user_id FROM feed_votes WHERE meme_id = $1`,
      [othersMeme!.id],
    );
    expect(pool).toHaveLength(1);
    expect(Number(pool[0]!.user_id)).toBeLessThan(0);
    // The ledger's rows live on under that tombstone, which names nobody.
    const tombstone: Record<string, unknown>[] = await t.dataSource.query(
      `SELECT username, first_name, meme_coins FROM users WHERE tg_id = $1`,
      [pool[0]!.user_id],
    );
    expect(tombstone).toEqual([{ username: null, first_name: null, meme_coins: expect.any(Number) }]);
    // 100 − the 30 staked, plus what the backer's like earned if its batch ran before the deletion.
    const [liked]: { coins: number }[] = await t.dataSource.query(
      `SELECT COALESCE(sum(delta), 0)::integer AS coins FROM ledger_entries WHERE user_id = $1 AND reason = 'like'`,
      [pool[0]!.user_id],
    );
    expect(tombstone[0]!.meme_coins).toBe(70 + liked!.coins);
    expect(await t.dataSource.query(`SELECT 1 FROM ledger_entries WHERE user_id = $1`, [tgId])).toEqual([]);
    await expectBooksBalanced(t);
    const check = await runAdminCli(['ledger:check'], {
      DATABASE_URL: t.database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: t.config.redis.keyPrefix,
    });
    expect([check.code, check.output]).toEqual([0, expect.stringContaining('The books balance')]);

    // The invitee's referrer names nobody; the squad is dissolved; the promo code is used up (410).
    const [inviteeRow]: { referal_id: string | null; ref_infl: string | null }[] = await t.dataSource.query(
      `SELECT referal_id, ref_infl FROM users WHERE tg_id = $1`,
      [invitee.tgId],
    );
    expect(Number(inviteeRow!.referal_id)).toBe(Number(pool[0]!.user_id));
    expect(inviteeRow!.ref_infl).toBeNull();
    expect(await t.dataSource.query(`SELECT 1 FROM squads WHERE influencer_id = $1`, [tgId])).toEqual([]);
    await request(t.server).post(`/api/v1/promocodes/${code}/`).set(bearer(other)).expect(410);
  });

  it('is open to a banned player, and the ban outlives the account', async () => {
    const player = await newPlayer(t.server, t.config);
    await request(t.server)
      .post(`/api/v1/admin/users/${player.tgId}/ban/`)
      .set(bearer(admin))
      .send({ reason: 'spam', days: 3 })
      .expect(200);
    await request(t.server).delete('/api/v1/users/face/').set(bearer(player)).expect(204);
    await request(t.server).delete('/api/v1/users/me/').set(bearer(player)).expect(204);

    const again = await newPlayer(t.server, t.config, { tgId: player.tgId });
    const res = await request(t.server)
      .post('/api/v1/memes/')
      .set(bearer(again))
      .attach('image', photo('portrait-01.jpg'), 'a.jpg');
    expect([res.status, res.body.code]).toEqual([403, ErrorCode.banned]);
    expect(await me(t.server, again)).toMatchObject({ memeCoins: 0, generationLimit: 0, referalId: null });
  });

  it('lets the same Telegram id sign up again with nothing from before: no credits, no referral bonus', async () => {
    const inviter = await newPlayer(t.server, t.config);
    const player = await newPlayer(t.server, t.config, { startParam: `ref_${inviter.tgId}` });
    expect((await me(t.server, player)).generationLimit).toBeGreaterThan(0);
    await request(t.server).delete('/api/v1/users/me/').set(bearer(player)).expect(204);
    const invited = (await me(t.server, inviter)).invitedCount;

    const again = await newPlayer(t.server, t.config, {
      tgId: player.tgId,
      startParam: `ref_${inviter.tgId}`,
    });
    expect(await me(t.server, again)).toMatchObject({
      generationLimit: 0,
      memeCoins: 0,
      swipes: t.config.swipes.max,
      referalId: null,
      generationsCount: 0,
    });
    expect((await me(t.server, inviter)).invitedCount).toBe(invited);
    await expectBooksBalanced(t);
  });
});
