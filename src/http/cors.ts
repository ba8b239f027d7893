/**
 * Telling "the browser blocked it" from "unreachable". A page's fetch of another origin that sends no CORS headers
 * fails exactly as a refused connection does ("Failed to fetch"). A second request in `no-cors` mode, whose answer
 * the page may not read but which succeeds whenever the host answers at all, tells them apart: it succeeds when the
 * host is up (so the browser blocked the first), and fails when the host is down.
 *
 * The verdict is kept per origin for a short while and one probe answers every caller waiting for it, so a thousand
 * failing cells cost one probe. The probe goes to the origin's root: it carries no key, login or order.
 */

export type NetworkVerdict = 'blocked' | 'unreachable';

export interface CorsProbeOptions {
  /** The page's own origin: a failure there is never a CORS block. Undefined outside a page (Node has no CORS). */
  pageOrigin?: string;
  fetch?: typeof fetch;
  /** How long a verdict is kept; default 30 s. */
  ttlMs?: number;
  /** How long the probe may take; default 5 s. A probe that takes longer counts as unreachable. */
  timeoutMs?: number;
  now?: () => number;
}

export const CORS_VERDICT_TTL_MS = 30_000;

export class CorsProbe {
  private readonly verdicts = new Map<string, { verdict: NetworkVerdict; at: number }>();
  private readonly inFlight = new Map<string, Promise<NetworkVerdict>>();
  private readonly fetchImpl: typeof fetch;
  private readonly ttlMs: number;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  /** Probes sent, for tests and benchmarks. */
  probes = 0;

  constructor(private readonly options: CorsProbeOptions = {}) {
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.ttlMs = options.ttlMs ?? CORS_VERDICT_TTL_MS;
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.now = options.now ?? Date.now;
  }

  /** The verdict already known for the origin of `url`, if it is recent. */
  known(url: string): NetworkVerdict | undefined {
    const origin = originOf(url);
    if (origin === undefined) return undefined;
    const hit = this.verdicts.get(origin);
    if (!hit) return undefined;
    if (this.now() - hit.at >= this.ttlMs) {
      this.verdicts.delete(origin);
      return undefined;
    }
    return hit.verdict;
  }

  /** Whether a request to `url` that failed with a network error was blocked by the browser or could not reach the host. */
  diagnose(url: string): Promise<NetworkVerdict> {
    const origin = originOf(url);
    if (origin === undefined || origin === this.options.pageOrigin) return Promise.resolve('unreachable');
    const known = this.known(url);
    if (known) return Promise.resolve(known);
    let pending = this.inFlight.get(origin);
    if (!pending) {
      pending = this.probe(origin).then((verdict) => {
        this.verdicts.set(origin, { verdict, at: this.now() });
        this.inFlight.delete(origin);
        return verdict;
      });
      this.inFlight.set(origin, pending);
    }
    return pending;
  }

  /**
   * Before a request that must not be sent blind (an order, which the browser would send and then hide the answer
   * of): whether this page can read answers from the origin of `url`. `url` is requested with CORS, so it must be
   * harmless to the service (an address without credentials).
   */
  async readable(url: string): Promise<'readable' | NetworkVerdict> {
    const origin = originOf(url);
    if (origin === undefined || origin === this.options.pageOrigin) return 'readable';
    const known = this.known(url);
    if (known) return known;
    try {
      await this.withTimeout((signal) =>
        this.fetchImpl(url, { method: 'GET', mode: 'cors', credentials: 'omit', signal }),
      );
      return 'readable';
    } catch {
      return this.diagnose(url);
    }
  }

  private async probe(origin: string): Promise<NetworkVerdict> {
    this.probes++;
    try {
      await this.withTimeout((signal) =>
        this.fetchImpl(`${origin}/`, { method: 'GET', mode: 'no-cors', credentials: 'omit', signal }),
      );
      return 'blocked';
    } catch {
      return 'unreachable';
    }
  }

  private async withTimeout<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      return await call(controller.signal);
    } finally {
      clearTimeout(timer);
    }
  }
}

function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** The words for a blocked request, naming the fix: the gateway for everything, JSONP for searches only. */
export function blockedMessage(what: 'parts service' | 'checkout', host: string): string {
  const fix =
    what === 'parts service'
      ? 'run the Partsheet gateway and point the add-in at it (docs/gateway.md), or turn on "Searches by JSONP" in settings for a host you trust'
      : 'run the Partsheet gateway and point the add-in at it (docs/gateway.md); JSONP cannot place orders';
  return `Blocked by the browser: the ${what} at ${host} sends no CORS headers, so this page may not read its answers. Fix: ${fix}.`;
}
