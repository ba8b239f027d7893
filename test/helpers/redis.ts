/** A redis-server of the test's own (testing/redis-server.ts, shared with the gateway benchmark). */
export { haveRedisServer, startTestRedis, type TestRedis } from '../../testing/redis-server';
