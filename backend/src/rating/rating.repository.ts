import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';

import { AppConfig } from '../config/app.config.js';
import { REDIS } from '../redis/redis.module.js';
import { type BucketRef, fromMember, toMember } from './rating-periods.js';
import { CLAIM_SCRIPT, EARN_SCRIPT, MOVE_SCRIPT, UNLOCK_SCRIPT } from './rating.scripts.js';

interface RatingCommands {
  ratingEarn(...args: (string | number)[]): Promise<number>;
  ratingMove(...args: (string | number)[]): Promise<number>;
  ratingClaim(...args: (string | number)[]): Promise<[number, string] | null>;
  ratingUnlock(...args: (string | number)[]): Promise<number>;
}

/** A board entry: the id (tgId or squad id) and its packed score. */
export interface PackedEntry {
  id: number;
  packed: number;
}

/** A membership as the rating copies it. */
export interface MemberMove {
  userId: number;
  squadId: number | null;
  version: number;
}

/** One thing a script did while a rebuild ran (RatingRepository.takeJournal), in their order. */
export type JournalEntry =
  { kind: 'earned'; userId: number; coins: number; at: Date } | ({ kind: 'moved' } & MemberMove);

/** Everything a rebuild writes, per bucket. */
export interface RatingSnapshot {
  buckets: BucketRef[];
  /** Per bucket: players' packed scores. */
  players: Map<string, PackedEntry[]>;
  /** Per bucket: squads' packed totals. */
  squads: Map<string, PackedEntry[]>;
  /** Per bucket, per squad: its members' packed scores. */
  squadMembers: Map<string, Map<number, PackedEntry[]>>;
  memberships: MemberMove[];
}

const BATCH = 1000;

/** The membership version a deleted player's copy ends at: above any a squad event can carry. */
const FORGOTTEN_VERSION = 2 ** 31 - 1;

function bucketArgs(buckets: readonly BucketRef[]): (string | number)[] {
  return buckets.flatMap((b) => [b.period, b.bucket, b.span, b.offset, b.ttlSeconds]);
}

function toEntries(flat: string[]): PackedEntry[] {
  const entries: PackedEntry[] = [];
  for (let i = 0; i < flat.length; i += 2)
    entries.push({ id: fromMember(flat[i]!), packed: Number(flat[i + 1]) });
  return entries;
}

/** The rating's namespace in Redis, under REDIS_KEY_PREFIX. */
const NAMESPACE = 'rating:';

/**
 * The rating's key names under NAMESPACE: the one place TypeScript spells them (the Lua scripts of
 * rating.scripts.ts spell the same layout).
 */
const KEYS = {
  players: (bucket: string) => `p:${bucket}`,
  squads: (bucket: string) => `s:${bucket}`,
  squadMembers: (squadId: number, bucket: string) => `m:${squadId}:${bucket}`,
  squadOf: 'squad-of',
  memberCounts: 'members',
  dirty: (board: string) => `dirty:${board}`,
  sent: (board: string) => `sent:${board}`,
  rebuild: (at: number) => `rebuild:${at}:`,
  /** Written with every rebuild: its absence means Redis lost the boards (or never had them). */
  built: 'built',
  /** Held by the one process rebuilding after a loss. */
  rebuildLock: 'rebuild-lock',
  /** Set while a rebuild runs: the scripts then append what they did to `journal`. */
  rebuilding: 'rebuilding',
  journal: 'journal',
  /** What replaceAll swaps: the boards, the membership copy and the counts. */
  replaced: /^(p:|s:|m:|squad-of$|members$)/,
} as const;

/** One sorted set of the rating: a bucket's players, its squads, or one squad's members there. */
export interface SortedBoard {
  readonly key: string;
}

/**
 * The leaderboards in Redis. Sorted sets per bucket (keys under `rating:`): `p:<bucket>` players,
 * `s:<bucket>` squads' totals, `m:<squadId>:<bucket>` one squad's members; the hash `squad-of`
 * (tgId → `squadId:version`, squad 0 for none) copies the memberships, `members` counts them; per
 * live board `dirty:`, `sent:` and `lease:`. Scripts build key names from the prefixed base.
 */
