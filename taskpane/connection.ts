/**
 * "Test connection": each thing pricing depends on, checked in order with the settings on screen (saved or
 * not), and reported one by one, so the buyer sees exactly what works and where it stops.
 */
import { CatalogClient } from '../src/catalog/client';
import type { CorsProbe } from '../src/http/cors';
import type { JsonpTransport } from '../src/http/jsonp';
import { isCatalogError, type CatalogError } from '../src/catalog/errors';
import type { Offer, Part } from '../src/catalog/model';
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

/** The steps in the order they are checked. */
const ORDER: readonly ConnectionStepId[] = [
  'address',
  'credentials',
  'reach',
  'login',
  'search',
  'currency',
  'sources',
];

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

/** Once a step fails: every step not reported yet, as not checked. */
function skipTheRest(steps: ConnectionStep[]): ConnectionStep[] {
  const done = new Set(steps.map((s) => s.id));
  for (const id of ORDER) if (!done.has(id)) steps.push(step(id, 'skipped', NOT_RUN));
  return steps;
}

/** The service's address, resolved against the page's origin; `base` is null when it is not usable. */
function addressStep(settings: PartsheetSettings, deps: ConnectionDeps): { step: ConnectionStep; base: string | null } {
  try {
    const base = resolveBaseUrl(settings.itemBaseUrl, deps.origin, 'itemBaseUrl');
    return { step: step('address', 'ok', `${base}/itemservice`), base };
  } catch (e) {
    return { step: step('address', 'failed', e instanceof Error ? e.message : String(e)), base: null };
  }
}

function credentialsStep(settings: PartsheetSettings): ConnectionStep {
  if (settings.login.trim() === '' || settings.apiKey.trim() === '') {
    return step(
      'credentials',
      'failed',
      `Give the ${settings.login.trim() === '' ? 'login' : 'API key'} of the parts service.`,
    );
  }
  return step(
    'credentials',
    'ok',
    `Login "${settings.login.trim()}" and an API key of ${settings.apiKey.trim().length} characters.`,
  );
}

