import { timingSafeEqual } from 'node:crypto';
import { CatalogStore, sha256Hex, type Db } from '../store/db';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../checkout/accounts';
import { passwordVerifier } from '../checkout/password';
import { DEMO_APIKEY, DEMO_LOGIN } from './build';

/**
 * The published demo credentials that still open a store: the item-service login `demo` with `demo-key`, and each
 * demo checkout account whose password is still `demo-password`. Anyone who has read the README can use them.
 */
export function liveDemoCredentials(db: Db): string[] {
  const live: string[] = [];
  if (new CatalogStore(db).checkApiKey(DEMO_LOGIN, DEMO_APIKEY)) live.push(`item-service login ${DEMO_LOGIN}`);
  const hasUsers = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'users'").get();
  if (!hasUsers) return live;
  const user = db.prepare<[string], { salt: string; password_hash: string }>('SELECT salt, password_hash FROM users WHERE email = ?');
  const digest = Buffer.from(sha256Hex(DEMO_PASSWORD), 'hex');
  for (const email of Object.values(DEMO_ACCOUNTS)) {
    const row = user.get(email);
    if (!row) continue;
    const stored = Buffer.from(row.password_hash, 'hex');
    const computed = passwordVerifier(row.salt, digest);
    if (stored.length === computed.length && timingSafeEqual(stored, computed)) live.push(`checkout account ${email}`);
  }
  return live;
}

/** Addresses only this machine can reach: 127.0.0.0/8, ::1 and localhost. */
export function isLoopback(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || /^::ffff:127\./.test(h);
}
