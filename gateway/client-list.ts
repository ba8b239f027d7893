/**
 * A client's list search as the gateway's cache reads it: the parameters it understands, the credentials and the
 * parts, or nothing when the search must go upstream as it is.
 */
import { partNumberProblem } from '../protocol/part-number';
import { parseListRequest } from '../protocol/list-request';
import type { ApiVersion } from '../src/catalog/model';

/** Query parameters a cached list search understands; a request with any other is passed upstream as it is. */
const LIST_PARAMS = new Set(['req', 'login', 'apikey', 'apiKey', 'rows', 'utm_currency', 'fmt']);

export interface Credentials {
  login: string;
  apikey: string;
}

/** A client's list search, read well enough to be answered part by part. */
export interface ClientList {
  version: ApiVersion;
  credentials: Credentials;
  useExact: boolean;
  rows?: string;
  currency?: string;
  parts: { partNum: string; mfr?: string }[];
}

/**
 * The list search of `query`, or undefined when it is not one the cache can answer part by part: XML or JSONP
 * answers, a parameter given twice or not understood, a `req` the item service would refuse (read by its own
 * parseListRequest), no credentials, no parts, a part number that cannot be looked up (blank, no letters or digits:
 * protocol/part-number.ts). Those go upstream as they are, and the upstream's own answer (or refusal) reaches the
 * client.
 */
export function readClientList(version: ApiVersion, query: URLSearchParams): ClientList | undefined {
  for (const name of new Set(query.keys())) {
    if (!LIST_PARAMS.has(name) || query.getAll(name).length > 1) return undefined;
  }
  const fmt = (query.get('fmt') ?? 'json').trim().toLowerCase();
  if (fmt !== 'json' && fmt !== '') return undefined;
  let request: ReturnType<typeof parseListRequest>;
  try {
    request = parseListRequest(query.get('req') ?? undefined);
  } catch {
    return undefined;
  }
  const login = request.login ?? query.get('login') ?? undefined;
  const apikey = request.apikey ?? query.get('apikey') ?? query.get('apiKey') ?? undefined;
  if (!login || !apikey) return undefined;
  if (request.parts.length === 0 || request.parts.some((p) => partNumberProblem(p.partNum) !== null)) return undefined;
  const rows = query.get('rows') ?? undefined;
  const currency = query.get('utm_currency') ?? undefined;
  return {
    version,
    credentials: { login, apikey },
    useExact: request.useExact,
    ...(rows ? { rows } : {}),
    ...(currency ? { currency } : {}),
    parts: request.parts,
  };
}
