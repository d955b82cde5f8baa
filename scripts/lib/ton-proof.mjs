// @ts-check
// The signature a TON wallet puts on a `ton_proof`, for the tests that play the wallet: the backend's
// wallet-proof tests and the browser tests' injected wallet sign the same way.
import { createHash } from 'node:crypto';

import { sign } from '@ton/crypto';

const sha256 = (/** @type {Buffer} */ data) => createHash('sha256').update(data).digest();

/**
 * @typedef {object} TonProofItem
 * @property {number} workchain The wallet address's workchain.
 * @property {Buffer} addressHash The wallet address's 32-byte hash.
 * @property {string} domain The dApp's domain (its manifest's host).
 * @property {number} timestamp Unix seconds.
 * @property {string} payload The server's challenge.
 * @property {Buffer} secretKey The wallet's Ed25519 secret key.
 */

/**
 * Ed25519 over sha256(0xffff ‖ "ton-connect" ‖ sha256("ton-proof-item-v2/" ‖ workchain (int32 BE) ‖
 * address hash ‖ domain length (uint32 LE) ‖ domain ‖ timestamp (uint64 LE) ‖ payload)), as the TON
 * Connect spec says a wallet signs it; base64.
 * @param {TonProofItem} item
 * @returns {string}
 */
export function signTonProof({ workchain, addressHash, domain, timestamp, payload, secretKey }) {
  const domainBytes = Buffer.from(domain, 'utf8');
  const workchainBytes = Buffer.alloc(4);
  workchainBytes.writeInt32BE(workchain);
  const domainLength = Buffer.alloc(4);
  domainLength.writeUInt32LE(domainBytes.length);
  const time = Buffer.alloc(8);
  time.writeBigUInt64LE(BigInt(timestamp));
  const message = Buffer.concat([
    Buffer.from('ton-proof-item-v2/'),
    workchainBytes,
    addressHash,
    domainLength,
    domainBytes,
    time,
    Buffer.from(payload, 'utf8'),
  ]);
  const signed = sha256(
    Buffer.concat([Buffer.from([0xff, 0xff]), Buffer.from('ton-connect'), sha256(message)]),
  );
  return sign(signed, secretKey).toString('base64');
}
