import type { Page } from './memes.js';
import type { SquadInfluencer } from './rating.js';

/** A squad as `/api/v1/squads/` lists it, ranked by its members' all-time score. */
export interface SquadDto {
  id: number;
  rank: number;
  title: string;
  influencer: SquadInfluencer;
  members: number;
  /** All-time score: the sum of its current members' earned coins. */
  score: number;
}

/** The player's squad (null: none) and when they may join another (null: now). */
export interface SquadMembershipDto {
  squadId: number | null;
  /** ISO time the switch cooldown ends; null when joining another squad is allowed now. */
  switchAvailableAt: string | null;
}

/** `GET /api/v1/squads/?page=`: squads ranked, with the player's own membership. */
export interface SquadListResponse extends Page<SquadDto> {
  mine: SquadMembershipDto;
}

/** `PATCH /api/v1/squads/mine/` (the influencer only). */
export interface SquadUpdateRequest {
  title: string;
}

/** The answer of `PATCH /api/v1/squads/mine/`. */
export interface SquadTitleDto {
  id: number;
  title: string;
}

export const SQUAD_TITLE_MAX_LENGTH = 64;

/** `code` of the squad errors (the mini app translates by it). */
export type SquadErrorCode =
  | 'SQUAD_NOT_FOUND'
  | 'NOT_IN_SQUAD'
  | 'SQUAD_SWITCH_COOLDOWN'
  | 'INFLUENCER_STAYS_IN_SQUAD'
  | 'SQUAD_INFLUENCER_ONLY';
