/** The airdrop feature's public face (no TON Connect here: only the lazily loaded page imports it). */
export { useAddTon } from './api/add-ton';
export { useAirdrop } from './api/get-airdrop';
export { airdropKeys } from './api/keys';
export { useTonProofPayload } from './api/get-ton-proof-payload';
export { AirdropSkeleton, AirdropSummary } from './AirdropSummary';
