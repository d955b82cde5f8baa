import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import request from 'supertest';

import { type CommandOutput, ExitCode } from '../src/admin/admin-command.js';
import { runAdminCommand } from '../src/admin/command-router.js';
import { LedgerService } from '../src/ledger/ledger.service.js';
import { runAdminCli } from './helpers/admin-cli.js';
import { me, newPlayer } from './helpers/memes.js';
import { SocketRecorder } from './helpers/socket-recorder.js';
import { newTgId } from './helpers/telegram-login.js';
import { createTestApp, TEST_REDIS_URL, type TestApp } from './helpers/test-app.js';

// Apps boot slowly on a shared machine, and some tests here start the admin CLI as its own process (Node and the TypeScript loader each time):
// seconds apiece on a busy box.
jest.setTimeout(180_000);

/** The CLI's environment for a test app: its database, and its Redis and key prefix (the app's sockets). */
function cliEnv(t: TestApp): Record<string, string> {
  return {
    DATABASE_URL: t.database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: t.config.redis.keyPrefix,
  };
}

/** Runs a command in this process, as `admin.cli.ts` does, keeping what it prints. */
async function run(argv: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const output: CommandOutput = { log: (line) => out.push(line), error: (line) => err.push(line) };
  const code = await runAdminCommand(argv, { NODE_ENV: 'test', ...env }, output);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('admin CLI', () => {
  describe('the command router', () => {
    it('lists every command with its forms on `help`', async () => {
      const help = await run(['help']);
      expect(help.code).toBe(ExitCode.ok);
      expect(help.out).toContain('npm run admin -w backend -- grant <tgId>\n');
      expect(help.out).toContain('grant <tgId> <credits|coins|swipes> <amount> --key <key>');
      const one = await run(['help', 'grant']);
      expect(one.out.split('\n')[0]).toBe('Usage:');
      expect(one.out).not.toContain('help [<command>]');
    });

    it.each([
      [[], /^Usage: npm run admin -w backend -- <command>/],
      [['settle-everything'], /^Unknown command "settle-everything"\./],
      [['grant'], /^<tgId> must be a Telegram user id, got ""\./],
      [['grant', '-5'], /^Unknown option '-5'/],
      [
        ['grant', '12', 'gold', '5', '--key', 'a'],
        /^The balance must be one of credits, coins, swipes, got "gold"\./,
      ],
      [
        ['grant', '12', 'coins', '0', '--key', 'a'],
        /^<amount> must be a whole number from 1 to 1000000000, got "0"\./,
      ],
      [['grant', '12', 'coins', '5'], /^A balance grant needs --key <key>/],
      [['grant', '12', '--key', 'a'], /^--key goes with a balance to grant\./],
      [['grant', '12', 'coins', '5', '--key', 'a', 'extra'], /^Unexpected arguments: extra\./],
      [['grant', '12', '--bogus'], /^Unknown option '--bogus'/],
    ])('answers %j with a usage error (exit 2) before connecting anywhere', async (argv, message) => {
      // No DATABASE_URL: a command that got past its arguments would fail to boot instead.
      const result = await run(argv);
      expect(result).toMatchObject({ code: ExitCode.usage, out: '' });
      expect(result.err).toMatch(message);
      if (argv.length) expect(result.err).toContain('npm run admin -w backend -- ');
    });
  });

  describe('grant', () => {
    let t: TestApp;
    let env: Record<string, string>;
    beforeAll(async () => {
      t = await createTestApp();
      await t.app.listen(0, '127.0.0.1');
      env = cliEnv(t);
    });
    afterAll(() => t.close());

    it('gives a balance once per key and pushes it to the player’s open sockets', async () => {
      const player = await newPlayer(t.server, t.config);
      const socket = await SocketRecorder.connect(t.server, player.token);
      try {
        // Its own process, as an operator runs it.
        const granted = await runAdminCli(
          ['grant', String(player.tgId), 'coins', '500', '--key', 'ticket-1'],
          env,
        );
        expect(granted).toEqual({
          code: 0,
          output:
            `Granted 500 coins to user ${player.tgId}.\n` +
            `Balances: credits ${t.config.generation.newUserCredits}, coins 500, swipes ${t.config.swipes.max}.\n`,
        });
        // The push carries the balances' version, as the player's own read of them does.
        expect(await socket.until('balance')).toEqual({
          generationLimit: t.config.generation.newUserCredits,
          memeCoins: 500,
          swipes: t.config.swipes.max,
          balanceVersion: (await me(t.server, player)).balanceVersion,
        });

        const again = await run(['grant', String(player.tgId), 'coins', '500', '--key', 'ticket-1'], env);
        expect(again.code).toBe(ExitCode.ok);
        expect(again.out.split('\n')[0]).toBe(
          `Key ticket-1 was already used for user ${player.tgId}'s coins: nothing changed.`,
        );
        const swipes = await run(['grant', String(player.tgId), 'swipes', '5', '--key', 'ticket-2'], env);
        expect(swipes.code).toBe(ExitCode.ok);
        await socket.until('balance', (balance) => balance.swipes === t.config.swipes.max + 5);
        // Pushes from one process arrive in order: the repeat pushed nothing.
        expect(socket.of('balance').map((balance) => [balance.memeCoins, balance.swipes])).toEqual([
          [500, t.config.swipes.max],
          [500, t.config.swipes.max + 5],
        ]);
      } finally {
        socket.close();
      }
      expect(await me(t.server, player)).toMatchObject({ memeCoins: 500, swipes: t.config.swipes.max + 5 });
      const rows = await t.dataSource.query(
        `SELECT kind, delta, reason, earned, idempotency_key FROM ledger_entries
          WHERE user_id = $1 AND reason = 'admin-grant' ORDER BY id`,
        [player.tgId],
      );
      expect(rows).toEqual([
        {
          kind: 'coins',
          delta: 500,
          reason: 'admin-grant',
          earned: false,
          idempotency_key: 'admin-grant:ticket-1',
        },
        {
          kind: 'swipes',
          delta: 5,
          reason: 'admin-grant',
          earned: false,
          idempotency_key: 'admin-grant:ticket-2',
        },
      ]);
      expect(await t.app.get(LedgerService).findImbalances(player.tgId)).toEqual([]);
    });

    it('fails (exit 1) for a player who never opened the app, changing nothing', async () => {
      const stranger = newTgId();
      for (const argv of [
        ['grant', String(stranger)],
        ['grant', String(stranger), 'credits', '3', '--key', 'ticket-3'],
      ]) {
        expect(await run(argv, env)).toEqual({
          code: ExitCode.failed,
          out: '',
          err: `No user with tgId ${stranger}: they need to open the app once first.`,
        });
      }
      const [{ count }] = await t.dataSource.query(
        'SELECT count(*)::int AS count FROM ledger_entries WHERE user_id = $1',
        [stranger],
      );
      expect(count).toBe(0);
    });
  });

  describe('revoke', () => {
    let t: TestApp;
    let env: Record<string, string>;
    const configAdminTgId = newTgId();
    beforeAll(async () => {
      t = await createTestApp({ env: { ADMIN_TG_IDS: String(configAdminTgId) } });
      env = cliEnv(t);
    });
    afterAll(() => t.close());

    /** An admin-only route: 400 (no image) for an admin, 403 for anyone else. */
    const templateUpload = (token: string) =>
      request(t.server).post('/api/v1/memes/generations/templates/').set('Authorization', `Bearer ${token}`);

    it('takes back a command grant at once: the same token loses the admin routes', async () => {
      const player = await newPlayer(t.server, t.config);
      expect((await run(['grant', String(player.tgId)], env)).code).toBe(ExitCode.ok);
      expect(await me(t.server, player)).toMatchObject({ isAdmin: true });
      await templateUpload(player.token).expect(400);

      const revoked = await run(['revoke', String(player.tgId)], env);
      expect(revoked).toEqual({
        code: ExitCode.ok,
        out: `User ${player.tgId} is no longer an admin.`,
        err: '',
      });
      expect(await me(t.server, player)).toMatchObject({ isAdmin: false });
      await templateUpload(player.token).expect(403);
      // Revoking again changes nothing and says the same.
      expect((await run(['revoke', String(player.tgId)], env)).out).toBe(
        `User ${player.tgId} is no longer an admin.`,
      );
    });

    it('leaves an ADMIN_TG_IDS admin one, saying where the rights come from', async () => {
      const admin = await newPlayer(t.server, t.config, { tgId: configAdminTgId });
      const result = await run(['revoke', String(configAdminTgId)], env);
      expect(result.code).toBe(ExitCode.ok);
      expect(result.out).toMatch(/keeps admin rights from ADMIN_TG_IDS/);
      expect(await me(t.server, admin)).toMatchObject({ isAdmin: true });
    });

    it('fails (exit 1) for an unknown user and answers usage errors before connecting', async () => {
      const stranger = newTgId();
      expect(await run(['revoke', String(stranger)], env)).toEqual({
        code: ExitCode.failed,
        out: '',
        err: `No user with tgId ${stranger}.`,
      });
      expect((await run(['revoke'])).code).toBe(ExitCode.usage);
      expect((await run(['revoke', '12', 'extra'])).err).toMatch(/^Unexpected arguments: extra\./);
    });
  });

  describe('ledger:check', () => {
    let t: TestApp;
    let env: Record<string, string>;
    beforeAll(async () => {
      t = await createTestApp();
      env = cliEnv(t);
    });
    afterAll(() => t.close());

    it('passes while the books balance and fails (exit 1) naming each balance that drifted', async () => {
      const player = await newPlayer(t.server, t.config);
      await t.app.get(LedgerService).addCoins(player.tgId, 5, { reason: 'purchase' });
      expect(await run(['ledger:check'], env)).toEqual({
        code: ExitCode.ok,
        out: 'The books balance: every balance equals its ledger.',
        err: '',
      });

      // A balance changed behind the ledger's back.
      await t.dataSource.query(`UPDATE users SET meme_coins = meme_coins + 3 WHERE tg_id = $1`, [
        player.tgId,
      ]);
      expect(await run(['ledger:check'], env)).toEqual({
        code: ExitCode.failed,
        out: '',
        err: `User ${player.tgId} coins: balance 8, ledger rows sum to 5.\n1 balance(s) differ from their ledger.`,
      });
      const other = await newPlayer(t.server, t.config);
      expect((await run(['ledger:check', '--user', String(other.tgId)], env)).code).toBe(ExitCode.ok);
      expect((await run(['ledger:check', '--user', 'x'])).code).toBe(ExitCode.usage);
      expect((await run(['ledger:check', 'extra'])).code).toBe(ExitCode.usage);
      await t.dataSource.query(`UPDATE users SET meme_coins = meme_coins - 3 WHERE tg_id = $1`, [
        player.tgId,
      ]);
    });
  });
});
