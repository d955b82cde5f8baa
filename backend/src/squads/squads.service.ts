import { HttpException, HttpStatus, Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  ErrorText,
  SQUAD_TITLE_MAX_LENGTH,
  type SquadErrorCode,
  type SquadMembershipDto,
  type SquadTitleDto,
} from '@mememint/contracts';

import { Clock } from '../common/clock.js';
import { AppConfig } from '../config/app.config.js';
import { Transactions } from '../database/transactions.js';
import type { User } from '../users/entities/user.entity.js';
import { UserCountersService } from '../users/user-counters.service.js';
import { type SignedUpUser, UsersService } from '../users/users.service.js';
import type { Squad } from './entities/squad.entity.js';
import type { SquadMembership } from './entities/squad-membership.entity.js';
import { type SquadChanges, SquadEvents } from './squad-events.js';
import { SquadsRepository } from './squads.repository.js';

const FOREIGN_KEY_VIOLATION = '23503';

function squadError(status: HttpStatus, detail: string, code: SquadErrorCode, extra: object = {}) {
  return new HttpException({ detail, code, ...extra }, status);
}

const squadNotFound = () => squadError(HttpStatus.NOT_FOUND, ErrorText.squadNotFound, 'SQUAD_NOT_FOUND');

/** A new squad is named after its influencer (GAME.md: "title from the username"). */
function defaultTitle(user: Pick<User, 'tgId' | 'username' | 'firstName'>): string {
  return (user.username ?? user.firstName ?? `Squad ${user.tgId}`).slice(0, SQUAD_TITLE_MAX_LENGTH);
}

/** What `influencer <tgId> [--off]` did. */
export interface InfluencerChange {
  tgId: number;
  infl: boolean;
  /** The influencer's squad (on), or the one dissolved (off; null when there was none). */
  squad: Pick<Squad, 'id' | 'title'> | null;
  /** Members who left the dissolved squad (off). */
  released: number;
}

/**
 * Squads (GAME.md "Referrals, squads, influencers" and "Decisions": Squads). A player is in at most one
 * squad; an influencer is a member of their own and cannot leave it. Every join starts the switch
 * cooldown except the one at sign-up through an influencer's invite. Changes are told to SquadEvents
 * after they commit.
 */
@Injectable()
export class SquadsService implements OnModuleInit {
  constructor(
    private readonly squads: SquadsRepository,
    private readonly transactions: Transactions,
    private readonly users: UsersService,
    private readonly counters: UserCountersService,
    private readonly events: SquadEvents,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.users.onSignUp((em, user) => this.joinAtSignUp(em, user));
  }

  /** The player's squad id (null: none) and when they may switch. */
  async membershipOf(userId: number): Promise<SquadMembershipDto> {
    return this.toMembershipDto(await this.squads.findMembership(userId));
  }

  /** Joins a squad; joining the one you are in changes nothing. 404 unknown, 409 influencer, 429 cooldown. */
  async join(userId: number, squadId: number): Promise<SquadMembershipDto> {
    const now = this.clock.now();
    let changes: SquadChanges = { moved: [], dissolved: [] };
    const membership = await this.transactions
      .run(async (em) => {
        if (!(await this.squads.findById(squadId, em))) throw squadNotFound();
        const current = await this.squads.lockMembership(em, userId);
        if (current.squadId === squadId) return current;
        await this.refuseInfluencer(em, userId);
        const waitMs = (current.switchAvailableAt?.getTime() ?? 0) - now.getTime();
        if (waitMs > 0) {
          throw squadError(
            HttpStatus.TOO_MANY_REQUESTS,
            ErrorText.squadSwitchCooldown,
            'SQUAD_SWITCH_COOLDOWN',
            {
              retryAfter: Math.ceil(waitMs / 1000),
            },
          );
        }
        const state = {
          squadId,
          joinedAt: now,
          switchAvailableAt: new Date(
            now.getTime() + this.config.referrals.squadSwitchCooldownHours * 3_600_000,
          ),
        };
        changes = { moved: [await this.squads.setMembership(em, userId, state)], dissolved: [] };
        return state;
      })
      .catch((error: unknown) => {
        // The squad was dissolved between the lookup and the join.
        if ((error as { code?: string }).code === FOREIGN_KEY_VIOLATION) throw squadNotFound();
        throw error;
      });
    await this.events.publish(changes);
    return this.toMembershipDto(membership);
  }

