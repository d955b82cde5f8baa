import { randomBytes } from 'node:crypto';

import { type AddTonRequest, type AirdropDto, TON_CHAIN } from '@mememint/contracts';
import { type Address, beginCell, contractAddress, storeStateInit, type StateInit } from '@ton/core';
import { type KeyPair, keyPairFromSeed } from '@ton/crypto';
import { WalletContractV3R1, WalletContractV3R2, WalletContractV4, WalletContractV5R1 } from '@ton/ton';
import request from 'supertest';

import { signTonProof } from '../../../scripts/lib/ton-proof.mjs';
import { bearer, type Player } from './memes.js';
import type { TestApp } from './test-app.js';

/**
 * A TON wallet as a wallet app holds it: a fresh Ed25519 key pair and one of the standard wallet
 * contracts built with `@ton/ton`, its address and state init derived from them. `v3r1` is a real
 * wallet contract MemeMint does not accept; `libraryCode` deploys the code as a library cell.
 */
export interface TestWallet {
  keyPair: KeyPair;
  address: Address;
  stateInit: StateInit;
  network: 'mainnet' | 'testnet';
}

export type TestWalletVersion = 'v3r1' | 'v3r2' | 'v4r2' | 'v5r1';

export function newTestWallet(
  version: TestWalletVersion,
  options: { network?: 'mainnet' | 'testnet'; libraryCode?: boolean; keyPair?: KeyPair } = {},
): TestWallet {
  const network = options.network ?? 'mainnet';
  const keyPair = options.keyPair ?? keyPairFromSeed(randomBytes(32));
  const publicKey = keyPair.publicKey;
  const contract =
    version === 'v5r1'
      ? WalletContractV5R1.create({ walletId: { networkGlobalId: Number(TON_CHAIN[network]) }, publicKey })
      : version === 'v4r2'
        ? WalletContractV4.create({ workchain: 0, publicKey })
        : version === 'v3r2'
          ? WalletContractV3R2.create({ workchain: 0, publicKey })
          : WalletContractV3R1.create({ workchain: 0, publicKey });
  const code = options.libraryCode
    ? beginCell().storeUint(2, 8).storeBuffer(contract.init.code.hash()).endCell({ exotic: true })
    : contract.init.code;
  const stateInit = { code, data: contract.init.data };
  return { keyPair, address: contractAddress(0, stateInit), stateInit, network };
}

/** The wallet's user-friendly address as MemeMint shows it (non-bounceable). */
export function friendlyAddress(wallet: TestWallet): string {
  return wallet.address.toString({ bounceable: false, testOnly: wallet.network === 'testnet' });
}

export interface ProofOptions {
  payload: string;
  domain: string;
  /** Unix seconds; default now. */
  timestamp?: number;
  /** Sign with this key instead of the wallet's (a forgery). */
  signWith?: KeyPair;
  /** Replace parts of the reply after signing (what a tampering client would send). */
  account?: Partial<AddTonRequest['account']>;
  lengthBytes?: number;
}

/**
 * What TON Connect hands the app after a `ton_proof` connect: the account (raw address, chain, hex
 * public key, base64 state init BOC) and the proof, signed as a wallet signs it.
 */
export function tonConnectReply(wallet: TestWallet, options: ProofOptions): AddTonRequest {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const signature = signTonProof({
    workchain: wallet.address.workChain,
    addressHash: wallet.address.hash,
    domain: options.domain,
    timestamp,
    payload: options.payload,
    secretKey: (options.signWith ?? wallet.keyPair).secretKey,
  });
  const stateInitBoc = beginCell()
    .store(storeStateInit(wallet.stateInit))
    .endCell()
    .toBoc()
    .toString('base64');
  return {
    account: {
      address: wallet.address.toRawString(),
      chain: TON_CHAIN[wallet.network],
      publicKey: wallet.keyPair.publicKey.toString('hex'),
      walletStateInit: stateInitBoc,
      ...options.account,
    },
    proof: {
      timestamp,
      domain: {
        lengthBytes: options.lengthBytes ?? Buffer.byteLength(options.domain),
        value: options.domain,
      },
      payload: options.payload,
      signature,
    },
  };
}

/** `GET /api/v1/users/airdrop/`: the player's share of the airdrop. */
export async function airdrop(t: TestApp, player: Player): Promise<AirdropDto> {
  return (await request(t.server).get('/api/v1/users/airdrop/').set(bearer(player)).expect(200))
    .body as AirdropDto;
}
