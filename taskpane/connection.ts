/**
 * "Test connection": each thing pricing depends on, checked in order with the settings on screen (saved or
 * not), and reported one by one, so the buyer sees exactly what works and where it stops.
 */
import { CatalogClient } from '../src/catalog/client';
import type { CorsProbe } from '../src/http/cors';
import type { JsonpTransport } from '../src/http/jsonp';
import { isCatalogError, type CatalogError } from '../src/catalog/errors';
import { resolveBaseUrl, type PartsheetSettings } from '../src/settings';

export type ConnectionStepId = 'address' | 'credentials' | 'reach' | 'login' | 'search' | 'currency' | 'sources';

export interface ConnectionStep {
  id: ConnectionStepId;
  /** What was checked, as a short sentence. */
  label: string;
  state: 'ok' | 'failed' | 'warning' | 'skipped';
  /** What was found, in plain words. */
  detail: string;
}

export interface ConnectionDeps {
  /** The add-in page's origin, for addresses given as a path. */
  origin?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** The page's JSONP transport, for settings that search by JSONP. */
  jsonp?: JsonpTransport;
  /** Tells "blocked by the browser" from "unreachable" (in a browser page). */
  corsProbe?: CorsProbe;
}

/** A part the demo and real catalogs both carry; only used to see that a search answers. */
const PROBE_PART = 'BAV99';

const LABELS: Record<ConnectionStepId, string> = {
  address: 'Parts service address',
  credentials: 'Login and API key given',
  reach: 'Parts service reachable',
  login: 'Login and API key accepted',
  search: 'Part search',
  currency: 'Prices in the chosen currency',
  sources: 'Chosen sources',
};

const NOT_RUN = 'Not checked: an earlier step failed.';

function step(id: ConnectionStepId, state: ConnectionStep['state'], detail: string): ConnectionStep {
  return { id, label: LABELS[id], state, detail };
}

function unreachable(e: CatalogError): boolean {
  return (
    e.kind === 'unreachable' ||
    e.kind === 'blocked' ||
    e.kind === 'timeout' ||
    e.kind === 'unavailable' ||
    e.kind === 'rate-limited'
  );
}

