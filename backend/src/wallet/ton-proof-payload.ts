import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * A TON proof payload is checked later without stored state: 8 random bytes, the expiry (unix
 * seconds, 64-bit big endian) and the first 16 bytes of an HMAC-SHA256 over both and the player it
 * was issued to, as 64 hex characters (what wallets sign as the proof's `payload`). Binding it to
 * the player means a proof captured from someone else's session links nothing to another account.
 */
const NONCE_BYTES = 8;
const EXPIRY_BYTES = 8;
const MAC_BYTES = 16;
const PAYLOAD_BYTES = NONCE_BYTES + EXPIRY_BYTES + MAC_BYTES;
const PAYLOAD_PATTERN = new RegExp(`^[0-9a-f]{${PAYLOAD_BYTES * 2}}$`);

function mac(secret: string, userId: number, body: Buffer): Buffer {
  return createHmac('sha256', secret)
    .update(`ton-proof-payload:${userId}:`)
    .update(body)
    .digest()
    .subarray(0, MAC_BYTES);
}

/** A fresh payload for this player, valid for `ttlSeconds` from `now`. */
export function issueProofPayload(secret: string, userId: number, ttlSeconds: number, now: Date): string {
  const body = Buffer.alloc(NONCE_BYTES + EXPIRY_BYTES);
  randomBytes(NONCE_BYTES).copy(body);
  body.writeBigUInt64BE(BigInt(Math.floor(now.getTime() / 1000) + ttlSeconds), NONCE_BYTES);
  return Buffer.concat([body, mac(secret, userId, body)]).toString('hex');
}

/** Whether we issued `payload` to this player (`foreign` when not) and whether it is still valid. */
export function checkProofPayload(
  secret: string,
  userId: number,
  payload: string,
  now: Date,
): 'valid' | 'expired' | 'foreign' {
  if (!PAYLOAD_PATTERN.test(payload)) return 'foreign';
  const bytes = Buffer.from(payload, 'hex');
  const body = bytes.subarray(0, NONCE_BYTES + EXPIRY_BYTES);
  if (!timingSafeEqual(bytes.subarray(NONCE_BYTES + EXPIRY_BYTES), mac(secret, userId, body)))
    return 'foreign';
  const expiresAt = Number(body.readBigUInt64BE(NONCE_BYTES));
  return Math.floor(now.getTime() / 1000) < expiresAt ? 'valid' : 'expired';
}
