/** The airdrop feature's public face (no TON Connect here: only the lazily loaded page imports it). */
export { useAddTon } from './api/add-ton';
export { airdropKeys } from './api/keys';
export { useTonProofPayload } from './api/get-ton-proof-payload';
export { AirdropShare } from './AirdropSummary';
