/** A redis-server of the test's own (testing/redis-server.ts, shared with the gateway benchmark), and a slow one. */
export { haveRedisServer, startTestRedis, type TestRedis } from '../../testing/redis-server';
export { startDelayProxy, type DelayProxy } from '../../testing/redis-delay-proxy';
