/**
 * Partsheet's settings: what they hold, their defaults, and the checks a saved value must pass.
 * Pure: the shared runtime (addin/runtime.ts) stores them in OfficeRuntime.storage, never in the workbook.
 */
import { PartsheetError } from '../errors';
import type { ErrorCode } from '../../protocol/error-codes';
import type { ApiVersion } from '../catalog/model';

export type Environment = 'local' | 'test' | 'production';

export const ENVIRONMENTS: readonly Environment[] = ['local', 'test', 'production'];

export interface PartsheetSettings {
  environment: Environment;
  /**
   * Where the item service is: `https://host[:port]` (without `/itemservice`), or a path on the add-in's own
   * origin (`''` or `/test-env`), which the dev server forwards to the local service.
   */
  itemBaseUrl: string;
  /** Where the checkout is, in the same forms as `itemBaseUrl`. */
  checkoutBaseUrl: string;
  /**
   * Where orders placed in the test environment go, in the same forms; `''` means the default: the checkout
   * address when the settings are on the test environment, else `/test-env` on the add-in's origin. Its own setting,
   * so the production item service can be used with the test checkout.
   */
  testCheckoutBaseUrl: string;
  login: string;
  apiKey: string;
  /**
   * The user's Partsheet gateway token (docs/gateway.md), sent as the X-Partsheet-Token header on every item-service
   * and checkout request when not empty. A secret like the API key: kept beside it, never in the workbook.
   */
  gatewayToken: string;
  /**
   * Reach the item service's list search by JSONP (`callbackfn`) instead of fetch, for a service on another origin
   * that sends no CORS headers. Off by default: the answer runs as script in the add-in's origin, so only for a host
   * the user trusts. Searches only; the checkout still needs CORS or the gateway.
   */
  jsonpSearches: boolean;
  /**
   * The currency every price is compared, answered and added up in (ISO code); `''` means USD. Offers the service
   * leaves in another currency compete after conversion at a rate learned from the service.
   */
  currency: string;
  apiVersion: ApiVersion;
  /** How long a looked-up part stays in the cache, in minutes. */
  cacheTtlMinutes: number;
  /** Source codes whose offers compete (`MARKETPLACE`, `ACNA`…); empty means every source. */
  sources: string[];
  /** Attrition added to each BOM line's need before MOQ, packs and breaks: a percentage (0 = none)… */
  overagePercent: number;
  /** …and at least this many extra parts per line when there is an overage (0 = none). */
  overageMin: number;
  /** A line is an overbuy when its spares cost more than this share of the line's cost (percent)… */
  overbuySharePercent: number;
  /** …and more than this amount in the user's currency. */
  overbuyMinAmount: number;
  /**
   * When a line's approved alternates (the BOM's second-source columns) are bought instead of its own part:
   * 'unavailable' when its own part cannot be bought (not found, not Active, no price, short), 'cheaper' also
   * whenever an alternate costs less for the line's need (src/plan/alternates.ts).
   */
  alternatesUse: AlternatesSetting;
  /**
   * The day the parts are needed by, `yyyy-mm-dd`, or `''` for none: the pane's plan buys only what arrives by then
   * (src/plan/schedule.ts). Whether it is still today or later is checked when a BOM is priced.
   */
  needBy: string;
  /**
   * Whether the pane's share-safe copy keeps the order and plan records (src/excel/kept-records.ts); false: the
   * copy carries none of them.
   */
  shareSafeRecords: boolean;
}

/** When approved alternates are bought; the same words as the plan's (src/plan/alternates.ts). */
export type AlternatesSetting = 'unavailable' | 'cheaper';

export const ALTERNATES_SETTINGS: readonly AlternatesSetting[] = ['unavailable', 'cheaper'];

/** The base URLs each environment starts with. Paths are on the add-in's origin, through the dev-server proxy. */
export const ENVIRONMENT_DEFAULTS: Record<
  Environment,
  Pick<PartsheetSettings, 'itemBaseUrl' | 'checkoutBaseUrl' | 'login' | 'apiKey'>
> = {
  local: { itemBaseUrl: '', checkoutBaseUrl: '', login: 'demo', apiKey: 'demo-key' },
  test: { itemBaseUrl: '/test-env', checkoutBaseUrl: '/test-env', login: 'demo', apiKey: 'demo-key' },
  production: { itemBaseUrl: '', checkoutBaseUrl: '', login: '', apiKey: '' },
};

export const DEFAULT_SETTINGS: Readonly<PartsheetSettings> = Object.freeze({
  environment: 'local',
  ...ENVIRONMENT_DEFAULTS.local,
  testCheckoutBaseUrl: '',
  gatewayToken: '',
  jsonpSearches: false,
  currency: '',
  apiVersion: 'v4',
  cacheTtlMinutes: 10,
  sources: [],
  overagePercent: 0,
  overageMin: 0,
  overbuySharePercent: 50,
  overbuyMinAmount: 10,
  alternatesUse: 'unavailable',
  needBy: '',
  shareSafeRecords: false,
});

