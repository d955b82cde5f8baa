import { randomBytes } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { AddTonRequest, AirdropDto, TonProofErrorCode } from '@mememint/contracts';
import { keyPairFromSeed } from '@ton/crypto';
import request from 'supertest';

import { issueProofPayload } from '../src/wallet/ton-proof-payload.js';
import { bearer, me, newPlayer, type Player } from './helpers/memes.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import {
  airdrop,
  friendlyAddress,
  newTestWallet,
  type TestWallet,
  tonConnectReply,
} from './helpers/ton-wallet.js';

// Booting an app (a cloned database) takes seconds on a busy two-core machine.
jest.setTimeout(30_000);

const DOMAIN = 'mememint.test';
const MAX_AGE = 900;

describe('TON wallet proof and the airdrop', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        PUBLIC_URL: `https://${DOMAIN}`,
        TON_PROOF_MAX_AGE_SECONDS: String(MAX_AGE),
        TON_PROOF_SECRET: 'the-ton-proof-secret-of-this-test-app',
      },
    });
  });
  afterAll(() => t.close());

  async function payloadFor(player: Player): Promise<string> {
    const res = await request(t.server)
      .get('/api/v1/users/ton-proof/payload/')
      .set(bearer(player))
      .expect(200);
    return (res.body as { payload: string }).payload;
  }

  function addTon(player: Player, body: unknown) {
    return request(t.server)
      .post('/api/v1/users/add-ton/')
      .set(bearer(player))
      .send(body as object);
  }

  /** A fresh payload from the API, signed by the wallet as TON Connect would return it. */
  async function proofFor(player: Player, wallet: TestWallet): Promise<AddTonRequest> {
    return tonConnectReply(wallet, { payload: await payloadFor(player), domain: DOMAIN });
  }

  describe('GET /api/v1/users/ton-proof/payload/', () => {
    it('issues a fresh hex payload to a signed-in player only', async () => {
      const player = await newPlayer(t.server, t.config);
      const first = await payloadFor(player);
      const second = await payloadFor(player);
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      expect(second).not.toBe(first);
      await request(t.server).get('/api/v1/users/ton-proof/payload/').expect(401);
    });
  });

  describe('POST /api/v1/users/add-ton/', () => {
    it.each([
      ['v4R2', () => newTestWallet('v4r2')],
      ['v5R1', () => newTestWallet('v5r1')],
      ['v3R2', () => newTestWallet('v3r2')],
      ['v5R1 with its code as a library cell', () => newTestWallet('v5r1', { libraryCode: true })],
    ])('links a %s wallet proven with a real signature and sets hasTon', async (_name, makeWallet) => {
      const player = await newPlayer(t.server, t.config);
      expect((await me(t.server, player)).hasTon).toBe(false);
      const wallet = makeWallet();

      const res = await addTon(player, await proofFor(player, wallet)).expect(200);

      // The linked wallet completes the "connect a TON wallet" quest: its coins are earned.
      const [quest] = await t.dataSource.query(
        `SELECT sum(reward_coins)::int AS coins FROM quests WHERE kind = 'ton_wallet' AND is_active`,
      );
      expect(res.body).toMatchObject({ hasTon: true, address: friendlyAddress(wallet), coins: quest.coins });
      expect((res.body as AirdropDto).totalCoins).toBeGreaterThanOrEqual(quest.coins);
      expect(friendlyAddress(wallet)).toMatch(/^UQ/);
      expect((await me(t.server, player)).hasTon).toBe(true);
      expect(await airdrop(t, player)).toMatchObject({ hasTon: true, address: friendlyAddress(wallet) });
      const [row] = await t.dataSource.query(
        'SELECT raw_address, public_key FROM ton_wallets WHERE user_id = $1',
        [player.tgId],
      );
      expect(row).toEqual({
        raw_address: wallet.address.toRawString(),
        public_key: wallet.keyPair.publicKey.toString('hex'),
      });
    });

    it('takes the proof timestamp as a decimal string too (the protocol’s wire form)', async () => {
      const player = await newPlayer(t.server, t.config);
      const reply = await proofFor(player, newTestWallet('v4r2'));
      await addTon(player, {
        ...reply,
        proof: { ...reply.proof, timestamp: String(reply.proof.timestamp) },
      }).expect(200);
    });

    const now = () => Math.floor(Date.now() / 1000);
    const otherKey = () => keyPairFromSeed(randomBytes(32));
    const failures: [
      string,
      TonProofErrorCode,
      (player: Player, wallet: TestWallet) => Promise<AddTonRequest>,
    ][] = [
      [
        'an expired payload',
        'TON_PROOF_PAYLOAD_EXPIRED',
        async (player, wallet) =>
          tonConnectReply(wallet, {
            payload: issueProofPayload(t.config.ton.proofSecret, player.tgId, -1, new Date()),
            domain: DOMAIN,
          }),
      ],
      [
        'a payload signed with another secret',
        'TON_PROOF_PAYLOAD_INVALID',
        async (player, wallet) =>
          tonConnectReply(wallet, {
            payload: issueProofPayload('another-secret-of-at-least-32-chars!', player.tgId, 900, new Date()),
            domain: DOMAIN,
          }),
      ],
      [
        'a payload issued to another player',
        'TON_PROOF_PAYLOAD_INVALID',
        async (_player, wallet) =>
          tonConnectReply(wallet, {
            payload: await payloadFor(await newPlayer(t.server, t.config)),
            domain: DOMAIN,
          }),
      ],
      [
        'a payload we never issued',
        'TON_PROOF_PAYLOAD_INVALID',
        async (_player, wallet) => tonConnectReply(wallet, { payload: 'a'.repeat(64), domain: DOMAIN }),
      ],
      [
        'another domain',
        'TON_PROOF_DOMAIN',
        async (player, wallet) =>
          tonConnectReply(wallet, { payload: await payloadFor(player), domain: 'evil.test' }),
      ],
      [
        'a domain length that is not the domain’s',
        'TON_PROOF_DOMAIN',
        async (player, wallet) =>
          tonConnectReply(wallet, { payload: await payloadFor(player), domain: DOMAIN, lengthBytes: 5 }),
      ],
      [
        'an old timestamp',
        'TON_PROOF_TIMESTAMP',
        async (player, wallet) =>
          tonConnectReply(wallet, {
            payload: await payloadFor(player),
            domain: DOMAIN,
            timestamp: now() - MAX_AGE - 60,
          }),
      ],
      [
        'a timestamp in the future',
        'TON_PROOF_TIMESTAMP',
        async (player, wallet) =>
          tonConnectReply(wallet, {
            payload: await payloadFor(player),
            domain: DOMAIN,
            timestamp: now() + MAX_AGE + 60,
          }),
      ],
      [
        'a testnet wallet',
        'TON_PROOF_NETWORK',
        async (player) =>
          tonConnectReply(newTestWallet('v4r2', { network: 'testnet' }), {
            payload: await payloadFor(player),
            domain: DOMAIN,
          }),
      ],
      [
        'a state init that is not a cell',
        'TON_PROOF_STATE_INIT',
        async (player, wallet) =>
          tonConnectReply(wallet, {
            payload: await payloadFor(player),
            domain: DOMAIN,
            account: { walletStateInit: Buffer.from('not a bag of cells').toString('base64') },
          }),
      ],
      [
        'an address that is not the state init’s',
        'TON_PROOF_ADDRESS',
        // Signed for the claimed address, so only the state init check can catch it.
        async (player, wallet) =>
          tonConnectReply(
            { ...wallet, address: newTestWallet('v4r2').address },
            { payload: await payloadFor(player), domain: DOMAIN },
          ),
      ],
      [
        'an unsupported wallet contract (v3R1)',
        'TON_PROOF_WALLET_UNKNOWN',
        async (player) =>
          tonConnectReply(newTestWallet('v3r1'), { payload: await payloadFor(player), domain: DOMAIN }),
      ],
      [
        'a public key that is not the state init’s',
        'TON_PROOF_PUBLIC_KEY',
        async (player, wallet) =>
          tonConnectReply(wallet, {
            payload: await payloadFor(player),
            domain: DOMAIN,
            account: { publicKey: otherKey().publicKey.toString('hex') },
          }),
      ],
      [
        'a signature by another key',
        'TON_PROOF_SIGNATURE',
        async (player, wallet) =>
          tonConnectReply(wallet, {
            payload: await payloadFor(player),
            domain: DOMAIN,
            signWith: otherKey(),
          }),
      ],
      [
        'a signature over another payload',
        'TON_PROOF_SIGNATURE',
        async (player, wallet) => {
          const reply = tonConnectReply(wallet, { payload: await payloadFor(player), domain: DOMAIN });
          const signedElsewhere = tonConnectReply(wallet, {
            payload: await payloadFor(player),
            domain: DOMAIN,
          });
          return { ...reply, proof: { ...reply.proof, signature: signedElsewhere.proof.signature } };
        },
      ],
    ];

    it.each(failures)(
      'refuses %s with 400 naming the check and stores nothing',
      async (_name, code, build) => {
        const player = await newPlayer(t.server, t.config);
        const wallet = newTestWallet('v4r2');

        const res = await addTon(player, await build(player, wallet)).expect(400);

        expect(res.body).toEqual({ detail: expect.any(String), code });
        expect((await me(t.server, player)).hasTon).toBe(false);
        expect(await airdrop(t, player)).toMatchObject({ hasTon: false, address: null });
      },
    );

    it('refuses a malformed body with 400 naming the field', async () => {
      const player = await newPlayer(t.server, t.config);
      const reply = await proofFor(player, newTestWallet('v4r2'));
      const noProof = await addTon(player, { account: reply.account }).expect(400);
      expect(noProof.body.detail).toContain('proof');
      const badTime = await addTon(player, {
        ...reply,
        proof: { ...reply.proof, timestamp: 'yesterday' },
      }).expect(400);
      expect(badTime.body.detail).toContain('proof.timestamp');
      const badKey = await addTon(player, {
        ...reply,
        account: { ...reply.account, publicKey: 'xyz' },
      }).expect(400);
      expect(badKey.body.detail).toContain('account.publicKey');
      await request(t.server).post('/api/v1/users/add-ton/').send(reply).expect(401);
    });

    it('answers 409 when another player holds the wallet, and the holder keeps it', async () => {
      const holder = await newPlayer(t.server, t.config);
      const other = await newPlayer(t.server, t.config);
      const wallet = newTestWallet('v5r1');
      await addTon(holder, await proofFor(holder, wallet)).expect(200);

      const res = await addTon(other, await proofFor(other, wallet)).expect(409);

      expect(res.body).toEqual({
        detail: 'This wallet is linked to another player',
        code: 'TON_WALLET_TAKEN',
      });
      expect((await me(t.server, other)).hasTon).toBe(false);
      expect(await airdrop(t, holder)).toMatchObject({ hasTon: true, address: friendlyAddress(wallet) });
    });

    it('of players linking one wallet at once, exactly one gets it', async () => {
      const wallet = newTestWallet('v4r2');
      const players = await Promise.all(Array.from({ length: 6 }, () => newPlayer(t.server, t.config)));
      const replies = await Promise.all(players.map((player) => proofFor(player, wallet)));

      const statuses = await Promise.all(
        players.map((player, i) => addTon(player, replies[i]).then((r) => r.status)),
      );

      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(players.length - 1);
      const [{ count }] = await t.dataSource.query(
        'SELECT count(*)::int AS count FROM ton_wallets WHERE raw_address = $1',
        [wallet.address.toRawString()],
      );
      expect(count).toBe(1);
    });

    it('replaces the player’s wallet when they link another, which frees the first', async () => {
      const player = await newPlayer(t.server, t.config);
      const first = newTestWallet('v4r2');
      const second = newTestWallet('v5r1');
      await addTon(player, await proofFor(player, first)).expect(200);
      await addTon(player, await proofFor(player, first)).expect(200);

      const relinked = await addTon(player, await proofFor(player, second)).expect(200);

      expect(relinked.body).toMatchObject({ hasTon: true, address: friendlyAddress(second) });
      const rows = await t.dataSource.query('SELECT raw_address FROM ton_wallets WHERE user_id = $1', [
        player.tgId,
      ]);
      expect(rows).toEqual([{ raw_address: second.address.toRawString() }]);
      const next = await newPlayer(t.server, t.config);
      await addTon(next, await proofFor(next, first)).expect(200);
    });
  });
});
