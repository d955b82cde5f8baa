import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { AppConfig } from '../config/app.config.js';
import { REDIS } from '../redis/redis.module.js';
import { type BucketRef, fromMember, toMember } from './rating-periods.js';

/**
 * Adds earned coins to a player in every current bucket, and to their squad (from the membership
 * copy in `squad-of`) and its members' board, in one step; flags a live board dirty when the
 * player (or squad) is or was in its top, and answers 1 if it flagged one. ARGV: base, member, coins,
 * top size, bucket count, then per bucket: period, bucket, span, offset, ttl.
 */
const EARN_SCRIPT = `
local base, member, coins, top, n = ARGV[1], ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
local function fmt(x) return string.format('%.0f', x) end
local function touch(key, ttl) if ttl > 0 then redis.call('EXPIRE', key, ttl) end end
local function inTop(key, m) local r = redis.call('ZRANK', key, m); return r ~= false and r < top end
local function add(key, m, d, span, offset, ttl)
  local was = inTop(key, m)
  local old = redis.call('ZSCORE', key, m)
  local score = d
  if old then score = score + math.ceil(-tonumber(old) / span) end
  if score <= 0 then redis.call('ZREM', key, m) else redis.call('ZADD', key, fmt(-(score * span) + offset), m) end
  touch(key, ttl)
  return was or inTop(key, m)
end
local squad, flagged = '0', 0
local entry = redis.call('HGET', base .. 'squad-of', member)
if entry then squad = string.match(entry, '^(%d+):') end
for i = 0, n - 1 do
  local j = 6 + i * 5
  local period, bucket, span, offset, ttl = ARGV[j], ARGV[j + 1], tonumber(ARGV[j + 2]), tonumber(ARGV[j + 3]), tonumber(ARGV[j + 4])
  local players = base .. 'p:' .. bucket
  if add(players, member, coins, span, offset, ttl) then
    redis.call('SET', base .. 'dirty:global:' .. period, '1')
    flagged = 1
  end
  if squad ~= '0' then
    local members = base .. 'm:' .. squad .. ':' .. bucket
    redis.call('ZADD', members, redis.call('ZSCORE', players, member), member)
    touch(members, ttl)
    if add(base .. 's:' .. bucket, string.format('%016d', tonumber(squad)), coins, span, offset, ttl) then
      redis.call('SET', base .. 'dirty:squads:' .. period, '1')
      flagged = 1
    end
  end
end
return flagged
`;

/**
 * Moves a player to another squad (or out of squads: '0') in the membership copy, the member counts,
 * the squads' members' boards and the squads' totals, unless a later version was applied already
 * (notifications may arrive out of order). ARGV: base, member, squad, version, bucket count, then
 * per bucket: period, bucket, span, offset, ttl.
 */
const MOVE_SCRIPT = `
local base, member, target, version, n = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4]), tonumber(ARGV[5])
local function fmt(x) return string.format('%.0f', x) end
local function touch(key, ttl) if ttl > 0 then redis.call('EXPIRE', key, ttl) end end
local function add(key, m, d, span, offset, ttl)
  local old = redis.call('ZSCORE', key, m)
  local score = d
  if old then score = score + math.ceil(-tonumber(old) / span) end
  if score <= 0 then redis.call('ZREM', key, m) else redis.call('ZADD', key, fmt(-(score * span) + offset), m) end
  touch(key, ttl)
end
local current, applied = '0', 0
local entry = redis.call('HGET', base .. 'squad-of', member)
if entry then
  local id, v = string.match(entry, '^(%d+):(%d+)$')
  current, applied = id, tonumber(v)
end
if version <= applied then return 0 end
redis.call('HSET', base .. 'squad-of', member, target .. ':' .. version)
if current == target then return 1 end
if current ~= '0' and redis.call('HINCRBY', base .. 'members', current, -1) <= 0 then
  redis.call('HDEL', base .. 'members', current)
end
if target ~= '0' then redis.call('HINCRBY', base .. 'members', target, 1) end
for i = 0, n - 1 do
  local j = 6 + i * 5
  local period, bucket, span, offset, ttl = ARGV[j], ARGV[j + 1], tonumber(ARGV[j + 2]), tonumber(ARGV[j + 3]), tonumber(ARGV[j + 4])
  local packed = redis.call('ZSCORE', base .. 'p:' .. bucket, member)
  if current ~= '0' then redis.call('ZREM', base .. 'm:' .. current .. ':' .. bucket, member) end
  if packed then
    local score = math.ceil(-tonumber(packed) / span)
    local totals = base .. 's:' .. bucket
    if current ~= '0' then add(totals, string.format('%016d', tonumber(current)), -score, span, offset, ttl) end
    if target ~= '0' then
      local members = base .. 'm:' .. target .. ':' .. bucket
      redis.call('ZADD', members, packed, member)
      touch(members, ttl)
      add(totals, string.format('%016d', tonumber(target)), score, span, offset, ttl)
    end
  end
  redis.call('SET', base .. 'dirty:squads:' .. period, '1')
end
return 1
`;

