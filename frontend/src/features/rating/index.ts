/** The rating feature's public face: the players' boards, the live hook and the keys squads reload. */
export { MiniAvatar, playerName, SquadEmblem } from './Avatar';
export { useRating } from './api/get-rating';
export { ratingKeys } from './api/keys';
export { PlayerBoard } from './PlayerBoard';
export { useLiveRating } from './useLiveRating';
