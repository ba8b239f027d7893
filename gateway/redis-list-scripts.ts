/**
 * The scripts the instances sharing a Redis run on their list searches' collection and claims (redis-lists.ts):
 * each one step on the server, so no two instances interleave inside it.
 */

/**
 * Renews the claims (KEYS[2..]) of parts waiting in a collection for ARGV[1] ms, as long as the collection has a
 * sender (KEYS[1]): a sender that died lets them expire, and their instances ask again.
 */
export const RENEW_WHILE_SENDER = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
for i = 2, #KEYS do redis.call('PEXPIRE', KEYS[i], ARGV[1]) end
return 1
`;

/**
 * The sender's turn at the collection (KEYS[1]): takes up to ARGV[2] collected parts (one list search's worth), the
 * sender (KEYS[2]) staying the sender for ARGV[1] ms more. While the sender has searches in flight (ARGV[3] = 0) it
 * takes only a full search's worth (a partial one waits, and grows, as on one instance); with none in flight it takes
 * what there is, and when nothing is left it lets the sender go in the same step, so a part added later always has
 * a sender: this one, or the one it elects.
 */
export const TAKE_COLLECTED = `
local n = redis.call('LLEN', KEYS[1])
local idle = ARGV[3] == '1'
if n == 0 and idle then
  redis.call('DEL', KEYS[2])
  return {}
end
redis.call('PEXPIRE', KEYS[2], ARGV[1])
if n == 0 or (n < tonumber(ARGV[2]) and not idle) then return {} end
local items = redis.call('LRANGE', KEYS[1], 0, tonumber(ARGV[2]) - 1)
redis.call('LTRIM', KEYS[1], #items, -1)
return items
`;

/**
 * Reads each part's answer (KEYS[i], i >= 2) and, where there is none, claims the part (its lock key KEYS[i]..':lock',
 * for ARGV[2] ms, as ARGV[1]) in the same atomic step: {0, per part the stored answer, 1 (claimed now) or 0 (another
 * instance holds the claim)}. A read and a claim sent apart left a gap: between them another instance could write
 * the answer and let its claim go, and the part was claimed and asked upstream a second time. A failure kept for a
 * part without an answer (KEYS[i]..':failed'), or, when some part is to be claimed, a failure kept for the
 * credentials (KEYS[1]), is answered instead, as {1, the failure}, and nothing is claimed: a refusal is an answer,
 * and asking again would only be refused again. Parts already answered are answered whatever is kept for the
 * credentials: they cost the upstream nothing, and a moment's failures must not refuse what is cached.
 */
export const READ_OR_CLAIM = `
local out = {}
local missing = false
for i = 2, #KEYS do
  local value = redis.call('GET', KEYS[i])
  if value then
    out[i - 1] = value
  else
    local failed = redis.call('GET', KEYS[i] .. ':failed')
    if failed then return {1, failed} end
    out[i - 1] = false
    missing = true
  end
end
if missing then
  local refused = redis.call('GET', KEYS[1])
  if refused then return {1, refused} end
end
for i = 2, #KEYS do
  if not out[i - 1] then
    if redis.call('SET', KEYS[i] .. ':lock', ARGV[1], 'PX', ARGV[2], 'NX') then out[i - 1] = 1 else out[i - 1] = 0 end
  end
end
return {0, out}
`;

/**
 * A client's parts (ARGV[3..], as collected) leave the collection (KEYS[1]) when their clients have gone, and
 * their claims (KEYS[2..]) held by this instance (ARGV[1]) go with them: a part no client waits for is not sent, and
 * a sender holding it in a search at the gate, told on the channel ARGV[2], sees its claim gone. An instance still
 * waiting for such a part finds it unclaimed, and claims it for itself.
 */
export const ABANDON = `
for i = 2, #KEYS do
  redis.call('LREM', KEYS[1], 1, ARGV[i + 1])
  if redis.call('GET', KEYS[i]) == ARGV[1] then redis.call('DEL', KEYS[i]) end
end
redis.call('PUBLISH', ARGV[2], '1')
return 1
`;