/**
 * Looks at a live board for one replica: nothing to do when it did not change and is of the current
 * bucket (no lease taken, so the next change is seen at once); else takes the board's lease for one
 * interval (one computation per board per interval, whichever replica gets it) and answers whether
 * it changed and what was last sent. ARGV: base, board, ms, current bucket.
 */
const CLAIM_SCRIPT = `
local base, board, ms, bucket = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local dirty = redis.call('EXISTS', base .. 'dirty:' .. board)
local sent = redis.call('GET', base .. 'sent:' .. board) or ''
if dirty == 0 and string.sub(sent, 1, #bucket + 1) == bucket .. '|' then return false end
if not redis.call('SET', base .. 'lease:' .. board, '1', 'NX', 'PX', ms) then return false end
redis.call('DEL', base .. 'dirty:' .. board)
return { dirty, sent }
`;

interface RatingCommands {
  ratingEarn(...args: (string | number)[]): Promise<number>;
  ratingMove(...args: (string | number)[]): Promise<number>;
  ratingClaim(...args: (string | number)[]): Promise<[number, string] | null>;
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

function bucketArgs(buckets: readonly BucketRef[]): (string | number)[] {
  return buckets.flatMap((b) => [b.period, b.bucket, b.span, b.offset, b.ttlSeconds]);
}

function toEntries(flat: string[]): PackedEntry[] {
  const entries: PackedEntry[] = [];
  for (let i = 0; i < flat.length; i += 2)
    entries.push({ id: fromMember(flat[i]!), packed: Number(flat[i + 1]) });
  return entries;
}

/**
 * The leaderboards in Redis. Sorted sets per bucket (keys under `rating:`): `p:<bucket>` players,
 * `s:<bucket>` squads' totals, `m:<squadId>:<bucket>` one squad's members; the hash `squad-of`
 * (tgId → `squadId:version`, squad 0 for none) copies the memberships, `members` counts them; per
 * live board `dirty:`, `sent:` and `lease:`. Scripts build key names from the prefixed base.
 */
@Injectable()
export class RatingRepository {
  private readonly base: string;
  private readonly commands: RatingCommands;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    config: AppConfig,
  ) {
    this.base = `${config.redis.keyPrefix}rating:`;
    redis.defineCommand('ratingEarn', { numberOfKeys: 0, lua: EARN_SCRIPT });
    redis.defineCommand('ratingMove', { numberOfKeys: 0, lua: MOVE_SCRIPT });
    redis.defineCommand('ratingClaim', { numberOfKeys: 0, lua: CLAIM_SCRIPT });
    this.commands = redis as unknown as RatingCommands;
  }

