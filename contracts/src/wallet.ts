/** `GET /api/v1/users/ton-proof/payload/`: ask for it before opening the TON Connect modal. */
export interface TonProofPayloadDto {
  /** Hex; pass it as the `tonProof` connect parameter. Expires after TON_PROOF_PAYLOAD_TTL_SECONDS. */
  payload: string;
}

/** TON Connect `chain` values (network global ids). */
export const TON_CHAIN = { mainnet: '-239', testnet: '-3' } as const;

/**
 * `POST /api/v1/users/add-ton/`: the connected wallet's `account` and its `ton_proof` reply, exactly
 * as TON Connect hands them to the app (`wallet.account`, `wallet.connectItems.tonProof.proof`).
 */
export interface AddTonRequest {
  account: {
    /** Raw form `0:<hex>`. */
    address: string;
    chain: string;
    /** Hex, without 0x. */
    publicKey: string;
    /** Base64 BOC of the wallet's state init. */
    walletStateInit: string;
  };
  proof: {
    /** Unix seconds; the SDK gives a number, the protocol a decimal string. */
    timestamp: number | string;
    domain: { lengthBytes: number; value: string };
    payload: string;
    /** Base64 Ed25519 signature. */
    signature: string;
  };
}

/** The `code` of a 400 from `add-ton`: which check of the proof failed (the client translates it). */
export const TON_PROOF_ERROR_CODES = [
  'TON_PROOF_PAYLOAD_INVALID',
  'TON_PROOF_PAYLOAD_EXPIRED',
  'TON_PROOF_NETWORK',
  'TON_PROOF_DOMAIN',
  'TON_PROOF_TIMESTAMP',
  'TON_PROOF_STATE_INIT',
  'TON_PROOF_ADDRESS',
  'TON_PROOF_WALLET_UNKNOWN',
  'TON_PROOF_PUBLIC_KEY',
  'TON_PROOF_SIGNATURE',
] as const;
export type TonProofErrorCode = (typeof TON_PROOF_ERROR_CODES)[number];

/** The `code` of the 409 from `add-ton`. */
export const TON_WALLET_TAKEN = 'TON_WALLET_TAKEN';

/**
 * `GET /api/v1/users/airdrop/` (and the answer of `add-ton`): the linked wallet and the player's
 * share of all players' all-time earned coins.
 */
export interface AirdropDto {
  hasTon: boolean;
  /** User-friendly, non-bounceable (`UQ…`; `0Q…` on testnet); null without a linked wallet. */
  address: string | null;
  /** The player's all-time earned coins. */
  coins: number;
  /** All players' all-time earned coins. */
  totalCoins: number;
  /** `coins / totalCoins`, 0–1 (0 while nobody has earned anything). */
  share: number;
}
