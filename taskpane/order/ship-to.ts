/**
 * Ship-to addresses used before, per environment, so an address id is typed once. They are kept where the checkout
 * credentials are (OfficeRuntime.storage in Excel), not in the workbook's document settings: a ship-to id belongs
 * to the ordering account, not to the BOM. The same buyer orders from many workbooks, and a workbook passed to a
 * colleague must not carry the sender's address ids (for another account they are `address.not.found`).
 * Test and production keep separate lists: their accounts and address ids are separate too.
 */
import type { CredentialStorage } from './credentials';
import type { OrderEnvironment } from '../../src/workflows/order-review';
import type { OrderForm } from './order-form';

/** The account ship-to addresses are remembered for: the customer a customer-service account orders for, else the user. */
export function shipToAccount(form: Pick<OrderForm, 'username' | 'customerUsername'>): string {
  return (form.customerUsername.trim() || form.username.trim()).toLowerCase();
}

export interface UsedShipTo {
  /** The ship-to address id as typed (trimmed). */
  id: string;
  /** The account it was used for (the customer username, lowercase): a list shows the current account's. */
  account: string;
  /** When an order last used it (ISO time), newest first. */
  lastUsed: string;
}

export interface ShipToStore {
  load(environment: OrderEnvironment): Promise<UsedShipTo[]>;
  /** Records an address an order was accepted with; the list keeps the newest few. */
  used(environment: OrderEnvironment, entry: UsedShipTo): Promise<UsedShipTo[]>;
  forget(environment: OrderEnvironment, id: string, account: string): Promise<UsedShipTo[]>;
}

export const SHIP_TO_KEY_PREFIX = 'partsheet.shipTo.';
/** Most addresses remembered per environment. */
export const MAX_SHIP_TOS = 8;

export function shipToKey(environment: OrderEnvironment): string {
  return `${SHIP_TO_KEY_PREFIX}${environment}`;
}

function same(a: Pick<UsedShipTo, 'id' | 'account'>, b: Pick<UsedShipTo, 'id' | 'account'>): boolean {
  return a.id.toLowerCase() === b.id.toLowerCase() && a.account === b.account;
}

function valid(value: unknown): value is UsedShipTo {
  const v = value as Partial<UsedShipTo> | null;
  return (
    !!v &&
    typeof v.id === 'string' &&
    v.id.trim() !== '' &&
    typeof v.account === 'string' &&
    typeof v.lastUsed === 'string'
  );
}

export function shipToStore(storage: CredentialStorage): ShipToStore {
  const load = async (environment: OrderEnvironment): Promise<UsedShipTo[]> => {
    try {
      const text = await storage.getItem(shipToKey(environment));
      const list: unknown = text ? JSON.parse(text) : [];
      return Array.isArray(list) ? list.filter(valid) : [];
    } catch {
      return [];
    }
  };
  const save = async (environment: OrderEnvironment, list: UsedShipTo[]): Promise<UsedShipTo[]> => {
    await storage.setItem(shipToKey(environment), JSON.stringify(list));
    return list;
  };
  return {
    load,
    async used(environment, entry) {
      const clean = { id: entry.id.trim(), account: entry.account.trim().toLowerCase(), lastUsed: entry.lastUsed };
      const list = (await load(environment)).filter((e) => !same(e, clean));
      return save(environment, [clean, ...list].slice(0, MAX_SHIP_TOS));
    },
    async forget(environment, id, account) {
      const list = await load(environment);
      return save(
        environment,
        list.filter((e) => !same(e, { id: id.trim(), account: account.trim().toLowerCase() })),
      );
    },
  };
}

/** A list that lives as long as the pane: outside Office nothing is kept. */
export function memoryShipToStore(): ShipToStore {
  const map = new Map<string, string>();
  return shipToStore({
    getItem: async (k) => map.get(k) ?? null,
    setItem: async (k, v) => void map.set(k, v),
    removeItem: async (k) => void map.delete(k),
  });
}
