/**
 * The one key of a set of credentials (a login and key, a checkout account, a team's): a digest, so no login, key or
 * password is kept in a cache key, a pause or Redis. Cache groups, answer keys, pauses and gates all use it.
 */
import { createHash } from 'node:crypto';

export const credentialsKey = (...parts: string[]): string =>
  createHash('sha256').update(parts.join('\0')).digest('base64url');
