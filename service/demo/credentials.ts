import { timingSafeEqual } from 'node:crypto';
import { hasTable, sha256Hex, type CatalogStore } from '../store/db';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../checkout/accounts';
import { passwordVerifier } from '../checkout/password';
import { DEMO_APIKEY, DEMO_LOGIN } from './build';

const DEMO_ITEM_LOGIN = `item-service login ${DEMO_LOGIN}`;
const demoAccount = (email: string) => `checkout account ${email}`;

/**
 * The published demo credentials that still open a store: the item-service login `demo` with `demo-key`, and each
 * demo checkout account whose password is still `demo-password`. Anyone who has read the README can use them.
 */
export function liveDemoCredentials(store: CatalogStore): string[] {
  const live: string[] = [];
  if (store.checkApiKey(DEMO_LOGIN, DEMO_APIKEY)) live.push(DEMO_ITEM_LOGIN);
  if (!hasTable(store.db, 'users')) return live;
  const user = store.db.prepare<[string], { salt: string; password_hash: string }>(
    'SELECT salt, password_hash FROM users WHERE email = ?',
  );
  const digest = Buffer.from(sha256Hex(DEMO_PASSWORD), 'hex');
  for (const email of Object.values(DEMO_ACCOUNTS)) {
    const row = user.get(email);
    if (!row) continue;
    const stored = Buffer.from(row.password_hash, 'hex');
    const computed = passwordVerifier(row.salt, digest);
    if (stored.length === computed.length && timingSafeEqual(stored, computed)) live.push(demoAccount(email));
  }
  return live;
}

/**
 * The line `serve` prints so that a first-time reader can try the service: the published demo login and the demo
 * buyer, each only while it still works in `live` (liveDemoCredentials); undefined when neither does.
 */
export function demoSignInLine(live: string[]): string | undefined {
  const lines: string[] = [];
  if (live.includes(DEMO_ITEM_LOGIN)) lines.push(`Item service login: ${DEMO_LOGIN}, apikey: ${DEMO_APIKEY}.`);
  if (live.includes(demoAccount(DEMO_ACCOUNTS.buyer)))
    lines.push(`Checkout: ${DEMO_ACCOUNTS.buyer} / ${DEMO_PASSWORD}.`);
  return lines.length > 0 ? lines.join(' ') : undefined;
}

/** Addresses only this machine can reach: 127.0.0.0/8, ::1 and localhost. */
export function isLoopback(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || /^::ffff:127\./.test(h);
}
