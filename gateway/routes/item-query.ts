/**
 * Reading an item-service request's query for the cache: the list search the cache can answer part by part, the
 * team's credentials in place of the user's, and the key under which a whole answer is cached.
 */
import type { ApiVersion } from '../../src/catalog/model';
import { readClientList, type ClientList } from '../list-search';
import { credentialsKey } from '../credentials-key';

const CREDENTIAL_PARAMS = new Set(['login', 'apikey', 'apiKey']);

export type TeamCredentials = { login: string; apikey: string };

/** With a team key: the query with the user's item-service credentials replaced by the team's, in `req` too. */
export function withTeamItemCredentials(query: URLSearchParams, login: string, apikey: string): URLSearchParams {
  const out = new URLSearchParams(query);
  out.delete('apiKey');
  out.set('login', login);
  out.set('apikey', apikey);
  const req = out.get('req');
  if (req !== null) {
    try {
      const doc = JSON.parse(req) as { request?: Record<string, unknown> };
      if (doc && typeof doc.request === 'object' && doc.request !== null && !Array.isArray(doc.request)) {
        delete doc.request.apiKey;
        doc.request.login = login;
        doc.request.apikey = apikey;
        out.set('req', JSON.stringify(doc));
      }
    } catch {
      // Not JSON: the upstream refuses it in its own words.
    }
  }
  return out;
}

/**
 * The query to forward, and the list search the cache answers when it is one (`listVersion` set and the cache on).
 * A list search the cache answers is read once, as sent; with a team key its credentials are the team's (its `req`
 * is rewritten only when it goes upstream as it is).
 */
export function readItemQuery(
  rawQuery: string,
  listVersion: ApiVersion | undefined,
  team: TeamCredentials | undefined,
): { query: URLSearchParams; list?: ClientList } {
  let query = new URLSearchParams(rawQuery);
  let list: ClientList | undefined;
  if (listVersion) {
    if (!team) list = readClientList(listVersion, query);
    else {
      const withTeamLogin = new URLSearchParams(query);
      withTeamLogin.delete('apiKey');
      withTeamLogin.set('login', team.login);
      withTeamLogin.set('apikey', team.apikey);
      const read = readClientList(listVersion, withTeamLogin);
      if (read) list = { ...read, credentials: { login: team.login, apikey: team.apikey } };
    }
  }
  if (team && !list) {
    query = withTeamItemCredentials(query, team.login, team.apikey);
    // Read again with the team's credentials in `req` (a `req` whose own login is not text is taken then).
    if (listVersion) list = readClientList(listVersion, query);
  }
  return { query, list };
}

/**
 * The key of the item-service credentials a forwarded query carries, for the upstream's pauses (pauses.ts): its
 * `login` and `apikey` parameters, else those inside a list search's `req`.
 */
export function queryCredentials(query: URLSearchParams): string {
  let login = query.get('login');
  let apikey = query.get('apikey') ?? query.get('apiKey');
  const req = query.get('req');
  if (login === null && apikey === null && req !== null) {
    try {
      const inner = (JSON.parse(req) as { request?: Record<string, unknown> }).request;
      login = typeof inner?.login === 'string' ? inner.login : null;
      const key = inner?.apikey ?? inner?.apiKey;
      apikey = typeof key === 'string' ? key : null;
    } catch {
      // Not JSON: no credentials of its own.
    }
  }
  return credentialsKey(login ?? '', apikey ?? '');
}

/** Whether a whole answer may be cached: JSON only (XML and JSONP pass through as they are). */
export function isJsonQuery(query: URLSearchParams): boolean {
  return (query.get('fmt') ?? 'json').toLowerCase() !== 'xml' && !query.has('callbackfn');
}

/**
 * The cache key of a whole answer: whose credentials (digested: the user's, or with a team key the team's, which the
 * query carries by then), the path, the other parameters.
 */
export function answerKey(path: string, query: URLSearchParams): string {
  const login = query.get('login') ?? '';
  const apikey = query.get('apikey') ?? query.get('apiKey') ?? '';
  const params = [...query.entries()]
    .filter(([k]) => !CREDENTIAL_PARAMS.has(k))
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1));
  return `${credentialsKey(login, apikey)}|${path}|${new URLSearchParams(params).toString()}`;
}
