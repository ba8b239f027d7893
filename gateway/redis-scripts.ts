/**
 * The atomic steps the gateway instances sharing one Redis take together, each a Lua script run by the server (so no
 * two instances interleave inside one): an upstream's gate, its pauses, and a per-token limit. SharedState
 * (redis.ts) defines them on its connection.
 */
import type Redis from 'ioredis';

/**
 * The gate of one upstream shared by every instance: one request may start every `interval` ms, counted on the
 * server's clock (so the instances' clocks do not matter), and none while a pause is stored. Answers
 * {ms to wait, 1 when that wait is a pause}.
 */
const GATE_TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local paused = tonumber(redis.call('GET', KEYS[2]) or '0')
if paused > now then return {paused - now, 1} end
local interval = tonumber(ARGV[1])
local nextAt = tonumber(redis.call('GET', KEYS[1]) or '0')
if nextAt > now then return {math.ceil(nextAt - now), 0} end
redis.call('SET', KEYS[1], tostring(now + interval), 'PX', math.ceil(interval) + 1000)
return {0, 0}
`;

/** Holds the gate for ARGV[1] ms from now on the server's clock; never shortens a longer pause. */
const GATE_PAUSE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local untilAt = now + tonumber(ARGV[1])
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if current < untilAt then redis.call('SET', KEYS[1], tostring(untilAt), 'PX', tonumber(ARGV[1]) + 1000) end
return untilAt - now
`;

/**
 * A token bucket of ARGV[1] requests per ARGV[2] ms (the limiter of serving/rate-limit.ts, held in Redis): takes one
 * when it can. Answers {1 when allowed, tokens left in thousandths}.
 */
const BUCKET_TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local limit = tonumber(ARGV[1])
local windowMs = tonumber(ARGV[2])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = limit
if state[1] then
  tokens = math.min(limit, tonumber(state[1]) + math.max(0, now - tonumber(state[2])) * limit / windowMs)
end
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], windowMs * 2)
return {allowed, math.floor(tokens * 1000)}
`;

interface SharedCommands {
  psGateTake(next: string, pause: string, intervalMs: string): Promise<[number, number]>;
  psGatePause(pause: string, ms: string): Promise<number>;
  psBucketTake(bucket: string, limit: string, windowMs: string): Promise<[number, number]>;
}

export type SharedClient = Redis & SharedCommands;

/** The connection `client` with the scripts above as commands of its own. */
export function defineSharedCommands(client: Redis): SharedClient {
  client.defineCommand('psGateTake', { numberOfKeys: 2, lua: GATE_TAKE });
  client.defineCommand('psGatePause', { numberOfKeys: 1, lua: GATE_PAUSE });
  client.defineCommand('psBucketTake', { numberOfKeys: 1, lua: BUCKET_TAKE });
  return client as SharedClient;
}
