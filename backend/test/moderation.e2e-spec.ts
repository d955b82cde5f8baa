import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  type AuditEntryDto,
  ErrorCode,
  ErrorText,
  type FeedItemDto,
  type MemeDto,
  type MemeModerationDto,
  type Page,
  type ReportedMemeDto,
} from '@mememint/contracts';
import request from 'supertest';

import { type CommandOutput, ExitCode } from '../src/admin/admin-command.js';
import { runAdminCommand } from '../src/admin/command-router.js';
import { utcDay } from '../src/common/clock.js';
import { SettlementService } from '../src/feed/settlement.service.js';
import { LedgerService } from '../src/ledger/ledger.service.js';
import { expectBooksBalanced, ledgerRows, seedMemes, swipe } from './helpers/feed.js';
import { bearer, me, newPlayer, type Player } from './helpers/memes.js';
import { newTgId } from './helpers/telegram-login.js';
import { createTestApp, TEST_REDIS_URL, type TestApp } from './helpers/test-app.js';

// The audit command boots its own app context in this process.
jest.setTimeout(120_000);

const adminTgId = newTgId();

describe('moderation: reports, hiding, restoring and the admin guard', () => {
  let t: TestApp;
  let admin: Player;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        ADMIN_TG_IDS: String(adminTgId),
        SWIPE_MIN_INTERVAL_MS: '0',
        MODERATION_HIDE_AFTER_REPORTS: '3',
      },
    });
    await t.app.listen(0, '127.0.0.1');
    admin = await newPlayer(t.server, t.config, { tgId: adminTgId });
  });
  afterAll(async () => {
    await t.close();
  });

  const report = (player: Player, memeId: string, reason: unknown = 'spam') =>
    request(t.server).post(`/api/v1/memes/${memeId}/report/`).set(bearer(player)).send({ reason });
  const vote = (player: Player, memeId: string, amount: number) =>
    request(t.server).post(`/api/v1/feed/${memeId}/`).set(bearer(player)).send({ amount });
  const adminPost = (who: Player, path: string, body: object = {}) =>
    request(t.server).post(`/api/v1/admin/${path}`).set(bearer(who)).send(body);
  const openReports = async () =>
    (await request(t.server).get('/api/v1/admin/reports/?status=open').set(bearer(admin)).expect(200))
      .body as Page<ReportedMemeDto>;

  async function playerWithCoins(coins: number): Promise<Player> {
    const player = await newPlayer(t.server, t.config);
    await t.app.get(LedgerService).addCoins(player.tgId, coins, { reason: 'purchase' });
    return player;
  }

  async function visibility(viewer: Player, meme: MemeDto) {
    const feed = (
      await request(t.server).get('/api/v1/feed/?period=all&pageSize=100').set(bearer(viewer)).expect(200)
    ).body as Page<FeedItemDto>;
    const deck = (await request(t.server).get('/api/v1/swipes/?limit=50').set(bearer(viewer)).expect(200))
      .body as { items: FeedItemDto[] };
    const share = await request(t.server).get(`/api/v1/memes/share/${meme.shareId}/`);
    const page = await request(t.server).get(`/i/${meme.shareId}`);
    return {
      inFeed: feed.items.some((item) => item.id === meme.id),
      inDeck: deck.items.some((item) => item.id === meme.id),
      share: share.status,
      page: page.status,
    };
  }

  it('refuses players on every admin route with 403 {detail}', async () => {
    const player = await newPlayer(t.server, t.config);
    const [meme] = await seedMemes(t, player, 1);
    const refusals = [
      await request(t.server).get('/api/v1/admin/reports/').set(bearer(player)),
      await request(t.server).get('/api/v1/admin/audit/').set(bearer(player)),
      await adminPost(player, `memes/${meme!.id}/hide/`),
      await adminPost(player, `memes/${meme!.id}/restore/`),
      await adminPost(player, `users/${player.tgId}/ban/`, { reason: 'x' }),
      await adminPost(player, `users/${player.tgId}/unban/`),
    ];
    for (const res of refusals)
      expect([res.status, res.body]).toEqual([403, { detail: ErrorText.onlyAdmins }]);
    expect(await visibility(player, meme!)).toMatchObject({ share: 200 });
  });

  it('takes one report per player and meme, with a known reason, of a meme in the feed', async () => {
    const author = await newPlayer(t.server, t.config);
    const reporter = await newPlayer(t.server, t.config);
    const [meme] = await seedMemes(t, author, 1);
    const [draft] = await seedMemes(t, author, 1, { publish: false });

    expect((await report(reporter, meme!.id, 'boring').expect(400)).body.detail).toMatch(
      /reason must be one of/,
    );
    expect((await report(author, meme!.id).expect(400)).body).toEqual({ detail: ErrorText.ownMemeReport });
    expect((await report(reporter, draft!.id).expect(404)).body).toEqual({ detail: ErrorText.memeNotFound });
    expect((await report(reporter, '00000000-0000-4000-8000-000000000000').expect(404)).body).toEqual({
      detail: ErrorText.memeNotFound,
    });
    expect((await report(reporter, meme!.id, 'impersonation').expect(201)).body).toEqual({
      memeId: meme!.id,
      reason: 'impersonation',
      hidden: false,
    });
    expect((await report(reporter, meme!.id, 'spam').expect(409)).body).toEqual({
      detail: ErrorText.alreadyReported,
      code: ErrorCode.alreadyReported,
    });
    const listed = (await openReports()).items.find((item) => item.memeId === meme!.id);
    expect(listed?.reports).toEqual([
      expect.objectContaining({ reporterId: reporter.tgId, reason: 'impersonation', status: 'open' }),
    ]);
  });

  // Before the test that settles today (votes close then).
  it('hides once under concurrent reports and votes, returning every stake exactly once, with no 5xx', async () => {
    const author = await newPlayer(t.server, t.config);
    const [meme] = await seedMemes(t, author, 1);
    const voters = await Promise.all(Array.from({ length: 8 }, () => playerWithCoins(50)));
    const reporters = await Promise.all(Array.from({ length: 6 }, () => newPlayer(t.server, t.config)));

    const answers = await Promise.all([
      ...voters.map((voter) => vote(voter, meme!.id, 10)),
      ...reporters.map((reporter) => report(reporter, meme!.id, 'violence')),
    ]);
    expect(answers.filter((res) => res.status >= 500 || res.status === 400).map((res) => res.body)).toEqual(
      [],
    );
    const voteStatuses = answers.slice(0, voters.length).map((res) => res.status);
    expect(voteStatuses.filter((status) => status !== 200 && status !== 404)).toEqual([]);
    const reportStatuses = answers.slice(voters.length).map((res) => res.status);
    expect(reportStatuses.filter((status) => status !== 201 && status !== 404)).toEqual([]);
    expect(reportStatuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(3);

    // Every voter whose stake was taken has it back: all end where they started.
    for (const voter of voters) expect((await me(t.server, voter)).memeCoins).toBe(50);
    const hides = (
      await request(t.server).get('/api/v1/admin/audit/?action=meme.hide').set(bearer(admin)).expect(200)
    ).body as Page<AuditEntryDto>;
    expect(hides.items.filter((entry) => entry.target === meme!.id)).toHaveLength(1);
    await expectBooksBalanced(t);
  });

  it('hides a meme reported by three players and returns its stakes once; a restore shows it without them', async () => {
    const author = await newPlayer(t.server, t.config);
    const other = await newPlayer(t.server, t.config);
    const [meme] = await seedMemes(t, author, 1);
    const [rival] = await seedMemes(t, other, 1);
    const voters = await Promise.all([playerWithCoins(100), playerWithCoins(100)]);
    await vote(voters[0]!, meme!.id, 30).expect(200);
    await vote(voters[1]!, meme!.id, 20).expect(200);
    await vote(voters[1]!, rival!.id, 10).expect(200);

    const viewer = await newPlayer(t.server, t.config);
    expect(await visibility(viewer, meme!)).toEqual({ inFeed: true, inDeck: true, share: 200, page: 200 });

    const reporters = await Promise.all([1, 2, 3].map(() => newPlayer(t.server, t.config)));
    expect((await report(reporters[0]!, meme!.id, 'nudity').expect(201)).body.hidden).toBe(false);
    expect((await report(reporters[1]!, meme!.id, 'nudity').expect(201)).body.hidden).toBe(false);
    expect((await report(reporters[2]!, meme!.id, 'hate').expect(201)).body.hidden).toBe(true);

    expect(await visibility(viewer, meme!)).toEqual({ inFeed: false, inDeck: false, share: 404, page: 404 });
    expect((await vote(viewer, meme!.id, 5).expect(404)).body).toEqual({ detail: ErrorText.memeNotFound });
    expect((await swipe(t.server, viewer, meme!.id).expect(404)).body).toEqual({
      detail: ErrorText.memeNotFound,
    });
    expect((await report(viewer, meme!.id).expect(404)).body).toEqual({ detail: ErrorText.memeNotFound });

    // The stakes came back through the ledger, not earned; the vote on another meme stays in its pool.
    expect(await ledgerRows(t, voters[0]!.tgId, 'stake-refund')).toEqual([{ kind: 'coins', delta: 30 }]);
    expect(await ledgerRows(t, voters[1]!.tgId, 'stake-refund')).toEqual([{ kind: 'coins', delta: 20 }]);
    expect((await me(t.server, voters[0]!)).memeCoins).toBe(100);
    expect((await me(t.server, voters[1]!)).memeCoins).toBe(90);
    const voted = (await request(t.server).get('/api/v1/feed/voted/').set(bearer(voters[0]!)).expect(200))
      .body as {
      items: { outcome: string; payout: number | null }[];
    };
    expect(voted.items).toEqual([expect.objectContaining({ outcome: 'refunded', payout: 30 })]);

    // Hidden pending review: listed with its three open reports.
    const listed = (await openReports()).items.find((item) => item.memeId === meme!.id);
    expect(listed).toMatchObject({ hiddenAt: expect.any(String), ownerId: author.tgId });
    expect(listed!.reports.map((r) => r.reason).sort()).toEqual(['hate', 'nudity', 'nudity']);

    // An admin's hide of a hidden meme returns nothing twice and closes the reports.
    const hidden = (await adminPost(admin, `memes/${meme!.id}/hide/`, { reason: 'confirmed' }).expect(200))
      .body as MemeModerationDto;
    expect(hidden).toMatchObject({ memeId: meme!.id, closedReports: 3, refundedVotes: 0 });
    expect(await ledgerRows(t, voters[0]!.tgId, 'stake-refund')).toHaveLength(1);
    expect((await openReports()).items.some((item) => item.memeId === meme!.id)).toBe(false);

    const restored = (await adminPost(admin, `memes/${meme!.id}/restore/`, { reason: 'appeal' }).expect(200))
      .body as MemeModerationDto;
    expect(restored).toEqual({ memeId: meme!.id, hiddenAt: null, closedReports: 0, refundedVotes: 0 });
    expect(await visibility(viewer, meme!)).toEqual({ inFeed: true, inDeck: true, share: 200, page: 200 });

    // The reports counted before do not hide it again: a new one is one of three.
    const late = await newPlayer(t.server, t.config);
    expect((await report(late, meme!.id, 'spam').expect(201)).body.hidden).toBe(false);
    expect(await visibility(viewer, meme!)).toMatchObject({ inFeed: true, share: 200 });

    // Old bets are gone: a returned stake is no vote, so the day settles on the rival alone.
    const outcome = await t.app.get(SettlementService).settle(utcDay(new Date()), { force: true });
    expect(outcome.votes).toMatchObject({ pool: 10, votes: 1 });
    await expectBooksBalanced(t);

    const audit = (
      await request(t.server).get('/api/v1/admin/audit/?action=meme.hide').set(bearer(admin)).expect(200)
    ).body as Page<AuditEntryDto>;
    const mine = audit.items.filter((entry) => entry.target === meme!.id);
    expect(mine.map((entry) => [entry.actor, entry.reason])).toEqual([
      [String(adminTgId), 'confirmed'],
      ['system', '3 open reports'],
    ]);
    expect(mine[1]!.after).toMatchObject({ refundedVotes: 2 });
  });

  it('answers 404 for an unknown meme and lists the audit with the CLI', async () => {
    await adminPost(admin, 'memes/00000000-0000-4000-8000-000000000000/hide/').expect(404);
    const out: string[] = [];
    const output: CommandOutput = { log: (line) => out.push(line), error: (line) => out.push(line) };
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: t.database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: t.config.redis.keyPrefix,
    };
    expect(await runAdminCommand(['audit', '--action', 'meme.restore'], env, output)).toBe(ExitCode.ok);
    expect(out[0]).toMatch(new RegExp(`\\t${adminTgId}\\tmeme\\.restore\\t[0-9a-f-]{36}\\tappeal\\t`));
    expect(out.at(-1)).toBe('1 of 1 entry.');
    expect(await runAdminCommand(['audit', '--limit', '0'], env, output)).toBe(ExitCode.usage);
  });
});

describe('moderation: the report rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_REPORTS_PER_PLAYER: '2' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 past RATE_LIMIT_REPORTS_PER_PLAYER reports in the window', async () => {
    const author = await newPlayer(t.server, t.config);
    const reporter = await newPlayer(t.server, t.config);
    const memes = await seedMemes(t, author, 3);
    const post = (id: string) =>
      request(t.server).post(`/api/v1/memes/${id}/report/`).set(bearer(reporter)).send({ reason: 'spam' });
    await post(memes[0]!.id).expect(201);
    await post(memes[1]!.id).expect(201);
    expect((await post(memes[2]!.id).expect(429)).body).toMatchObject({
      detail: ErrorText.requestLimitExceeded,
    });
  });
});
