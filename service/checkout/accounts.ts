import { randomBytes } from 'node:crypto';
import type { Db } from '../store/db';
import { sha256Hex } from '../store/db';
import type { PriceBreakRecord } from '../store/types';
import { createCheckoutTables, type Role } from './schema';

export type { Role };
import {
  ADDRESS_TYPES,
  MAX_ADDRESS_FIELD,
  parseAddressType,
  parseCountryCode,
  STATE_REQUIRED_COUNTRIES,
  type AddressFields,
} from './addresses';
import { parseCarrierList } from './shipping';
import { passwordVerifier } from './password';
import { CHECKOUT_FIXTURES } from '../demo/generate';
import type { ErrorCode } from '../../protocol/error-codes';

/** Creates the checkout tables when missing, so that a store built before them gains them. */
export function ensureCheckoutSchema(db: Db): void {
  createCheckoutTables(db);
}

/** A problem with account data given by a user (the CLI prints it). */
export class AccountError extends Error {
  readonly errorCode: ErrorCode = 'PS_SERVICE_ACCOUNT';
}

export interface NewUser {
  email: string;
  password: string;
  role: Role;
  /** A valid credit account and terms: needed to place orders as a customer. */
  terms: boolean;
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,189}$/;

function nowIso(): string {
  return new Date().toISOString();
}