export async function testConnection(
  settings: PartsheetSettings,
  deps: ConnectionDeps = {},
): Promise<ConnectionStep[]> {
  const steps: ConnectionStep[] = [];
  const rest = (from: ConnectionStepId[]) => {
    for (const id of from) steps.push(step(id, 'skipped', NOT_RUN));
    return steps;
  };

  let base: string;
  try {
    base = resolveBaseUrl(settings.itemBaseUrl, deps.origin, 'itemBaseUrl');
    steps.push(step('address', 'ok', `${base}/itemservice`));
  } catch (e) {
    steps.push(step('address', 'failed', e instanceof Error ? e.message : String(e)));
    return rest(['credentials', 'reach', 'login', 'search', 'currency', 'sources']);
  }

  if (settings.login.trim() === '' || settings.apiKey.trim() === '') {
    steps.push(
      step(
        'credentials',
        'failed',
        `Give the ${settings.login.trim() === '' ? 'login' : 'API key'} of the parts service.`,
      ),
    );
    return rest(['reach', 'login', 'search', 'currency', 'sources']);
  }
  steps.push(
    step(
      'credentials',
      'ok',
      `Login "${settings.login.trim()}" and an API key of ${settings.apiKey.trim().length} characters.`,
    ),
  );

  const jsonp = settings.jsonpSearches;
  if (jsonp && !deps.jsonp) {
    steps.push(
      step('reach', 'failed', 'Searches by JSONP work only inside the add-in page; turn them off to test from here.'),
    );
    return rest(['login', 'search', 'currency', 'sources']);
  }
  const how = jsonp ? ' by JSONP' : '';
  const client = new CatalogClient({
    itemBaseUrl: base,
    login: settings.login.trim(),
    apikey: settings.apiKey.trim(),
    version: settings.apiVersion,
    gatewayToken: settings.gatewayToken,
    timeoutMs: deps.timeoutMs ?? 15_000,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    ...(jsonp ? { jsonp: deps.jsonp } : {}),
    ...(deps.corsProbe ? { corsProbe: deps.corsProbe } : {}),
  });
  // JSONP offers list search only: the first answer then comes from a list search of the probe part.
  const firstPart = jsonp
    ? async () =>
        (
          await client.searchList([{ partNumber: PROBE_PART }], { exact: false, version: settings.apiVersion })
        ).results.flatMap((r) => r.parts)[0]?.partNumber
    : async () =>
        (await client.searchToken(PROBE_PART, { rows: 1, version: settings.apiVersion })).parts[0]?.partNumber;

  let probe = PROBE_PART;
  try {
    // List search matches exactly: probe it with a part number the catalog has.
    probe = (await firstPart()) || PROBE_PART;
    steps.push(step('reach', 'ok', `The service answered at ${base}${how}.`));
    steps.push(step('login', 'ok', `Login "${settings.login.trim()}" is accepted.`));
  } catch (e) {
    const error = isCatalogError(e) ? e : null;
    if (!error || unreachable(error)) {
      steps.push(step('reach', 'failed', error ? error.message : String(e)));
      return rest(['login', 'search', 'currency', 'sources']);
    }
    steps.push(step('reach', 'ok', `The service answered at ${base}${how}.`));
    steps.push(step('login', 'failed', error.message));
    return rest(['search', 'currency', 'sources']);
  }

  const currency = settings.currency.trim().toUpperCase();
  let answer;
  try {
    answer = await client.searchList([{ partNumber: probe }], {
      version: settings.apiVersion,
      ...(currency ? { currency } : {}),
    });
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (currency && isCatalogError(e) && e.kind === 'rejected' && /currenc/i.test(message)) {
      steps.push(step('search', 'ok', `List search (${settings.apiVersion}${how}) answers.`));
      steps.push(step('currency', 'failed', message));
      return rest(['sources']);
    }
    steps.push(step('search', 'failed', `List search (${settings.apiVersion}${how}): ${message}`));
    return rest(['currency', 'sources']);
  }
  const parts = answer.results.flatMap((r) => r.parts);
  steps.push(
    step(
      'search',
      parts.length > 0 ? 'ok' : 'warning',
      parts.length > 0
        ? `List search (${settings.apiVersion}${how}) works: ${probe} found${parts.length > 1 ? ` (${parts.length} parts)` : ''}.`
        : `List search (${settings.apiVersion}${how}) answers, but found nothing for ${probe}; the catalog may be empty.`,
    ),
  );

  const offers = parts.flatMap((p) => p.offers);
  const currencies = [
    ...new Set(offers.filter((o) => o.breaks.length > 0).map((o) => o.currency.toUpperCase())),
  ].sort();
  if (!currency) {
    steps.push(
      step(
        'currency',
        'ok',
        `Each offer keeps its own currency${currencies.length ? ` (${currencies.join(', ')} seen)` : ''}.`,
      ),
    );
  } else if (currencies.includes(currency)) {
    const others = currencies.filter((c) => c !== currency);
    steps.push(
      step(
        'currency',
        'ok',
        `Prices come in ${currency}${others.length ? `; some sources sell only in ${others.join(', ')}` : ''}.`,
      ),
    );
  } else {
    steps.push(
      step(
        'currency',
        'warning',
        `The service took ${currency}, but no price in this answer is in ${currency}${currencies.length ? ` (seen: ${currencies.join(', ')})` : ''}.`,
      ),
    );
  }

  if (settings.sources.length === 0) {
    steps.push(step('sources', 'ok', 'Offers from every source compete.'));
  } else {
    const seen = new Set(offers.map((o) => o.sourceCode.toUpperCase()));
    const missing = settings.sources.filter((s) => !seen.has(s.toUpperCase()));
    steps.push(
      missing.length === 0
        ? step('sources', 'ok', `${settings.sources.join(', ')} answered.`)
        : step(
            'sources',
            'warning',
            `No offer from ${missing.join(', ')} for ${probe}; check the source codes${seen.size ? ` (seen: ${[...seen].sort().join(', ')})` : ''}.`,
          ),
    );
  }
  return steps;
}
