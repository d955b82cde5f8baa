import { Injectable, Logger } from '@nestjs/common';

import type { MembershipVersion } from './squads.repository.js';

/** Committed squad changes: players who joined or left (by membership version), squads dissolved. */
export interface SquadChanges {
  moved: MembershipVersion[];
  dissolved: number[];
}

export type SquadListener = (changes: SquadChanges) => Promise<void>;

/**
 * Tells the modules above squads (the rating) what changed, after the change committed. Publishing
 * waits for the listeners, so a player who joined sees the squad's board with them on it as soon as
 * the join answers; a listener's failure is logged (the rating's rebuild repairs what it missed).
 */
@Injectable()
export class SquadEvents {
  private readonly logger = new Logger(SquadEvents.name);
  private readonly listeners: SquadListener[] = [];

  subscribe(listener: SquadListener): void {
    this.listeners.push(listener);
  }

  async publish(changes: SquadChanges): Promise<void> {
    if (changes.moved.length === 0 && changes.dissolved.length === 0) return;
    for (const listener of this.listeners) {
      await listener(changes).catch((error: unknown) =>
        this.logger.error(
          `A squad listener failed: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    }
  }
}