export function addUser(db: Db, user: NewUser): number {
  const email = user.email.trim();
  if (!EMAIL.test(email)) throw new AccountError(`'${email}' is not an e-mail address`);
  if (user.password.length < 8) throw new AccountError('the password must have at least 8 characters');
  if (user.role !== 'customer' && user.role !== 'csr')
    throw new AccountError(`role must be customer or csr, not '${user.role}'`);
  if (findUserId(db, email) !== undefined) throw new AccountError(`user ${email} already exists`);
  const salt = randomBytes(16).toString('hex');
  const verifier = passwordVerifier(salt, Buffer.from(sha256Hex(user.password), 'hex')).toString('hex');
  const result = db
    .prepare('INSERT INTO users (email, role, has_terms, salt, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(email, user.role, user.terms ? 1 : 0, salt, verifier, nowIso());
  return Number(result.lastInsertRowid);
}

export function findUserId(db: Db, email: string): number | undefined {
  return db.prepare<[string], { user_id: number }>('SELECT user_id FROM users WHERE email = ?').get(email.trim())
    ?.user_id;
}

export interface AccountSummary {
  email: string;
  role: Role;
  terms: boolean;
  addresses: { id: string; role: 'ship_to' | 'bill_to'; type: string; country: string; terms: boolean }[];
  orders: number;
}

/** Every checkout account with its addresses and how many orders it placed or received; no secrets. */
export function listAccounts(db: Db): AccountSummary[] {
  const users = db.prepare<[], { user_id: number; email: string; role: Role; has_terms: number }>(
    'SELECT user_id, email, role, has_terms FROM users ORDER BY email',
  );
  const addresses = db.prepare<
    [number],
    { address_id: string; role: 'ship_to' | 'bill_to'; address_type: string; country_code: string; is_terms: number }
  >(
    'SELECT address_id, role, address_type, country_code, is_terms FROM addresses WHERE user_id = ? ORDER BY address_id',
  );
  return users.all().map((u) => ({
    email: u.email,
    role: u.role,
    terms: u.has_terms === 1,
    addresses: addresses.all(u.user_id).map((a) => ({
      id: a.address_id,
      role: a.role,
      type: a.address_type,
      country: a.country_code,
      terms: a.is_terms === 1,
    })),
    orders: ordersOf(db, u.user_id),
  }));
}

function ordersOf(db: Db, userId: number): number {
  return db
    .prepare<[number, number], { n: number }>('SELECT count(*) AS n FROM orders WHERE user_id = ? OR placed_by = ?')
    .get(userId, userId)!.n;
}

/**
 * Removes an account: its addresses, its partner customer numbers and their prices go, and it can no longer sign
 * in. An account with orders keeps a closed record under `removed:<id>:<email>` so that the orders keep their
 * customer; its e-mail address is free again. Returns whether such a record was kept.
 */
export function removeUser(db: Db, email: string): { keptForOrders: number } {
  const userId = findUserId(db, email);
  if (userId === undefined) throw new AccountError(`no user ${email.trim()}`);
  db.prepare(
    'DELETE FROM customer_prices WHERE customer_number IN (SELECT customer_number FROM partner_customers WHERE user_id = ?)',
  ).run(userId);
  db.prepare('DELETE FROM partner_customers WHERE user_id = ?').run(userId);
  db.prepare('DELETE FROM addresses WHERE user_id = ?').run(userId);
  const orders = ordersOf(db, userId);
  if (orders === 0) {
    db.prepare('DELETE FROM users WHERE user_id = ?').run(userId);
  } else {
    // No password can produce this verifier: a closed record, kept for its orders only.
    db.prepare("UPDATE users SET email = ?, salt = '', password_hash = ?, has_terms = 0 WHERE user_id = ?").run(
      `removed:${userId}:${email.trim()}`,
      '0'.repeat(64),
      userId,
    );
  }
  return { keptForOrders: orders };
}

export function removeAddress(db: Db, email: string, addressId: string): void {
  const userId = findUserId(db, email);
  if (userId === undefined) throw new AccountError(`no user ${email.trim()}`);
  const result = db.prepare('DELETE FROM addresses WHERE user_id = ? AND address_id = ?').run(userId, addressId);
  if (result.changes === 0) throw new AccountError(`user ${email.trim()} has no address ${addressId}`);
}

export interface NewAddress extends Partial<Omit<AddressFields, 'addressType' | 'countryCode'>> {
  userEmail: string;
  addressId: string;
  /** Any case of a type in ADDRESS_TYPES. */
  addressType: string;
  countryCode: string;
  /** A terms address: orders may ship there on the account's terms. */
  terms: boolean;
  /** A bill-to address (else a ship-to address). */
  billTo: boolean;
  /** Carrier codes (A–D) that do not deliver to this address. */
  excludedCarriers?: string;
}

const ADDRESS_ID = /^[A-Za-z0-9._-]{1,40}$/;

export function addAddress(db: Db, address: NewAddress): void {
  const userId = findUserId(db, address.userEmail);
  if (userId === undefined) throw new AccountError(`no user ${address.userEmail}`);
  if (!ADDRESS_ID.test(address.addressId))
    throw new AccountError('the address id must be 1 to 40 letters, digits, dots, dashes or underscores');
  const type = parseAddressType(address.addressType);
  if (!type) throw new AccountError(`address type must be one of ${ADDRESS_TYPES.join(', ')}`);
  const country = parseCountryCode(address.countryCode);
  if (!country) throw new AccountError(`'${address.countryCode}' is not a two-letter country code`);
  const text = (value: string | undefined) => (value ?? '').trim();
  const fields = {
    address_name: text(address.addressName),
    company_name: text(address.companyName),
    phone_number: text(address.phoneNumber),
    street1: text(address.street1),
    street2: text(address.street2),
    city: text(address.city),
    state_province: text(address.stateProvince),
    postal_code: text(address.postalCode),
  };
  for (const [name, value] of Object.entries(fields)) {
    if (value.length > MAX_ADDRESS_FIELD)
      throw new AccountError(`${name} is longer than ${MAX_ADDRESS_FIELD} characters`);
  }
  if (STATE_REQUIRED_COUNTRIES.has(country) && fields.state_province === '')
    throw new AccountError(`addresses in ${country} need a state or province`);
  const carriers = parseCarrierList(address.excludedCarriers ?? '');
  if (!carriers) throw new AccountError('excluded carriers must be a comma-separated list of A, B, C and D');
  const exists = db
    .prepare('SELECT 1 FROM addresses WHERE user_id = ? AND address_id = ?')
    .get(userId, address.addressId);
  if (exists) throw new AccountError(`user ${address.userEmail} already has address ${address.addressId}`);
  db.prepare(
    `INSERT INTO addresses (user_id, address_id, role, address_type, is_terms, address_name, company_name, phone_number,
       street1, street2, city, state_province, postal_code, country_code, excluded_carriers)
     VALUES (@user_id, @address_id, @role, @address_type, @is_terms, @address_name, @company_name, @phone_number,
       @street1, @street2, @city, @state_province, @postal_code, @country_code, @excluded_carriers)`,
  ).run({
    user_id: userId,
    address_id: address.addressId,
    role: address.billTo ? 'bill_to' : 'ship_to',
    address_type: type,
    is_terms: address.terms ? 1 : 0,
    ...fields,
    country_code: country,
    excluded_carriers: carriers.join(','),
  });
}

export function addPartnerCustomer(db: Db, customerNumber: string, email: string): void {
  const userId = findUserId(db, email);
  if (userId === undefined) throw new AccountError(`no user ${email}`);
  db.prepare('INSERT INTO partner_customers (customer_number, user_id) VALUES (?, ?)').run(customerNumber, userId);
}

export function setCustomerPrices(
  db: Db,
  customerNumber: string,
  sourcePartId: string,
  breaks: PriceBreakRecord[],
): void {
  db.prepare(
    `INSERT INTO customer_prices (customer_number, source_part_id, breaks) VALUES (?, ?, ?)
     ON CONFLICT(customer_number, source_part_id) DO UPDATE SET breaks = excluded.breaks`,
  ).run(customerNumber, sourcePartId, JSON.stringify(breaks));
}

export function addDiscountCode(
  db: Db,
  code: string,
  percentBasisPoints: number,
  description: string,
  active = true,
): void {
  db.prepare(
    `INSERT INTO discount_codes (code, percent_bp, active, description) VALUES (?, ?, ?, ?)
     ON CONFLICT(code) DO UPDATE SET percent_bp = excluded.percent_bp, active = excluded.active, description = excluded.description`,
  ).run(code, percentBasisPoints, active ? 1 : 0, description);
}

export const DEMO_PASSWORD = 'demo-password';

export const DEMO_ACCOUNTS = {
  buyer: 'buyer@example.com',
  csr: 'csr@example.com',
  noTerms: 'noterms@example.com',
  other: 'other@example.com',
} as const;

export const DEMO_PARTNER_CUSTOMER = 'C-1000';
export const DEMO_OTHER_PARTNER_CUSTOMER = 'C-2000';
export const DEMO_DISCOUNT_CODE = 'DEMO10';
export const DEMO_EXPIRED_DISCOUNT_CODE = 'SPRING5';
/** Customer-specific prices of C-1000 are this share of the list price, in basis points. */
export const DEMO_CUSTOMER_PRICE_BP = 8000;

type DemoAddress = Omit<NewAddress, 'userEmail'>;

const US_OFFICE = {
  addressName: 'Receiving',
  companyName: 'Example Devices Inc.',
  phoneNumber: '+1 408 555 0100',
  street1: '100 Example Way',
  city: 'San Jose',
  stateProvince: 'CA',
  postalCode: '95134',
  countryCode: 'US',
};

/** Addresses of buyer@example.com; docs/checkout.md lists what each one triggers. */
const BUYER_ADDRESSES: DemoAddress[] = [
  { addressId: '1001', addressType: 'Commercial', terms: true, billTo: false, ...US_OFFICE },
  {
    addressId: '1002',
    addressType: 'Commercial',
    terms: false,
    billTo: false,
    ...US_OFFICE,
    street1: '200 Example Way',
    addressName: 'Lab',
  },
  {
    addressId: '1003',
    addressType: 'Freight Forwarder',
    terms: true,
    billTo: false,
    addressName: 'Export desk',
    companyName: 'Example Forwarding LLC',
    phoneNumber: '+1 305 555 0142',
    street1: '8400 NW 25th St',
    city: 'Doral',
    stateProvince: 'FL',
    postalCode: '33122',
    countryCode: 'US',
  },
  {
    addressId: '1004',
    addressType: 'Commercial',
    terms: true,
    billTo: false,
    addressName: 'Wareneingang',
    companyName: 'Example Devices GmbH',
    phoneNumber: '+49 89 5550 100',
    street1: 'Beispielstrasse 1',
    city: 'München',
    postalCode: '80331',
    countryCode: 'DE',
  },
  {
    addressId: '1005',
    addressType: 'Commercial',
    terms: true,
    billTo: false,
    addressName: 'Mail room',
    companyName: 'Example Devices Inc.',
    phoneNumber: '+1 907 555 0123',
    street1: 'PO Box 1005',
    city: 'Juneau',
    stateProvince: 'AK',
    postalCode: '99801',
    countryCode: 'US',
    excludedCarriers: 'A,B',
  },
  {
    addressId: '1006',
    addressType: 'Commercial',
    terms: true,
    billTo: false,
    addressName: 'Recebimento',
    companyName: 'Example Devices Ltda.',
    phoneNumber: '+55 92 5555 0100',
    street1: 'Rua Exemplo 100',
    city: 'Manaus',
    stateProvince: 'AM',
    postalCode: '69000-000',
    countryCode: 'BR',
    excludedCarriers: 'B,D',
  },
  {
    addressId: '2001',
    addressType: 'Commercial',
    terms: true,
    billTo: true,
    ...US_OFFICE,
    addressName: 'Accounts payable',
  },
  {
    addressId: '2002',
    addressType: 'Freight Forwarder',
    terms: true,
    billTo: true,
    addressName: 'Billing',
    companyName: 'Example Forwarding LLC',
    phoneNumber: '+1 305 555 0142',
    street1: '8400 NW 25th St',
    city: 'Doral',
    stateProvince: 'FL',
    postalCode: '33122',
    countryCode: 'US',
  },
];

/** Customer-specific breaks: each list tier at DEMO_CUSTOMER_PRICE_BP of its price, marked vipPrice. */
function customerBreaks(list: PriceBreakRecord[]): PriceBreakRecord[] {
  return list.map((b) => ({
    ...b,
    price: Math.round(b.price * DEMO_CUSTOMER_PRICE_BP * 10) / 100_000,
    vipPrice: true,
  }));
}

/**
 * Seeds the demo accounts (all with password `demo-password`), their addresses, the partner customer
 * numbers with specific prices on the checkout fixture parts, and the discount codes. Safe to run twice.
 */
export function seedDemoAccounts(db: Db): void {
  ensureCheckoutSchema(db);
  const seed = db.transaction(() => {
    const ensureUser = (email: string, role: Role, terms: boolean) => {
      if (findUserId(db, email) === undefined) addUser(db, { email, password: DEMO_PASSWORD, role, terms });
    };
    ensureUser(DEMO_ACCOUNTS.buyer, 'customer', true);
    ensureUser(DEMO_ACCOUNTS.csr, 'csr', true);
    ensureUser(DEMO_ACCOUNTS.noTerms, 'customer', false);
    ensureUser(DEMO_ACCOUNTS.other, 'customer', true);
    const ensureAddress = (email: string, a: DemoAddress) => {
      const userId = findUserId(db, email);
      if (!db.prepare('SELECT 1 FROM addresses WHERE user_id = ? AND address_id = ?').get(userId, a.addressId)) {
        addAddress(db, { ...a, userEmail: email });
      }
    };
    for (const a of BUYER_ADDRESSES) ensureAddress(DEMO_ACCOUNTS.buyer, a);
    ensureAddress(DEMO_ACCOUNTS.noTerms, {
      addressId: '3001',
      addressType: 'Commercial',
      terms: true,
      billTo: false,
      ...US_OFFICE,
    });
    ensureAddress(DEMO_ACCOUNTS.other, {
      addressId: '4001',
      addressType: 'Commercial',
      terms: true,
      billTo: false,
      ...US_OFFICE,
    });
    const ensureCustomer = (number: string, email: string) => {
      if (!db.prepare('SELECT 1 FROM partner_customers WHERE customer_number = ?').get(number))
        addPartnerCustomer(db, number, email);
    };
    ensureCustomer(DEMO_PARTNER_CUSTOMER, DEMO_ACCOUNTS.buyer);
    ensureCustomer(DEMO_OTHER_PARTNER_CUSTOMER, DEMO_ACCOUNTS.other);
    const breaksOf = db.prepare<[string], { breaks: string | null }>(
      'SELECT breaks FROM offers WHERE source_part_id = ?',
    );
    for (const id of demoCustomerPriceParts()) {
      const row = breaksOf.get(id);
      if (row?.breaks)
        setCustomerPrices(db, DEMO_PARTNER_CUSTOMER, id, customerBreaks(JSON.parse(row.breaks) as PriceBreakRecord[]));
    }
    addDiscountCode(db, DEMO_DISCOUNT_CODE, 1000, 'Demo: 10 % off the subtotal');
    addDiscountCode(db, DEMO_EXPIRED_DISCOUNT_CODE, 500, 'Demo: an expired 5 % code', false);
  });
  seed();
}

/** The fixture parts on which partner customer C-1000 has specific prices. */
export function demoCustomerPriceParts(): string[] {
  return [CHECKOUT_FIXTURES.stock20, CHECKOUT_FIXTURES.moq100];
}
