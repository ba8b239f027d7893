/** What `search` and `price` share: the item service they talk to, its credentials, and a currency flag. */
import { type ApiVersion, CatalogClient, withoutUserinfo } from '../src/catalog';
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