@Injectable()
export class RatingRepository {
  /** The namespace with REDIS_KEY_PREFIX, for the scripts (the client adds the prefix itself). */
  private readonly base: string;
  private readonly commands: RatingCommands;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    config: AppConfig,
  ) {
    this.base = `${config.redis.keyPrefix}${NAMESPACE}`;
    redis.defineCommand('ratingEarn', { numberOfKeys: 0, lua: EARN_SCRIPT });
    redis.defineCommand('ratingMove', { numberOfKeys: 0, lua: MOVE_SCRIPT });
    redis.defineCommand('ratingClaim', { numberOfKeys: 0, lua: CLAIM_SCRIPT });
    redis.defineCommand('ratingUnlock', { numberOfKeys: 0, lua: UNLOCK_SCRIPT });
    this.commands = redis as unknown as RatingCommands;
  }

  /** A key for the client's commands (which add REDIS_KEY_PREFIX). */
  private key(name: string): string {
    return `${NAMESPACE}${name}`;
  }

  players(bucket: string): SortedBoard {
    return { key: this.key(KEYS.players(bucket)) };
  }

  squads(bucket: string): SortedBoard {
    return { key: this.key(KEYS.squads(bucket)) };
  }

  squadMembers(squadId: number, bucket: string): SortedBoard {
    return { key: this.key(KEYS.squadMembers(squadId, bucket)) };
  }

  /** Adds earned coins to a player (and their squad) in these buckets; true if a live board's top changed. */
  async addEarned(
    userId: number,
    coins: number,
    buckets: readonly BucketRef[],
    topSize: number,
    at: Date,
  ): Promise<boolean> {
    const flagged = await this.commands.ratingEarn(
      this.base,
      toMember(userId),
      coins,
      topSize,
      buckets.length,
      ...bucketArgs(buckets),
      at.getTime(),
    );
    return flagged === 1;
  }

  /** Applies membership changes (each once, by version) to the boards of these buckets. */
  async moveMembers(moves: readonly MemberMove[], buckets: readonly BucketRef[]): Promise<void> {
    for (let i = 0; i < moves.length; i += BATCH) {
      const pipeline = this.redis.pipeline() as unknown as RatingCommands & { exec(): Promise<unknown> };
      for (const move of moves.slice(i, i + BATCH)) {
        void pipeline.ratingMove(
          this.base,
          toMember(move.userId),
          move.squadId ?? 0,
          move.version,
          buckets.length,
          ...bucketArgs(buckets),
        );
      }
      await pipeline.exec();
    }
  }

  /**
   * A deleted account leaves the boards: out of its squad (the squad's totals and members' boards of the
   * current buckets lose its score, as when a player leaves; the membership copy keeps `0:<max>`, so a
   * late squad event cannot put it back), then out of every players' and squad members' board there
   * is, past buckets included. Answers the squad it was in (0 for none).
   */
  async forgetPlayer(userId: number, buckets: readonly BucketRef[]): Promise<number> {
    const entry = await this.redis.hget(this.key(KEYS.squadOf), toMember(userId));
    const squadId = Number(entry?.split(':')[0] ?? 0);
    if (squadId !== 0)
      await this.moveMembers([{ userId, squadId: null, version: FORGOTTEN_VERSION }], buckets);
    const boards = (await this.boardKeys()).filter((name) => name.startsWith('p:') || name.startsWith('m:'));
    for (let i = 0; i < boards.length; i += BATCH) {
      const pipeline = this.redis.pipeline();
      for (const name of boards.slice(i, i + BATCH)) pipeline.zrem(this.key(name), toMember(userId));
      await pipeline.exec();
    }
    return squadId;
  }

  /**
   * The board's lease for this interval when there is something to look at: null when it is idle or
   * another replica has the lease; else whether it changed and what was last sent.
   */
  async claimBoard(
    board: string,
    bucket: string,
    leaseMs: number,
  ): Promise<{ dirty: boolean; sent: string } | null> {
    const claim = await this.commands.ratingClaim(this.base, board, leaseMs, bucket);
    return claim === null ? null : { dirty: claim[0] === 1, sent: claim[1] };
  }

  async markSent(board: string, fingerprint: string): Promise<void> {
    await this.redis.set(this.key(KEYS.sent(board)), fingerprint, 'EX', 7 * 86_400);
  }

  async markDirty(boards: readonly string[]): Promise<void> {
    if (boards.length)
      await this.redis.mset(Object.fromEntries(boards.map((board) => [this.key(KEYS.dirty(board)), '1'])));
  }

  /** Entries with a score on the board. */
  count(board: SortedBoard): Promise<number> {
    return this.redis.zcard(board.key);
  }

  /** Entries from rank `start + 1` to `stop + 1` (ZRANGE: only those are read). */
  async range(board: SortedBoard, start: number, stop: number): Promise<PackedEntry[]> {
    if (stop < start) return [];
    return toEntries(await this.redis.zrange(board.key, start, stop, 'WITHSCORES'));
  }

  /** The entry's rank (from 1) and packed score; null when it has no score there. */
  async rankOf(board: SortedBoard, id: number): Promise<{ rank: number; packed: number } | null> {
    const member = toMember(id);
    const [[, rank], [, packed]] = (await this.redis
      .multi()
      .zrank(board.key, member)
      .zscore(board.key, member)
      .exec()) as [[unknown, number | null], [unknown, string | null]];
    return rank === null || packed === null ? null : { rank: rank + 1, packed: Number(packed) };
  }

  /** Which of these ids have a score on the board (ZMSCORE of those ids only). */
  async scoredAmong(board: SortedBoard, ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const scores = await this.redis.zmscore(board.key, ...ids.map(toMember));
    return new Set(ids.filter((_, i) => scores[i] !== null));
  }

  /** Whether the boards were built in this Redis (the marker every rebuild writes is there). */
  async isBuilt(): Promise<boolean> {
    return (await this.redis.exists(this.key(KEYS.built))) === 1;
  }

  /** Takes the rebuild lock for `ttlMs` unless another process holds it; true if taken. */
  async lockRebuild(token: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.set(this.key(KEYS.rebuildLock), token, 'PX', ttlMs, 'NX')) === 'OK';
  }

  async unlockRebuild(token: string): Promise<void> {
    await this.commands.ratingUnlock(this.base, token);
  }

  /**
   * A rebuild starts: from now until its swap (or `ttlMs`, should it die), the scripts journal what
   * they do; a journal left by a rebuild that died is dropped.
   */
  async startJournal(ttlMs: number): Promise<void> {
    await this.redis
      .multi()
      .del(this.key(KEYS.journal))
      .set(this.key(KEYS.rebuilding), '1', 'PX', ttlMs)
      .exec();
  }

  /** Ends the journal and answers what it holds (empties it). */
  async takeJournal(): Promise<JournalEntry[]> {
    const [[, entries]] = (await this.redis
      .multi()
      .lrange(this.key(KEYS.journal), 0, -1)
      .del(this.key(KEYS.journal), this.key(KEYS.rebuilding))
      .exec()) as [[unknown, string[]], unknown];
    return entries.map((entry): JournalEntry => {
      const [kind, member, value, extra] = entry.split(':') as [string, string, string, string];
      const userId = fromMember(member);
      if (kind === 'e') return { kind: 'earned', userId, coins: Number(value), at: new Date(Number(extra)) };
      const squadId = Number(value);
      return { kind: 'moved', userId, squadId: squadId === 0 ? null : squadId, version: Number(extra) };
    });
  }

  /** Members per squad (0 for a squad nobody is in). */
  async memberCounts(squadIds: readonly number[]): Promise<Map<number, number>> {
    if (squadIds.length === 0) return new Map();
    const counts = await this.redis.hmget(this.key(KEYS.memberCounts), ...squadIds.map(String));
    return new Map(squadIds.map((id, i) => [id, Number(counts[i] ?? 0)]));
  }

  /**
   * Replaces every board with the snapshot at once: writes it under temporary keys, then, in one
   * MULTI, deletes the boards there were, renames the new ones into place and writes the marker.
   * Answers whether any board was there or written.
   */
  async replaceAll(snapshot: RatingSnapshot): Promise<boolean> {
    const temp = this.key(KEYS.rebuild(Date.now()));
    const written = new Set<string>();
    const ttl = new Map(snapshot.buckets.map((b) => [b.bucket, b.ttlSeconds]));
    const writeSet = async (name: string, bucket: string, entries: readonly PackedEntry[]) => {
      for (let i = 0; i < entries.length; i += BATCH) {
        const args = entries.slice(i, i + BATCH).flatMap((e) => [e.packed, toMember(e.id)]);
        await this.redis.zadd(`${temp}${name}`, ...args);
      }
      if (entries.length === 0) return;
      if (ttl.get(bucket)) await this.redis.expire(`${temp}${name}`, ttl.get(bucket)!);
      written.add(name);
    };
    for (const { bucket } of snapshot.buckets) {
      await writeSet(KEYS.players(bucket), bucket, snapshot.players.get(bucket) ?? []);
      await writeSet(KEYS.squads(bucket), bucket, snapshot.squads.get(bucket) ?? []);
      for (const [squadId, entries] of snapshot.squadMembers.get(bucket) ?? []) {
        await writeSet(KEYS.squadMembers(squadId, bucket), bucket, entries);
      }
    }
    const counts = new Map<number, number>();
    for (let i = 0; i < snapshot.memberships.length; i += BATCH) {
      const batch = snapshot.memberships.slice(i, i + BATCH);
      await this.redis.hset(
        `${temp}${KEYS.squadOf}`,
        Object.fromEntries(batch.map((m) => [toMember(m.userId), `${m.squadId ?? 0}:${m.version}`])),
      );
      for (const m of batch) if (m.squadId !== null) counts.set(m.squadId, (counts.get(m.squadId) ?? 0) + 1);
    }
    if (snapshot.memberships.length) written.add(KEYS.squadOf);
    if (counts.size) {
      await this.redis.hset(
        `${temp}${KEYS.memberCounts}`,
        Object.fromEntries([...counts].map(([id, n]) => [String(id), n])),
      );
      written.add(KEYS.memberCounts);
    }

    const existing = await this.boardKeys();
    const swap = this.redis.multi();
    for (const name of existing) swap.del(this.key(name));
    for (const name of written) swap.rename(`${temp}${name}`, this.key(name));
    swap.set(this.key(KEYS.built), new Date().toISOString());
    // From here the scripts write to the new boards: the journal stops.
    swap.del(this.key(KEYS.rebuilding));
    await swap.exec();
    return existing.length > 0 || written.size > 0;
  }

  /** Names (under `rating:`) of every board, copy and count there is now. */
  private async boardKeys(): Promise<string[]> {
    const names: string[] = [];
    const prefix = this.base;
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      for (const key of keys) {
        const name = key.slice(prefix.length);
        if (KEYS.replaced.test(name)) names.push(name);
      }
      cursor = next;
    } while (cursor !== '0');
    return names;
  }
}
