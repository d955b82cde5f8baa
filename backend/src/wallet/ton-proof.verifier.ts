import { createHash } from 'node:crypto';

import { Address, Cell, CellType, contractAddress, loadStateInit, type StateInit } from '@ton/core';
import { signVerify } from '@ton/crypto';
import { WalletContractV3R2, WalletContractV4, WalletContractV5R1 } from '@ton/ton';
import { TON_CHAIN, type TonProofErrorCode } from '@mememint/contracts';

import { checkProofPayload } from './ton-proof-payload.js';

/** A proof with its timestamp already a number (the DTO converts a decimal string). */
export interface TonProofInput {
  account: { address: string; chain: string; publicKey: string; walletStateInit: string };
  proof: {
    timestamp: number;
    domain: { lengthBytes: number; value: string };
    payload: string;
    signature: string;
  };
}

export interface TonProofRules {
  secret: string;
  network: 'mainnet' | 'testnet';
  domains: readonly string[];
  maxAgeSeconds: number;
}

export type WalletVersion = 'v3r2' | 'v4r2' | 'v5r1';

/** What a valid proof proves: this player controls this wallet. */
export interface ProvenWallet {
  /** `0:<hex>` */
  rawAddress: string;
  /** User-friendly, non-bounceable (how wallets show their own address). */
  address: string;
  publicKey: string;
  version: WalletVersion;
  network: 'mainnet' | 'testnet';
}

/** A check of the proof failed; `detail` says which, `code` is the stable name the client translates. */
export class TonProofError extends Error {
  constructor(
    readonly code: TonProofErrorCode,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'TonProofError';
  }
}

/** Any key: the code of a wallet contract does not depend on it. */
const ANY_KEY = { workchain: 0, publicKey: Buffer.alloc(32) };

/**
 * The wallet contracts a proof may come from, recognised by the hash of their code cell (taken from
 * `@ton/ton`'s own contracts), each with where its data cell keeps the public key: v3R2 and v4R2
 * start with seqno and subwallet id (32 bits each), v5R1 with the signature-allowed bit, seqno and
 * wallet id.
 */
const KNOWN_WALLETS: { version: WalletVersion; codeHash: Buffer; bitsBeforeKey: number }[] = [
  { version: 'v3r2', codeHash: WalletContractV3R2.create(ANY_KEY).init.code.hash(), bitsBeforeKey: 64 },
  { version: 'v4r2', codeHash: WalletContractV4.create(ANY_KEY).init.code.hash(), bitsBeforeKey: 64 },
  { version: 'v5r1', codeHash: WalletContractV5R1.create(ANY_KEY).init.code.hash(), bitsBeforeKey: 65 },
];

const PROOF_PREFIX = Buffer.from('ton-proof-item-v2/', 'utf8');
const SIGN_PREFIX = Buffer.concat([Buffer.from([0xff, 0xff]), Buffer.from('ton-connect', 'utf8')]);

const sha256 = (data: Buffer): Buffer => createHash('sha256').update(data).digest();

/**
 * Verifies a TON Connect `ton_proof` for the player `userId` (TON Connect spec, "Address proof
 * signature"), in order: the payload is one we issued to this player and unexpired, the wallet is on
 * our network, the domain is ours, the timestamp is recent, the address is the hash of the state
 * init, the state init is a known wallet whose public key is `publicKey`, and the Ed25519 signature
 * over the proof message is valid. Throws TonProofError naming the first check that fails.
 */
