/**
 * Checkout credentials the user asked to be remembered: the username and the SHA-256 of the password (never the
 * password itself), per environment, in the add-in's own storage (OfficeRuntime.storage in Excel), never in the
 * workbook. Without "remember", the pane keeps them in memory only.
 */
import { isPasswordHash } from '../../src/checkout';
import { type OrderEnvironment } from '../../src/workflows/order-review';

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

/**
 * The credentials the order review holds, per environment: in memory (the password itself is never kept once
 * hashed), and those remembered on this computer through `store`. Held credentials count for the form only while
 * its username is theirs (case aside).
 */
export class HeldCredentials {
  private readonly held = new Map<OrderEnvironment, CheckoutCredentials>();
  private readonly remembered = new Set<OrderEnvironment>();

  constructor(private readonly store: CredentialStore) {}

  get(environment: OrderEnvironment): CheckoutCredentials | undefined {
    return this.held.get(environment);
  }

  hold(environment: OrderEnvironment, credentials: CheckoutCredentials): void {
    this.held.set(environment, credentials);
  }

  drop(environment: OrderEnvironment): void {
    this.held.delete(environment);
  }

  isRemembered(environment: OrderEnvironment): boolean {
    return this.remembered.has(environment);
  }

  /** The credentials held for the form's environment and username, or null. */
  of(form: { environment: OrderEnvironment; username: string }): CheckoutCredentials | null {
    const creds = this.held.get(form.environment);
    return creds && creds.username.toLowerCase() === form.username.trim().toLowerCase() ? creds : null;
  }

  /** Whether a password is held for the form's username: typed earlier (memory) or remembered on this computer. */
  stateOf(form: { environment: OrderEnvironment; username: string }): 'memory' | 'remembered' | null {
    if (!this.of(form)) return null;
    return this.remembered.has(form.environment) ? 'remembered' : 'memory';
  }

  /** The credentials of an environment: those held, else those remembered on this computer (then held). */
  async load(environment: OrderEnvironment): Promise<CheckoutCredentials | null> {
    const held = this.held.get(environment);
    if (held) return held;
    const creds = await this.store.load(environment);
    if (creds) {
      this.held.set(environment, creds);
      this.remembered.add(environment);
    }
    return creds;
  }

  /** Remembers `credentials` on this computer; a failure to save is not the user's problem (they stay held). */
  async remember(environment: OrderEnvironment, credentials: CheckoutCredentials): Promise<void> {
    this.remembered.add(environment);
    await this.store.save(environment, credentials).catch(() => undefined);
  }

  /** Forgets the credentials remembered on this computer (those held stay): true when some were. */
  async unremember(environment: OrderEnvironment): Promise<boolean> {
    if (!this.remembered.delete(environment)) return false;
    await this.store.forget(environment).catch(() => undefined);
    return true;
  }

  /** Drops the credentials of an environment, from memory and from this computer. */
  async forget(environment: OrderEnvironment): Promise<void> {
    this.held.delete(environment);
    this.remembered.delete(environment);
    await this.store.forget(environment).catch(() => undefined);
  }
}
