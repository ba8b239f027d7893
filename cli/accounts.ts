import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_DATA_DIR, storeFiles } from '../service/server';
import { randomBytes } from 'node:crypto';
import { CatalogStore, hasTable, openDatabase, type Db } from '../service/store/db';
import {
  AccountError,
  addAddress,
  addUser,
  ensureCheckoutSchema,
  listAccounts,
  removeAddress,
  removeUser,
  type Role,
} from '../service/checkout/accounts';
import { ADDRESS_TYPES } from '../service/checkout/addresses';
import { UsageError } from './usage';
import { plural } from '../src/text/plural';
import { errorLine } from './error-line';

export interface AccountsIo {
  out: (s: string) => void;
  err: (s: string) => void;
}

export const ACCOUNTS_USAGE = `usage: partsheet accounts <command> [--data DIR] [--env production|test|both]

  list
        Lists the item-service logins and the checkout accounts with their addresses (never a secret).
  add-user --email EMAIL --password PASSWORD --role customer|csr [--no-terms]
        Adds a checkout account. Customers have a credit account and terms unless --no-terms.
  add-address --user EMAIL --id ID --type TYPE --country CC [--terms] [--bill-to]
        [--name TEXT] [--company TEXT] [--phone TEXT] [--street1 TEXT] [--street2 TEXT]
        [--city TEXT] [--state TEXT] [--postal TEXT] [--exclude-carriers A,B]
        Adds a ship-to address (or a bill-to address with --bill-to) to an account.
        TYPE: ${ADDRESS_TYPES.join(', ')}. --terms makes it a terms address.
        --exclude-carriers lists carriers (A-D) that do not deliver there.
  remove-user --email EMAIL
        Removes an account and its addresses; it can no longer sign in. An account with orders keeps a
        closed record (removed:<id>:<email>) so that its orders keep their customer.
  remove-address --user EMAIL --id ID
        Removes one address of an account.
  rotate-key --login LOGIN [--key KEY]
        Gives an item-service login a new key (a random one, printed once, unless --key), creating the
        login when it has none; the old key stops working at once.
  remove-key --login LOGIN
        Removes an item-service login and its key.

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

const REMOVE_USER_OPTIONS = { ...COMMON, email: { type: 'string' } } as const;
const REMOVE_ADDRESS_OPTIONS = { ...COMMON, user: { type: 'string' }, id: { type: 'string' } } as const;
const REMOVE_KEY_OPTIONS = { ...COMMON, login: { type: 'string' } } as const;
const ROTATE_KEY_OPTIONS = { ...REMOVE_KEY_OPTIONS, key: { type: 'string' } } as const;

const OPTIONS_OF = {
  list: COMMON,
  'add-user': USER_OPTIONS,
  'add-address': ADDRESS_OPTIONS,
  'remove-user': REMOVE_USER_OPTIONS,
  'remove-address': REMOVE_ADDRESS_OPTIONS,
  'rotate-key': ROTATE_KEY_OPTIONS,
  'remove-key': REMOVE_KEY_OPTIONS,
} as const;
type Command = keyof typeof OPTIONS_OF;
const COMMANDS = Object.keys(OPTIONS_OF) as Command[];

type Environments = ('production' | 'test')[];

function environments(value: string | undefined): Environments {
  switch (value ?? 'both') {
    case 'both':
      return ['production', 'test'];
    case 'production':
      return ['production'];
    case 'test':
      return ['test'];
    default:
      throw new UsageError(`--env must be production, test or both, not '${value}'`);
  }
}

function need<T>(value: T | undefined, flag: string): T {
  if (value === undefined || value === '') throw new UsageError(`${flag} is required`);
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

type Values = Record<string, string | boolean | undefined>;

/** `list`: each store's item-service logins and checkout accounts with their addresses. */
function listCommand(envs: Environments, all: ReturnType<typeof storeFiles>, io: AccountsIo): number {
  for (const env of envs) {
    const db = openDatabase(all[env], { readonly: true });
    try {
      io.out(`${env}:`);
      const logins = new CatalogStore(db).apiLogins();
      io.out(`  item-service logins: ${logins.length ? logins.join(', ') : '(none)'}`);
      const accounts = hasTable(db, 'users') ? listAccounts(db) : [];
      if (accounts.length === 0) io.out('  checkout accounts: (none)');
      for (const a of accounts) {
        const terms = a.role === 'customer' ? (a.terms ? ', terms' : ', no terms') : '';
        io.out(`  ${a.email} (${a.role}${terms}; ${a.orders} ${plural(a.orders, 'order')})`);
        for (const ad of a.addresses)
          io.out(
            `    ${ad.role === 'bill_to' ? 'bill-to' : 'ship-to'} ${ad.id}: ${ad.type}, ${ad.country}${ad.terms ? ', terms' : ''}`,
          );
      }
    } finally {
      db.close();
    }
  }
  return 0;
}

/** `remove-user`: the account goes; a closed record stays for its orders. */
function removeUserCommand(values: Values, envs: Environments, files: string[], io: AccountsIo): number {
  const email = need(values.email as string | undefined, '--email');
  let kept = 0;
  applyToStores(files, (db) => {
    kept = Math.max(kept, removeUser(db, email).keptForOrders);
  });
  io.out(
    `Removed ${email} from ${envs.join(' and ')}${kept ? `; a closed record stays for its ${kept} ${plural(kept, 'order')}` : ''}.`,
  );
  return 0;
}

/** `remove-address`. */
function removeAddressCommand(values: Values, envs: Environments, files: string[], io: AccountsIo): number {
  const email = need(values.user as string | undefined, '--user');
  const id = need(values.id as string | undefined, '--id');
  applyToStores(files, (db) => removeAddress(db, email, id));
  io.out(`Removed address ${id} of ${email} from ${envs.join(' and ')}.`);
  return 0;
}

/** `rotate-key` (a new key, shown once unless given) and `remove-key`. */
function keyCommand(
  command: 'rotate-key' | 'remove-key',
  values: Values,
  envs: Environments,
  files: string[],
  io: AccountsIo,
): number {
  const login = need(values.login as string | undefined, '--login').trim();
  if (!/^[\x21-\x7e]{1,128}$/.test(login)) throw new UsageError('--login must be 1 to 128 visible ASCII characters');
  if (command === 'remove-key') {
    let removed = false;
    applyToStores(files, (db) => {
      removed = new CatalogStore(db).removeApiKey(login) || removed;
    });
    if (!removed) throw new AccountError(`login ${login} has no key`);
    io.out(`Removed the item-service login ${login} from ${envs.join(' and ')}.`);
    return 0;
  }
  const given = values.key as string | undefined;
  if (given !== undefined && given.length < 12) throw new UsageError('--key must have at least 12 characters');
  const key = given ?? randomBytes(24).toString('base64url');
  applyToStores(files, (db) => new CatalogStore(db).setApiKey(login, key));
  io.out(`Item-service login ${login} now has a new key in ${envs.join(' and ')}; the old one no longer works.`);
  if (given === undefined) io.out(`New key (shown once): ${key}`);
  return 0;
}

/** `add-user`: a customer (with or without terms) or a customer-service account. */
function addUserCommand(values: Values, envs: Environments, files: string[], io: AccountsIo): number {
  const email = need(values.email as string | undefined, '--email');
  const password = need(values.password as string | undefined, '--password');
  const role = need(values.role as string | undefined, '--role');
  if (role !== 'customer' && role !== 'csr') throw new UsageError(`--role must be customer or csr, not '${role}'`);
  const terms = values['no-terms'] !== true;
  applyToStores(files, (db) => addUser(db, { email, password, role: role as Role, terms }));
  io.out(
    `Added ${role} ${email}${role === 'customer' ? (terms ? ' with terms' : ' without terms') : ''} to ${envs.join(' and ')}.`,
  );
  return 0;
}

/** `add-address`: a ship-to or bill-to address of an account. */
function addAddressCommand(values: Values, envs: Environments, files: string[], io: AccountsIo): number {
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
  io.out(
    `Added ${billTo ? 'bill-to' : 'ship-to'} address ${addressId}${terms ? ' (terms)' : ''} to ${userEmail} in ${envs.join(' and ')}.`,
  );
  return 0;
}

/** `partsheet accounts list|add-user|add-address|remove-user|remove-address|rotate-key|remove-key …`: returns the exit code (0 done, 1 refused, 2 usage). */
export async function accountsCommand(argv: string[], io: AccountsIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) {
    io.err(`partsheet accounts: give a command, one of ${COMMANDS.join(', ')} (see partsheet accounts --help)`);
    return 2;
  }
  if (command === 'help' || command === '--help' || command === '-h') {
    io.out(ACCOUNTS_USAGE);
    return 0;
  }
  try {
    if (!(COMMANDS as string[]).includes(command)) {
      throw new UsageError(`unknown accounts command '${command}'; use one of ${COMMANDS.join(', ')}`);
    }
    let parsed;
    try {
      parsed = parseArgs({
        args: rest,
        options: OPTIONS_OF[command as Command],
        strict: true,
        allowPositionals: false,
      });
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
    const values = parsed.values as Values;
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
      io.err(
        `partsheet accounts: no store at ${missing.join(' and ')}; run partsheet serve once to create the data folder`,
      );
      return 2;
    }

    if (command === 'list') return listCommand(envs, all, io);
    if (command === 'remove-user') return removeUserCommand(values, envs, files, io);
    if (command === 'remove-address') return removeAddressCommand(values, envs, files, io);
    if (command === 'rotate-key' || command === 'remove-key') return keyCommand(command, values, envs, files, io);
    if (command === 'add-user') return addUserCommand(values, envs, files, io);
    return addAddressCommand(values, envs, files, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(errorLine('partsheet accounts', e.message, e));
      return 2;
    }
    if (e instanceof AccountError) {
      io.err(errorLine('partsheet accounts', e.message, e));
      return 1;
    }
    throw e;
  }
}
