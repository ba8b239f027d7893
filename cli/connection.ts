/**
 * What the commands that ask the item service share: the service, its credentials, a currency flag, and for `price`
 * and `plan` their lookups and the buying options of their flags.
 */
import { type ApiVersion, CatalogClient, withoutUserinfo } from '../src/catalog';
import { LookupScheduler } from '../src/lookup';
import { RateBook, tokenSearchProbe } from '../src/pricing/rates';
import type { Overage } from '../src/plan';
import type { Day } from '../src/plan/days';
import { UsageError } from './usage';
import { type CatalogJudge, listSearchJudge } from '../src/workflows/read-bom';

export const DEFAULT_ITEM_URL = 'http://127.0.0.1:8080';
export const DEFAULT_LOGIN = 'demo';
export const DEFAULT_APIKEY = 'demo-key';

export interface Connection {
  url: string;
  login: string;
  apikey: string;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** `--url`/`--login`/`--apikey`, else `PARTSHEET_ITEM_URL`/`PARTSHEET_LOGIN`/`PARTSHEET_APIKEY`, else the local demo. */
export function connectionOf(
  values: { url?: string; login?: string; apikey?: string },
  env: Record<string, string | undefined>,
): Connection {
  const url = values.url ?? nonEmpty(env.PARTSHEET_ITEM_URL) ?? DEFAULT_ITEM_URL;
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new UsageError(
      `--url must be an http or https address such as ${DEFAULT_ITEM_URL}; got '${withoutUserinfo(url)}'`,
    );
  }
  // Credentials in the address would travel in every message that names it; the item service takes them as
  // --login and --apikey.
  if (parsed.username !== '' || parsed.password !== '') {
    throw new UsageError(
      `--url must not hold a user name or password (got '${withoutUserinfo(url)}'); give the item-service login with --login and --apikey`,
    );
  }
  return {
    url,
    login: values.login ?? nonEmpty(env.PARTSHEET_LOGIN) ?? DEFAULT_LOGIN,
    apikey: values.apikey ?? nonEmpty(env.PARTSHEET_APIKEY) ?? DEFAULT_APIKEY,
  };
}

export function currencyOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^[A-Za-z]{3}$/.test(value.trim()))
    throw new UsageError(`--currency must be a three-letter code such as EUR; got '${value}'`);
  return value.trim().toUpperCase();
}

/** The item-service client of a command's connection flags. */
export function catalogClientOf(c: {
  url: string;
  login: string;
  apikey: string;
  version?: ApiVersion;
}): CatalogClient {
  return new CatalogClient({ itemBaseUrl: c.url, login: c.login, apikey: c.apikey, version: c.version });
}

/**
 * How many of `partNumbers` the catalog knows (one list search): what the BOM reader asks to judge which column holds
 * the manufacturer part numbers.
 */
export function catalogJudge(client: CatalogClient, version: ApiVersion): CatalogJudge {
  return listSearchJudge((parts) => client.searchList(parts, { version }));
}

/** The flags `price` and `plan` both buy by. */
export interface BuyingFlags {
  currency: string;
  overage: Overage;
  /** --split-min-saving: the saving a split must reach, in percent. */
  splitMinSavingPercent: number;
  /** --rate: units of the currency per 1 of each code, instead of learning them. */
  rates: Record<string, number>;
  version: ApiVersion;
  /** Today, as the command's clock gave it (`yyyy-mm-dd`). */
  today: Day;
  /** --need-by: the day every plan must arrive by; null without it. */
  needBy: Day | null;
}

/**
 * One scheduler for every lookup of a pricing command, and the buying options of its flags, with the exchange rates
 * the flags do not give learnt from the item service through the same client.
 */
export function buyingSetup(client: CatalogClient, flags: BuyingFlags) {
  const scheduler = new LookupScheduler({ port: client });
  const rates = new RateBook({
    probe: tokenSearchProbe((token, opts) => client.searchToken(token, opts)),
    given: flags.rates,
  });
  const options = {
    currency: flags.currency,
    rates,
    overage: flags.overage,
    splitMinSavingPercent: flags.splitMinSavingPercent,
    version: flags.version,
    timing: { today: flags.today, needBy: flags.needBy },
  };
  return { scheduler, options };
}