  /** Adds earned coins to a player (and their squad) in these buckets; true if a live board's top changed. */
  async addEarned(
    userId: number,
    coins: number,
    buckets: readonly BucketRef[],
    topSize: number,
  ): Promise<boolean> {
    const flagged = await this.commands.ratingEarn(
      this.base,
      toMember(userId),
      coins,
      topSize,
      buckets.length,
      ...bucketArgs(buckets),
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
    await this.redis.set(`rating:sent:${board}`, fingerprint, 'EX', 7 * 86_400);
  }

  async markDirty(boards: readonly string[]): Promise<void> {
    if (boards.length)
      await this.redis.mset(Object.fromEntries(boards.map((board) => [`rating:dirty:${board}`, '1'])));
  }

  countPlayers(bucket: string): Promise<number> {
    return this.redis.zcard(`rating:p:${bucket}`);
  }

  countSquads(bucket: string): Promise<number> {
    return this.redis.zcard(`rating:s:${bucket}`);
  }

  players(bucket: string, start: number, stop: number): Promise<PackedEntry[]> {
    return this.range(`rating:p:${bucket}`, start, stop);
  }

  playerRank(bucket: string, userId: number): Promise<{ rank: number; packed: number } | null> {
    return this.rankIn(`rating:p:${bucket}`, userId);
  }

  countSquadMembers(squadId: number, bucket: string): Promise<number> {
    return this.redis.zcard(`rating:m:${squadId}:${bucket}`);
  }

  squadMembers(squadId: number, bucket: string, start: number, stop: number): Promise<PackedEntry[]> {
    return this.range(`rating:m:${squadId}:${bucket}`, start, stop);
  }

  rankInSquad(
    squadId: number,
    bucket: string,
    userId: number,
  ): Promise<{ rank: number; packed: number } | null> {
    return this.rankIn(`rating:m:${squadId}:${bucket}`, userId);
  }

  squads(bucket: string, start: number, stop: number): Promise<PackedEntry[]> {
    return this.range(`rating:s:${bucket}`, start, stop);
  }

  squadRank(bucket: string, squadId: number): Promise<{ rank: number; packed: number } | null> {
    return this.rankIn(`rating:s:${bucket}`, squadId);
  }

  /** Members per squad (0 for a squad nobody is in). */
  async memberCounts(squadIds: readonly number[]): Promise<Map<number, number>> {
    if (squadIds.length === 0) return new Map();
    const counts = await this.redis.hmget('rating:members', ...squadIds.map(String));
    return new Map(squadIds.map((id, i) => [id, Number(counts[i] ?? 0)]));
  }

  /**
   * Replaces every board with the snapshot at once: writes it under temporary keys, then, in one
   * MULTI, deletes the boards there were and renames the new ones into place.
   */
  async replaceAll(snapshot: RatingSnapshot): Promise<void> {
    const temp = `rating:rebuild:${Date.now()}:`;
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
      await writeSet(`p:${bucket}`, bucket, snapshot.players.get(bucket) ?? []);
      await writeSet(`s:${bucket}`, bucket, snapshot.squads.get(bucket) ?? []);
      for (const [squadId, entries] of snapshot.squadMembers.get(bucket) ?? []) {
        await writeSet(`m:${squadId}:${bucket}`, bucket, entries);
      }
    }
    const counts = new Map<number, number>();
    for (let i = 0; i < snapshot.memberships.length; i += BATCH) {
      const batch = snapshot.memberships.slice(i, i + BATCH);
      await this.redis.hset(
        `${temp}squad-of`,
        Object.fromEntries(batch.map((m) => [toMember(m.userId), `${m.squadId ?? 0}:${m.version}`])),
      );
      for (const m of batch) if (m.squadId !== null) counts.set(m.squadId, (counts.get(m.squadId) ?? 0) + 1);
    }
    if (snapshot.memberships.length) written.add('squad-of');
    if (counts.size) {
      await this.redis.hset(
        `${temp}members`,
        Object.fromEntries([...counts].map(([id, n]) => [String(id), n])),
      );
      written.add('members');
    }

    const existing = await this.boardKeys();
    const swap = this.redis.multi();
    for (const name of existing) swap.del(`rating:${name}`);
    for (const name of written) swap.rename(`${temp}${name}`, `rating:${name}`);
    await swap.exec();
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
        if (/^(p:|s:|m:|squad-of$|members$)/.test(name)) names.push(name);
      }
      cursor = next;
    } while (cursor !== '0');
    return names;
  }

  private async range(key: string, start: number, stop: number): Promise<PackedEntry[]> {
    if (stop < start) return [];
    return toEntries(await this.redis.zrange(key, start, stop, 'WITHSCORES'));
  }

  private async rankIn(key: string, id: number): Promise<{ rank: number; packed: number } | null> {
    const member = toMember(id);
    const [[, rank], [, packed]] = (await this.redis
      .multi()
      .zrank(key, member)
      .zscore(key, member)
      .exec()) as [[unknown, number | null], [unknown, string | null]];
    return rank === null || packed === null ? null : { rank: rank + 1, packed: Number(packed) };
  }
}
