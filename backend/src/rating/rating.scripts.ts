// The rating's Lua scripts (RatingRepository runs them). They spell the key layout RatingRepository's
// KEYS builds (`p:`, `s:`, `m:`, `squad-of`, `members`, `dirty:`, `sent:`, `lease:`) from the
// prefixed base they are given, since a script's own key names get no ioredis prefix. While a
// rebuild runs (`rebuilding` set), both also append what they did to `journal`, which the rebuild
// applies again to the boards it swapped in (what was written to the old ones is gone with them).

/**
 * Adds earned coins to a player in every current bucket, and to their squad (from the membership
 * copy in `squad-of`) and its members' board, in one step; flags a live board dirty when the
 * player (or squad) is or was in its top, and answers 1 if it flagged one. ARGV: base, member, coins,
 * top size, bucket count, then per bucket: period, bucket, span, offset, ttl; then the time the
 * coins were earned (ms, for the journal).
 */
export const EARN_SCRIPT = `
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
if redis.call('EXISTS', base .. 'rebuilding') == 1 then
  redis.call('RPUSH', base .. 'journal', 'e:' .. member .. ':' .. ARGV[3] .. ':' .. ARGV[6 + n * 5])
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
export const MOVE_SCRIPT = `
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
if redis.call('EXISTS', base .. 'rebuilding') == 1 then
  redis.call('RPUSH', base .. 'journal', 'm:' .. member .. ':' .. target .. ':' .. ARGV[4])
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
export const CLAIM_SCRIPT = `
local base, board, ms, bucket = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local dirty = redis.call('EXISTS', base .. 'dirty:' .. board)
local sent = redis.call('GET', base .. 'sent:' .. board) or ''
if dirty == 0 and string.sub(sent, 1, #bucket + 1) == bucket .. '|' then return false end
if not redis.call('SET', base .. 'lease:' .. board, '1', 'NX', 'PX', ms) then return false end
redis.call('DEL', base .. 'dirty:' .. board)
return { dirty, sent }
`;

/** Deletes the rebuild lock if this process still holds it. ARGV: base, token. */
export const UNLOCK_SCRIPT = `
local key = ARGV[1] .. 'rebuild-lock'
if redis.call('GET', key) == ARGV[2] then return redis.call('DEL', key) end
return 0
`;