  /** Leaves the player's squad (the cooldown stays as it was). 404 outside a squad, 409 influencer. */
  async leave(userId: number): Promise<SquadMembershipDto> {
    const { membership, moved } = await this.transactions.run(async (em) => {
      const current = await this.squads.lockMembership(em, userId);
      if (current.squadId === null)
        throw squadError(HttpStatus.NOT_FOUND, ErrorText.notInSquad, 'NOT_IN_SQUAD');
      await this.refuseInfluencer(em, userId);
      const state = { squadId: null, joinedAt: null, switchAvailableAt: current.switchAvailableAt };
      return { membership: state, moved: await this.squads.setMembership(em, userId, state) };
    });
    await this.events.publish({ moved: [moved], dissolved: [] });
    return this.toMembershipDto(membership);
  }

  /** The influencer renames their squad; others 403. */
  async rename(userId: number, title: string): Promise<SquadTitleDto> {
    const squad = await this.squads.rename(userId, title);
    if (!squad) {
      throw squadError(HttpStatus.FORBIDDEN, ErrorText.squadInfluencerOnly, 'SQUAD_INFLUENCER_ONLY');
    }
    return { id: squad.id, title: squad.title };
  }

  /**
   * The `influencer` command. On: the flag, the influencer's squad (named after them) and their
   * membership of it (leaving any other, with no cooldown). Off: the flag cleared and the squad
   * dissolved, its members leaving with no cooldown. Null when no such user exists.
   */
  async setInfluencer(
    tgId: number,
    on: boolean,
    // Work that commits with the change (the admin's audit row).
    within?: (em: EntityManager) => Promise<void>,
  ): Promise<InfluencerChange | null> {
    const now = this.clock.now();
    const outcome = await this.transactions.run(async (em) => {
      const change = await this.changeInfluencer(em, tgId, on, now);
      if (change) await within?.(em);
      return change;
    });
    if (!outcome) return null;
    if (outcome.changes) await this.events.publish(outcome.changes);
    const { squad } = outcome.change;
    return { ...outcome.change, squad: squad && { id: squad.id, title: squad.title } };
  }

  private async changeInfluencer(em: EntityManager, tgId: number, on: boolean, now: Date) {
    const user = await this.counters.setInfluencer(tgId, on, em);
    if (!user) return null;
    if (on) {
      const squad = await this.squads.createForInfluencer(em, tgId, defaultTitle(user));
      const current = await this.squads.lockMembership(em, tgId);
      const moved =
        current.squadId === squad.id
          ? []
          : [
              await this.squads.setMembership(em, tgId, {
                squadId: squad.id,
                joinedAt: now,
                switchAvailableAt: null,
              }),
            ];
      return { change: { tgId, infl: true, squad, released: 0 }, changes: { moved, dissolved: [] } };
    }
    const squad = await this.squads.lockForDissolve(em, tgId);
    if (!squad) return { change: { tgId, infl: false, squad: null, released: 0 }, changes: null };
    const moved = await this.squads.releaseMembers(em, squad.id);
    await this.squads.delete(em, squad.id);
    return {
      change: { tgId, infl: false, squad, released: moved.filter((m) => m.userId !== tgId).length },
      changes: { moved, dissolved: [squad.id] },
    };
  }

  /**
   * A player invited by an influencer joins their squad at sign-up, without starting the cooldown;
   * the rating hears of it once the sign-up commits.
   */
  private async joinAtSignUp(em: EntityManager, user: SignedUpUser): Promise<(() => Promise<void>) | void> {
    if (user.refInfl === null) return;
    const squad = await this.squads.findByInfluencer(user.refInfl, em);
    if (!squad) return;
    const moved = await this.squads.insertMembership(em, user.tgId, {
      squadId: squad.id,
      joinedAt: this.clock.now(),
      switchAvailableAt: null,
    });
    return () => this.events.publish({ moved: [moved], dissolved: [] });
  }

  /** An influencer stays in their own squad. */
  private async refuseInfluencer(em: EntityManager, userId: number): Promise<void> {
    if (await this.squads.findByInfluencer(userId, em)) {
      throw squadError(HttpStatus.CONFLICT, ErrorText.influencerStaysInSquad, 'INFLUENCER_STAYS_IN_SQUAD');
    }
  }

  private toMembershipDto(membership: Pick<SquadMembership, 'squadId' | 'switchAvailableAt'> | null) {
    const until = membership?.switchAvailableAt;
    return {
      squadId: membership?.squadId ?? null,
      switchAvailableAt: until && until > this.clock.now() ? until.toISOString() : null,
    };
  }
}
