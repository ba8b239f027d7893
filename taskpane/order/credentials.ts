/**
 * Checkout credentials the user asked to be remembered: the username and the SHA-256 of the password (never the
 * password itself), per environment, in the add-in's own storage (OfficeRuntime.storage in Excel), never in the
 * workbook. Without "remember", the pane keeps them in memory only.
 */
import { isPasswordHash } from '../../src/checkout';
import { type OrderEnvironment } from './plan';

export interface CheckoutCredentials {
  username: string;
  passwordHash: string;
}

/** The part of OfficeRuntime.storage the store uses. */
export interface CredentialStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem?(key: string): Promise<void>;
}

export interface CredentialStore {
  load(environment: OrderEnvironment): Promise<CheckoutCredentials | null>;
  save(environment: OrderEnvironment, credentials: CheckoutCredentials): Promise<void>;
  forget(environment: OrderEnvironment): Promise<void>;
}

export const CREDENTIALS_KEY_PREFIX = 'partsheet.checkout.';

export function credentialsKey(environment: OrderEnvironment): string {
  return `${CREDENTIALS_KEY_PREFIX}${environment}`;
}

export function credentialStore(storage: CredentialStorage): CredentialStore {
  return {
    async load(environment) {
      try {
        const text = await storage.getItem(credentialsKey(environment));
        if (!text) return null;
        const value = JSON.parse(text) as Partial<CheckoutCredentials>;
        if (
          typeof value.username !== 'string' ||
          typeof value.passwordHash !== 'string' ||
          !isPasswordHash(value.passwordHash)
        )
          return null;
        return { username: value.username, passwordHash: value.passwordHash.toLowerCase() };
      } catch {
        return null;
      }
    },
    async save(environment, credentials) {
      await storage.setItem(
        credentialsKey(environment),
        JSON.stringify({ username: credentials.username, passwordHash: credentials.passwordHash }),
      );
    },
    async forget(environment) {
      if (storage.removeItem) await storage.removeItem(credentialsKey(environment));
      else await storage.setItem(credentialsKey(environment), '');
    },
  };
}

/** A store that forgets when the pane closes. */
export function memoryCredentialStore(): CredentialStore {
  const map = new Map<string, string>();
  return credentialStore({
    getItem: async (key) => map.get(key) ?? null,
    setItem: async (key, value) => void map.set(key, value),
    removeItem: async (key) => void map.delete(key),
  });
}
