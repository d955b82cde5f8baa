import type { ServerToClientEvents } from '@mememint/contracts';

/** Every socket of one player joins this room, whichever backend replica it is connected to. */
export function userRoom(userId: number): string {
  return `user:${userId}`;
}

/**
 * The Redis channel prefix of the socket.io adapter: every replica's adapter and every emitter of
 * a process without sockets (the admin CLI) use this one, under the deployment's key prefix.
 */
export function socketAdapterKey(redisKeyPrefix: string): string {
  return `${redisKeyPrefix}socket.io`;
}

/** Sends one event to every open socket of a player. */
export type EmitToUser = <E extends keyof ServerToClientEvents>(
  userId: number,
  event: E,
  ...payload: Parameters<ServerToClientEvents[E]>
) => void;

/** Sends one event to every open socket of every player. */
export type EmitToAll = <E extends keyof ServerToClientEvents>(
  event: E,
  ...payload: Parameters<ServerToClientEvents[E]>
) => void;

/**
 * A player's open sockets, wherever they are connected. In the API it is the realtime gateway; in a
 * process without sockets (the admin CLI) the Redis emitter, which reaches the same sockets through
 * the adapter's channels.
 */
export abstract class PlayerSockets {
  abstract readonly emitToUser: EmitToUser;
  abstract readonly emitToAll: EmitToAll;
  /** Closes every socket of a player, on every replica (their account was deleted). */
  abstract disconnectUser(userId: number): void;
}
