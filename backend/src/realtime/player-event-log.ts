import type { EventMeta, ServerToClientEvents } from '@mememint/contracts';
import { EVENT_ID_PATTERN } from '@mememint/contracts';
import type { Redis } from 'ioredis';

/** An event sent to one player, as logged: its stream id, name and arguments. */
export interface LoggedEvent {
  id: string;
  event: keyof ServerToClientEvents;
  args: unknown[];
}

/**
 * The last events sent to each player (a Redis stream per player, capped at SOCKET_REPLAY_EVENTS and
 * gone SOCKET_REPLAY_SECONDS after the last one), so a socket that reconnects, to this replica or
 * another, gets what it missed meanwhile: a `generation:done` is not learnt only by polling. Every
 * event of one player goes through it, whatever its name (new events need nothing here).
 */
export class PlayerEventLog {
  constructor(
    /** A client that fails at once while Redis is away (no offline queue): events then go unlogged. */
    private readonly redis: Redis,
    /** The deployment's key prefix when the client does not add it itself. */
    private readonly keyPrefix: string,
    private readonly limits: { events: number; seconds: number },
  ) {}

  private key(userId: number): string {
    return `${this.keyPrefix}events:${userId}`;
  }

  /** Logs an event; its id, or null when none is kept (replay off, Redis away). */
  async record(
    userId: number,
    event: keyof ServerToClientEvents,
    args: unknown[],
  ): Promise<EventMeta | null> {
    if (this.limits.events === 0) return null;
    const key = this.key(userId);
    const [[addError, id]] = (await this.redis
      .multi()
      .xadd(key, 'MAXLEN', '~', this.limits.events, '*', 'e', JSON.stringify([event, ...args]))
      .pexpire(key, this.limits.seconds * 1000)
      .exec()) as [[Error | null, string]];
    if (addError) throw addError;
    return { eventId: id };
  }

  /**
   * Logs an event, then sends it with its id after the payload (without one when it could not be
   * logged: Redis away, replay off).
   */
  send(
    userId: number,
    event: keyof ServerToClientEvents,
    args: unknown[],
    target: { emit(event: string, ...args: unknown[]): unknown },
  ): Promise<void> {
    return this.record(userId, event, args).then(
      (meta) => void target.emit(event, ...args, ...(meta ? [meta] : [])),
      () => void target.emit(event, ...args),
    );
  }

  /** The player's events after `lastEventId`, oldest first; none for an id that is not one. */
  async after(userId: number, lastEventId: unknown): Promise<LoggedEvent[]> {
    if (this.limits.events === 0 || typeof lastEventId !== 'string' || !EVENT_ID_PATTERN.test(lastEventId))
      return [];
    const entries = await this.redis.xrange(this.key(userId), `(${lastEventId}`, '+');
    return entries.map(([id, fields]) => {
      const [event, ...args] = JSON.parse(fields[1]!) as [keyof ServerToClientEvents, ...unknown[]];
      return { id, event, args };
    });
  }
}