export const MAX_CACHE_TTL_MINUTES = 24 * 60;

/** A setting that cannot be used, with the words to show the buyer. */
export class SettingsError extends PartsheetError {
  override readonly name = 'SettingsError';

  override get errorCode(): ErrorCode {
    return 'PS_SETTINGS_INVALID';
  }

  constructor(
    /** The setting at fault. */
    readonly field: keyof PartsheetSettings,
    message: string,
  ) {
    super(message);
  }
}

export function isSettingsError(e: unknown): e is SettingsError {
  return e instanceof SettingsError;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export type AddressField = 'itemBaseUrl' | 'checkoutBaseUrl' | 'testCheckoutBaseUrl';

const ADDRESS_LABELS: Record<AddressField, string> = {
  itemBaseUrl: 'parts service address',
  checkoutBaseUrl: 'checkout address',
  testCheckoutBaseUrl: 'test checkout address',
};

/**
 * The absolute base URL a setting names, resolved against the add-in's origin. Throws SettingsError for an
 * address that is not http(s), or that is plain http anywhere but this computer: the login and API key
 * travel with every request and must not cross a network unencrypted.
 */
export function resolveBaseUrl(value: string, origin: string | undefined, field: AddressField = 'itemBaseUrl'): string {
  const text = value.trim();
  // What the messages repeat of the address: never its query, fragment or user part, which may hold a key.
  const shown = text.replace(/[?#].*$/s, '').replace(/\/\/[^/@]*@/, '//');
  const what = ADDRESS_LABELS[field];
  let url: URL;
  if (text === '' || text.startsWith('/')) {
    if (!origin)
      throw new SettingsError(
        field,
        `The ${what} "${shown}" is a path, but the add-in's own address is unknown — give a full https:// address in Partsheet settings`,
      );
    url = new URL(text || '/', origin);
  } else {
    try {
      url = new URL(text);
    } catch {
      throw new SettingsError(
        field,
        `The ${what} "${shown}" is not a web address — give one like https://parts.example.com in Partsheet settings`,
      );
    }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new SettingsError(field, `The ${what} "${shown}" must start with https:// — change it in Partsheet settings`);
  }
  if (url.protocol === 'http:' && !LOCAL_HOSTS.has(url.hostname)) {
    throw new SettingsError(
      field,
      `The ${what} ${url.origin} uses plain http, which would send the login and API key unencrypted; use https:// (plain http is allowed only for localhost and 127.0.0.1)`,
    );
  }
  if (url.search || url.hash)
    throw new SettingsError(field, `The ${what} "${shown}" must not carry a query or fragment — give just the address`);
  if (url.username || url.password)
    throw new SettingsError(
      field,
      `The ${what} must not contain a user name or password — put the login and API key in their own settings`,
    );
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

/**
 * Settings as read back from storage: any field missing or of the wrong type takes its default, so an older
 * or damaged record still loads. Values are not judged here; `validateSettings` does that.
 */
export function normalizeSettings(raw: unknown): PartsheetSettings {
  const r = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const environment = ENVIRONMENTS.includes(r.environment as Environment)
    ? (r.environment as Environment)
    : DEFAULT_SETTINGS.environment;
  const base = { ...DEFAULT_SETTINGS, ...ENVIRONMENT_DEFAULTS[environment] };
  const ttl =
    typeof r.cacheTtlMinutes === 'number' && Number.isFinite(r.cacheTtlMinutes)
      ? r.cacheTtlMinutes
      : base.cacheTtlMinutes;
  return {
    environment,
    itemBaseUrl: text(r.itemBaseUrl, base.itemBaseUrl).trim(),
    checkoutBaseUrl: text(r.checkoutBaseUrl, base.checkoutBaseUrl).trim(),
    testCheckoutBaseUrl: text(r.testCheckoutBaseUrl, base.testCheckoutBaseUrl).trim(),
    login: text(r.login, base.login).trim(),
    apiKey: text(r.apiKey, base.apiKey).trim(),
    gatewayToken: text(r.gatewayToken, base.gatewayToken).trim(),
    jsonpSearches: typeof r.jsonpSearches === 'boolean' ? r.jsonpSearches : base.jsonpSearches,
    currency: text(r.currency, base.currency).trim().toUpperCase(),
    apiVersion: r.apiVersion === 'v3' || r.apiVersion === 'v4' ? r.apiVersion : base.apiVersion,
    cacheTtlMinutes: ttl,
    sources: Array.isArray(r.sources)
      ? r.sources
          .filter((s): s is string => typeof s === 'string' && s.trim() !== '')
          .map((s) => s.trim().toUpperCase())
      : [],
    overagePercent:
      typeof r.overagePercent === 'number' && Number.isFinite(r.overagePercent)
        ? r.overagePercent
        : base.overagePercent,
    overageMin: typeof r.overageMin === 'number' && Number.isFinite(r.overageMin) ? r.overageMin : base.overageMin,
    overbuySharePercent:
      typeof r.overbuySharePercent === 'number' && Number.isFinite(r.overbuySharePercent)
        ? r.overbuySharePercent
        : base.overbuySharePercent,
    overbuyMinAmount:
      typeof r.overbuyMinAmount === 'number' && Number.isFinite(r.overbuyMinAmount)
        ? r.overbuyMinAmount
        : base.overbuyMinAmount,
    alternatesUse: ALTERNATES_SETTINGS.includes(r.alternatesUse as AlternatesSetting)
      ? (r.alternatesUse as AlternatesSetting)
      : base.alternatesUse,
    needBy: text(r.needBy, base.needBy).trim(),
    shareSafeRecords: typeof r.shareSafeRecords === 'boolean' ? r.shareSafeRecords : base.shareSafeRecords,
  };
}

/** Throws SettingsError naming the first setting that cannot be used. */
export function validateSettings(settings: PartsheetSettings, origin: string | undefined): void {
  if (settings.environment === 'production' && settings.itemBaseUrl.trim() === '') {
    throw new SettingsError(
      'itemBaseUrl',
      'Give the production parts service address (https://…) in Partsheet settings',
    );
  }
  resolveBaseUrl(settings.itemBaseUrl, origin, 'itemBaseUrl');
  if (!(settings.environment === 'production' && settings.checkoutBaseUrl.trim() === '')) {
    resolveBaseUrl(settings.checkoutBaseUrl, origin, 'checkoutBaseUrl');
  }
  if (settings.testCheckoutBaseUrl.trim() !== '')
    resolveBaseUrl(settings.testCheckoutBaseUrl, origin, 'testCheckoutBaseUrl');
  if (!/^[\x21-\x7e]{0,512}$/.test(settings.gatewayToken)) {
    throw new SettingsError(
      'gatewayToken',
      'The gateway token is letters, digits and punctuation without spaces (up to 512) — paste it again as the gateway gave it',
    );
  }
  if (settings.login === '' || settings.apiKey === '') {
    throw new SettingsError(
      settings.login === '' ? 'login' : 'apiKey',
      'Give the login and API key of the parts service in Partsheet settings',
    );
  }
  if (settings.currency !== '' && !/^[A-Z]{3}$/.test(settings.currency)) {
    throw new SettingsError(
      'currency',
      `"${settings.currency}" is not a currency code — use three letters such as USD or EUR, or leave it empty`,
    );
  }
  if (!(settings.overagePercent >= 0 && settings.overagePercent <= 100)) {
    throw new SettingsError('overagePercent', 'Overage must be a percentage from 0 to 100');
  }
  if (!(Number.isInteger(settings.overageMin) && settings.overageMin >= 0 && settings.overageMin <= 1_000_000)) {
    throw new SettingsError('overageMin', 'Minimum overage must be a whole number of parts, 0 or more');
  }
  if (!(settings.overbuySharePercent >= 0 && settings.overbuySharePercent <= 100)) {
    throw new SettingsError('overbuySharePercent', 'The overbuy share must be a percentage from 0 to 100');
  }
  if (!(settings.overbuyMinAmount >= 0 && settings.overbuyMinAmount <= 1_000_000_000)) {
    throw new SettingsError('overbuyMinAmount', 'The overbuy amount must be 0 or more, in your currency');
  }
  if (!ALTERNATES_SETTINGS.includes(settings.alternatesUse)) {
    throw new SettingsError(
      'alternatesUse',
      'Choose when approved alternates are bought: when the part cannot be bought, or whenever cheaper',
    );
  }
  if (!(settings.cacheTtlMinutes >= 0 && settings.cacheTtlMinutes <= MAX_CACHE_TTL_MINUTES)) {
    throw new SettingsError('cacheTtlMinutes', `Keep prices for 0 to ${MAX_CACHE_TTL_MINUTES} minutes`);
  }
}

/** Whether two settings need a different connection (client and scheduler), not just different choices. */
export function connectionChanged(a: PartsheetSettings, b: PartsheetSettings): boolean {
  return (
    a.environment !== b.environment ||
    a.itemBaseUrl !== b.itemBaseUrl ||
    a.login !== b.login ||
    a.apiKey !== b.apiKey ||
    a.gatewayToken !== b.gatewayToken ||
    a.jsonpSearches !== b.jsonpSearches ||
    a.apiVersion !== b.apiVersion ||
    a.cacheTtlMinutes !== b.cacheTtlMinutes
  );
}
