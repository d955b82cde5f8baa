import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { ReferralsResponse, TemplateDto } from '@mememint/contracts';
import request from 'supertest';

import { startInferenceWorker, type WorkerProcess } from './helpers/inference-worker.js';
import {
  bearer,
  createTemplate,
  me,
  consentToFace,
  newPlayer,
  photo,
  type Player,
  requestGeneration,
} from './helpers/memes.js';
import { SocketRecorder } from './helpers/socket-recorder.js';
import { loginAs, newTgId } from './helpers/telegram-login.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// Real swaps on a shared two-core machine: seconds each.
jest.setTimeout(180_000);

/**
 * Invites through `start_param` (GAME.md "Referrals"): the inviter is paid when the friend's first
 * generation succeeds (a real swap by the real worker), once, never for themselves or for a bot.
 */
describe('referrals', () => {
  let t: TestApp;
  let worker: WorkerProcess;
  let template: TemplateDto;
  const adminTgId = newTgId();

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        ADMIN_TG_IDS: String(adminTgId),
        TELEGRAM_BOT_USERNAME: 'MemeMintTestBot',
        TELEGRAM_APP_NAME: 'play',
      },
    });
    await t.app.listen(0, '127.0.0.1');
    worker = await startInferenceWorker(t.config);
    const admin = await newPlayer(t.server, t.config, { tgId: adminTgId });
    template = await createTemplate(t.server, admin, photo('portrait-07.jpg'), { title: 'Studio' });
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });

  /** The player's first generation, through the API and the worker, to its `generation:done`. */
  async function firstGeneration(player: Player): Promise<void> {
    const socket = await SocketRecorder.connect(t.server, player.token);
    try {
      const res = await requestGeneration(
        t.server,
        player,
        { templateId: template.id },
        photo('portrait-02.jpg'),
      );
      expect(res.status).toBe(201);
      expect(await socket.outcome(res.body.id as string)).toBe('done');
    } finally {
      socket.close();
    }
  }
  const referrals = async (player: Player, query = ''): Promise<ReferralsResponse> =>
    (await request(t.server).get(`/api/v1/users/referrals/${query}`).set(bearer(player)).expect(200)).body;
  const rewardOf = (inviter: Player) =>
    me(t.server, inviter).then(
      ({ memeCoins, generationLimit, friendsGenerated, referalCoins, invitedCount }) => ({
        memeCoins,
        generationLimit,
        friendsGenerated,
        referalCoins,
        invitedCount,
      }),
    );

  it('pays the first inviter once; a second invite link later changes nothing', async () => {
    const first = await newPlayer(t.server, t.config);
    const second = await newPlayer(t.server, t.config);
    const friendId = newTgId();
    const friend = await newPlayer(t.server, t.config, { tgId: friendId, startParam: `ref_${first.tgId}` });
    // The friend opens someone else's link later: they were referred already.
    await loginAs(t.server, t.config, { id: friendId }, { startParam: `ref_${second.tgId}` });
    expect((await me(t.server, friend)).referalId).toBe(first.tgId);

    await firstGeneration(friend);
    const credits = t.config.generation.newUserCredits;
    expect(await rewardOf(first)).toEqual({
      memeCoins: t.config.referrals.coins,
      generationLimit: credits + t.config.referrals.credits,
      friendsGenerated: 1,
      referalCoins: t.config.referrals.coins,
      invitedCount: 1,
    });
    expect(await rewardOf(second)).toEqual({
      memeCoins: 0,
      generationLimit: credits,
      friendsGenerated: 0,
      referalCoins: 0,
      invitedCount: 0,
    });

    // The friends list says who generated; the link is the backend's one source of it.
    expect(await referrals(first)).toEqual({
      link: `https://t.me/MemeMintTestBot/play?startapp=ref_${first.tgId}`,
      invitedCount: 1,
      friendsGenerated: 1,
      referalCoins: t.config.referrals.coins,
      reward: { coins: t.config.referrals.coins, credits: t.config.referrals.credits },
      items: [
        {
          tgId: friendId,
          username: null,
          firstName: 'Test',
          photoUrl: null,
          joinedAt: expect.any(String),
          generated: true,
        },
      ],
    });
    const ledger = await t.dataSource.query(
      `SELECT kind, delta, earned FROM ledger_entries WHERE user_id = $1 AND reason = 'referral' ORDER BY kind`,
      [first.tgId],
    );
    // (The balance_kind enum orders credits before coins.)
    expect(ledger).toEqual([
      { kind: 'credits', delta: t.config.referrals.credits, earned: false },
      { kind: 'coins', delta: t.config.referrals.coins, earned: true },
    ]);
  });

  it('a bot invited by the link is counted, and never pays out', async () => {
    const inviter = await newPlayer(t.server, t.config);
    const botId = newTgId();
    const tokens = await loginAs(
      t.server,
      t.config,
      { id: botId, is_bot: true },
      { startParam: `ref_${inviter.tgId}` },
    );
    const bot = { tgId: botId, token: tokens.jwtToken };
    await consentToFace(t.server, bot);
    expect(await me(t.server, bot)).toMatchObject({ isBot: true, referalId: inviter.tgId });

    await firstGeneration(bot);
    expect(await rewardOf(inviter)).toEqual({
      memeCoins: 0,
      generationLimit: t.config.generation.newUserCredits,
      friendsGenerated: 0,
      referalCoins: 0,
      invitedCount: 1,
    });
    expect((await referrals(inviter)).items).toEqual([
      expect.objectContaining({ tgId: botId, generated: true }),
    ]);
  });

  it('a self-referral refers nobody and pays nothing', async () => {
    const selfId = newTgId();
    const self = await newPlayer(t.server, t.config, { tgId: selfId, startParam: `ref_${selfId}` });
    expect(await me(t.server, self)).toMatchObject({ referalId: null, invitedCount: 0 });
    await firstGeneration(self);
    expect(await rewardOf(self)).toMatchObject({ memeCoins: 0, friendsGenerated: 0, referalCoins: 0 });
    expect(await referrals(self)).toMatchObject({ invitedCount: 0, friendsGenerated: 0, items: [] });
  });

  it('lists friends newest first, 20 a page; those who have not generated yet say so', async () => {
    const inviter = await newPlayer(t.server, t.config);
    const friends: Player[] = [];
    for (let i = 0; i < 23; i++)
      friends.push(await newPlayer(t.server, t.config, { startParam: `ref_${inviter.tgId}` }));
    const first = await referrals(inviter);
    expect(first.invitedCount).toBe(23);
    expect(first.items.map((item) => item.tgId)).toEqual(
      friends
        .slice(3)
        .reverse()
        .map((friend) => friend.tgId),
    );
    expect(first.items.every((item) => !item.generated)).toBe(true);
    const second = await referrals(inviter, '?page=2');
    expect(second.items.map((item) => item.tgId)).toEqual(
      friends
        .slice(0, 3)
        .reverse()
        .map((friend) => friend.tgId),
    );
    await request(t.server).get('/api/v1/users/referrals/?page=0').set(bearer(inviter)).expect(400);
    await request(t.server).get('/api/v1/users/referrals/').expect(401);
  });
});