function clientFor(settings: PartsheetSettings, deps: ConnectionDeps, base: string): CatalogClient {
  const jsonp = settings.jsonpSearches;
  return new CatalogClient({
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
}

/**
 * Reaching the service and logging in, with one search of the probe part. `probe` is the part number the later
 * search uses (one the catalog has), or null when either step failed.
 */
async function reachAndLoginSteps(
  client: CatalogClient,
  settings: PartsheetSettings,
  base: string,
  how: string,
): Promise<{ steps: ConnectionStep[]; probe: string | null }> {
  // JSONP offers list search only: the first answer then comes from a list search of the probe part.
  const firstPart = settings.jsonpSearches
    ? async () =>
        (
          await client.searchList([{ partNumber: PROBE_PART }], { exact: false, version: settings.apiVersion })
        ).results.flatMap((r) => r.parts)[0]?.partNumber
    : async () =>
        (await client.searchToken(PROBE_PART, { rows: 1, version: settings.apiVersion })).parts[0]?.partNumber;
  try {
    // List search matches exactly: probe it with a part number the catalog has.
    const probe = (await firstPart()) || PROBE_PART;
    return {
      steps: [
        step('reach', 'ok', `The service answered at ${base}${how}.`),
        step('login', 'ok', `Login "${settings.login.trim()}" is accepted.`),
      ],
      probe,
    };
  } catch (e) {
    const error = isCatalogError(e) ? e : null;
    if (!error || unreachable(error))
      return { steps: [step('reach', 'failed', error ? error.message : String(e))], probe: null };
    return {
      steps: [step('reach', 'ok', `The service answered at ${base}${how}.`), step('login', 'failed', error.message)],
      probe: null,
    };
  }
}

/** A list search of the probe part in the chosen currency; `parts` is null when the search failed. */
async function searchSteps(
  client: CatalogClient,
  settings: PartsheetSettings,
  currency: string,
  probe: string,
  how: string,
): Promise<{ steps: ConnectionStep[]; parts: Part[] | null }> {
  let answer;
  try {
    answer = await client.searchList([{ partNumber: probe }], {
      version: settings.apiVersion,
      ...(currency ? { currency } : {}),
    });
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (currency && isCatalogError(e) && e.kind === 'rejected' && /currenc/i.test(message)) {
      return {
        steps: [
          step('search', 'ok', `List search (${settings.apiVersion}${how}) answers.`),
          step('currency', 'failed', message),
        ],
        parts: null,
      };
    }
    return { steps: [step('search', 'failed', `List search (${settings.apiVersion}${how}): ${message}`)], parts: null };
  }
  const parts = answer.results.flatMap((r) => r.parts);
  const found = step(
    'search',
    parts.length > 0 ? 'ok' : 'warning',
    parts.length > 0
      ? `List search (${settings.apiVersion}${how}) works: ${probe} found${parts.length > 1 ? ` (${parts.length} parts)` : ''}.`
      : `List search (${settings.apiVersion}${how}) answers, but found nothing for ${probe}; the catalog may be empty.`,
  );
  return { steps: [found], parts };
}

/** Whether the offers found are priced in the chosen currency (none chosen: each offer keeps its own). */
function currencyStep(currency: string, offers: readonly Offer[]): ConnectionStep {
  const currencies = [
    ...new Set(offers.filter((o) => o.breaks.length > 0).map((o) => o.currency.toUpperCase())),
  ].sort();
  if (!currency) {
    return step(
      'currency',
      'ok',
      `Each offer keeps its own currency${currencies.length ? ` (${currencies.join(', ')} seen)` : ''}.`,
    );
  }
  if (currencies.includes(currency)) {
    const others = currencies.filter((c) => c !== currency);
    return step(
      'currency',
      'ok',
      `Prices come in ${currency}${others.length ? `; some sources sell only in ${others.join(', ')}` : ''}.`,
    );
  }
  return step(
    'currency',
    'warning',
    `The service took ${currency}, but no price in this answer is in ${currency}${currencies.length ? ` (seen: ${currencies.join(', ')})` : ''}.`,
  );
}

/** Whether every chosen source answered for the probe part. */
function sourcesStep(settings: PartsheetSettings, offers: readonly Offer[], probe: string): ConnectionStep {
  if (settings.sources.length === 0) return step('sources', 'ok', 'Offers from every source compete.');
  const seen = new Set(offers.map((o) => o.sourceCode.toUpperCase()));
  const missing = settings.sources.filter((s) => !seen.has(s.toUpperCase()));
  return missing.length === 0
    ? step('sources', 'ok', `${settings.sources.join(', ')} answered.`)
    : step(
        'sources',
        'warning',
        `No offer from ${missing.join(', ')} for ${probe}; check the source codes${seen.size ? ` (seen: ${[...seen].sort().join(', ')})` : ''}.`,
      );
}

export async function testConnection(
  settings: PartsheetSettings,
  deps: ConnectionDeps = {},
): Promise<ConnectionStep[]> {
  const steps: ConnectionStep[] = [];
  const address = addressStep(settings, deps);
  steps.push(address.step);
  if (address.base === null) return skipTheRest(steps);

  const credentials = credentialsStep(settings);
  steps.push(credentials);
  if (credentials.state === 'failed') return skipTheRest(steps);

  const jsonp = settings.jsonpSearches;
  if (jsonp && !deps.jsonp) {
    steps.push(
      step('reach', 'failed', 'Searches by JSONP work only inside the add-in page; turn them off to test from here.'),
    );
    return skipTheRest(steps);
  }
  const how = jsonp ? ' by JSONP' : '';
  const client = clientFor(settings, deps, address.base);
  const reached = await reachAndLoginSteps(client, settings, address.base, how);
  steps.push(...reached.steps);
  if (reached.probe === null) return skipTheRest(steps);

  const currency = settings.currency.trim().toUpperCase();
  const searched = await searchSteps(client, settings, currency, reached.probe, how);
  steps.push(...searched.steps);
  if (searched.parts === null) return skipTheRest(steps);

  const offers = searched.parts.flatMap((p) => p.offers);
  steps.push(currencyStep(currency, offers), sourcesStep(settings, offers, reached.probe));
  return steps;
}