export function verifyTonProof(
  input: TonProofInput,
  userId: number,
  rules: TonProofRules,
  now: Date,
): ProvenWallet {
  const { account, proof } = input;

  const payload = checkProofPayload(rules.secret, userId, proof.payload, now);
  if (payload === 'foreign')
    throw new TonProofError(
      'TON_PROOF_PAYLOAD_INVALID',
      'The proof payload was not issued to you by MemeMint',
    );
  if (payload === 'expired')
    throw new TonProofError(
      'TON_PROOF_PAYLOAD_EXPIRED',
      'The proof payload has expired: connect the wallet again',
    );

  if (account.chain !== TON_CHAIN[rules.network])
    throw new TonProofError('TON_PROOF_NETWORK', `The wallet is not on the TON ${rules.network}`);

  const domain = Buffer.from(proof.domain.value, 'utf8');
  if (proof.domain.lengthBytes !== domain.length || !rules.domains.includes(proof.domain.value.toLowerCase()))
    throw new TonProofError('TON_PROOF_DOMAIN', 'The proof was signed for another domain');

  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (Math.abs(nowSeconds - proof.timestamp) > rules.maxAgeSeconds)
    throw new TonProofError('TON_PROOF_TIMESTAMP', 'The proof timestamp is too old or in the future');

  const stateInit = parseStateInit(account.walletStateInit);
  const address = parseAddress(account.address);
  if (!address || !address.equals(contractAddress(address.workChain, stateInit)))
    throw new TonProofError('TON_PROOF_ADDRESS', 'The wallet address does not match its state init');

  const codeHash = codeHashOf(stateInit.code);
  const wallet = KNOWN_WALLETS.find((known) => known.codeHash.equals(codeHash));
  if (!wallet)
    throw new TonProofError(
      'TON_PROOF_WALLET_UNKNOWN',
      'The wallet contract is not a supported wallet (v3R2, v4R2, v5R1)',
    );
  const publicKey = readPublicKey(stateInit.data, wallet.bitsBeforeKey);
  if (!publicKey || publicKey.toString('hex') !== account.publicKey.toLowerCase())
    throw new TonProofError('TON_PROOF_PUBLIC_KEY', 'The public key does not match the wallet state init');

  const workchain = Buffer.alloc(4);
  workchain.writeInt32BE(address.workChain);
  const domainLength = Buffer.alloc(4);
  domainLength.writeUInt32LE(domain.length);
  const timestamp = Buffer.alloc(8);
  timestamp.writeBigUInt64LE(BigInt(proof.timestamp));
  const message = Buffer.concat([
    PROOF_PREFIX,
    workchain,
    address.hash,
    domainLength,
    domain,
    timestamp,
    Buffer.from(proof.payload, 'utf8'),
  ]);
  const signed = sha256(Buffer.concat([SIGN_PREFIX, sha256(message)]));
  const signature = Buffer.from(proof.signature, 'base64');
  if (signature.length !== 64 || !signVerify(signed, signature, publicKey))
    throw new TonProofError('TON_PROOF_SIGNATURE', 'The proof signature is not valid');

  return {
    rawAddress: address.toRawString(),
    address: address.toString({ bounceable: false, testOnly: rules.network === 'testnet', urlSafe: true }),
    publicKey: publicKey.toString('hex'),
    version: wallet.version,
    network: rules.network,
  };
}

/** The state init BOC with both code and data (a wallet has both), else a TON_PROOF_STATE_INIT error. */
function parseStateInit(base64: string): StateInit & { code: Cell; data: Cell } {
  let stateInit: StateInit | null = null;
  try {
    stateInit = loadStateInit(Cell.fromBase64(base64).beginParse());
  } catch {
    // not a BOC of a state init: reported below
  }
  if (!stateInit?.code || !stateInit.data)
    throw new TonProofError('TON_PROOF_STATE_INIT', 'The wallet state init is not a valid wallet state init');
  return stateInit as StateInit & { code: Cell; data: Cell };
}

function parseAddress(text: string): Address | null {
  try {
    return Address.parse(text);
  } catch {
    return null;
  }
}

/**
 * The hash of the code a state init runs: its code cell's, or, when the code is a library cell (how
 * some wallets deploy to save storage), the hash of the library it names.
 */
function codeHashOf(code: Cell): Buffer {
  if (code.type !== CellType.Library) return code.hash();
  const slice = code.beginParse(true);
  slice.skip(8);
  return slice.loadBuffer(32);
}

function readPublicKey(data: Cell, bitsBeforeKey: number): Buffer | null {
  try {
    const slice = data.beginParse();
    slice.skip(bitsBeforeKey);
    return slice.loadBuffer(32);
  } catch {
    return null;
  }
}
