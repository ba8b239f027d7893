import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_DATA_DIR, storeFiles } from '../service/server';
import { openDatabase, type Db } from '../service/store/db';
import { AccountError, addAddress, addUser, ensureCheckoutSchema, type Role } from '../service/checkout/accounts';
import { ADDRESS_TYPES } from '../service/checkout/addresses';

export interface AccountsIo {
  out: (s: string) => void;
  err: (s: string) => void;
}

export const ACCOUNTS_USAGE = `usage: partsheet accounts <command> [--data DIR] [--env production|test|both]

  add-user --email EMAIL --password PASSWORD --role customer|csr [--no-terms]
        Adds a checkout account. Customers have a credit account and terms unless --no-terms.
  add-address --user EMAIL --id ID --type TYPE --country CC [--terms] [--bill-to]
        [--name TEXT] [--company TEXT] [--phone TEXT] [--street1 TEXT] [--street2 TEXT]
        [--city TEXT] [--state TEXT] [--postal TEXT] [--exclude-carriers A,B]
        Adds a ship-to address (or a bill-to address with --bill-to) to an account.
        TYPE: ${ADDRESS_TYPES.join(', ')}. --terms makes it a terms address.
        --exclude-carriers lists carriers (A-D) that do not deliver there.

DIR defaults to ${DEFAULT_DATA_DIR}; --env both (the default) changes the production and the test store alike.`;

const COMMON = {
  data: { type: 'string' },
  env: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const USER_OPTIONS = {
  ...COMMON,
  email: { type: 'string' },
  password: { type: 'string' },
  role: { type: 'string' },
  'no-terms': { type: 'boolean' },
} as const;

const ADDRESS_OPTIONS = {
  ...COMMON,
  user: { type: 'string' },
  id: { type: 'string' },
  type: { type: 'string' },
  country: { type: 'string' },
  terms: { type: 'boolean' },
  'bill-to': { type: 'boolean' },
  name: { type: 'string' },
  company: { type: 'string' },
  phone: { type: 'string' },
  street1: { type: 'string' },
  street2: { type: 'string' },
  city: { type: 'string' },
  state: { type: 'string' },
  postal: { type: 'string' },
  'exclude-carriers': { type: 'string' },
} as const;

type Environments = ('production' | 'test')[];

class UsageProblem extends Error {}

function environments(value: string | undefined): Environments {
  switch (value ?? 'both') {
    case 'both':
      return ['production', 'test'];
    case 'production':
      return ['production'];
    case 'test':
      return ['test'];
    default:
      throw new UsageProblem(`--env must be production, test or both, not '${value}'`);
  }
}

function need<T>(value: T | undefined, flag: string): T {
  if (value === undefined || value === '') throw new UsageProblem(`${flag} is required`);
  return value;
}

/** Applies `change` to every chosen store, each in a transaction; commits only when it succeeded in all of them. */
function applyToStores(files: string[], change: (db: Db) => void): void {
  const dbs = files.map((file) => openDatabase(file));
  try {
    for (const db of dbs) ensureCheckoutSchema(db);
    const begun: Db[] = [];
    try {
      for (const db of dbs) {
        db.exec('BEGIN IMMEDIATE');
        begun.push(db);
        change(db);
      }
    } catch (e) {
      for (const db of begun) db.exec('ROLLBACK');
      throw e;
    }
    for (const db of begun) db.exec('COMMIT');
  } finally {
    for (const db of dbs) db.close();
  }
}

/** `partsheet accounts add-user|add-address …`: returns the exit code (0 done, 1 refused, 2 usage). */
export async function accountsCommand(argv: string[], io: AccountsIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) {
    io.err('partsheet accounts: give a command, add-user or add-address (see partsheet accounts --help)');
    return 2;
  }
  if (command === 'help' || command === '--help' || command === '-h') {
    io.out(ACCOUNTS_USAGE);
    return 0;
  }
  try {
    if (command !== 'add-user' && command !== 'add-address') {
      throw new UsageProblem(`unknown accounts command '${command}'; use add-user or add-address`);
    }
    let parsed;
    try {
      parsed = parseArgs({ args: rest, options: command === 'add-user' ? USER_OPTIONS : ADDRESS_OPTIONS, strict: true, allowPositionals: false });
    } catch (e) {
      throw new UsageProblem((e as Error).message);
    }
    const values = parsed.values as Record<string, string | boolean | undefined>;
    if (values.help) {
      io.out(ACCOUNTS_USAGE);
      return 0;
    }
    const envs = environments(values.env as string | undefined);
    const dataDir = resolve((values.data as string | undefined) ?? DEFAULT_DATA_DIR);
    const all = storeFiles(dataDir);
    const files = envs.map((env) => all[env]);
    const missing = files.filter((f) => !existsSync(f));
    if (missing.length > 0) {
      io.err(`partsheet accounts: no store at ${missing.join(' and ')}; run partsheet serve once to create the data folder`);
      return 2;
    }

    if (command === 'add-user') {
      const email = need(values.email as string | undefined, '--email');
      const password = need(values.password as string | undefined, '--password');
      const role = need(values.role as string | undefined, '--role');
      if (role !== 'customer' && role !== 'csr') throw new UsageProblem(`--role must be customer or csr, not '${role}'`);
      const terms = values['no-terms'] !== true;
      applyToStores(files, (db) => addUser(db, { email, password, role: role as Role, terms }));
      io.out(`Added ${role} ${email}${role === 'customer' ? (terms ? ' with terms' : ' without terms') : ''} to ${envs.join(' and ')}.`);
      return 0;
    }

    const userEmail = need(values.user as string | undefined, '--user');
    const addressId = need(values.id as string | undefined, '--id');
    const addressType = need(values.type as string | undefined, '--type');
    const countryCode = need(values.country as string | undefined, '--country');
    const billTo = values['bill-to'] === true;
    const terms = values.terms === true;
    applyToStores(files, (db) =>
      addAddress(db, {
        userEmail,
        addressId,
        addressType,
        countryCode,
        terms,
        billTo,
        addressName: values.name as string | undefined,
        companyName: values.company as string | undefined,
        phoneNumber: values.phone as string | undefined,
        street1: values.street1 as string | undefined,
        street2: values.street2 as string | undefined,
        city: values.city as string | undefined,
        stateProvince: values.state as string | undefined,
        postalCode: values.postal as string | undefined,
        excludedCarriers: values['exclude-carriers'] as string | undefined,
      }),
    );
    io.out(`Added ${billTo ? 'bill-to' : 'ship-to'} address ${addressId}${terms ? ' (terms)' : ''} to ${userEmail} in ${envs.join(' and ')}.`);
    return 0;
  } catch (e) {
    if (e instanceof UsageProblem) {
      io.err(`partsheet accounts: ${e.message}`);
      return 2;
    }
    if (e instanceof AccountError) {
      io.err(`partsheet accounts: ${e.message}`);
      return 1;
    }
    throw e;
  }
}
