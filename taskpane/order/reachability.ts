/**
 * Whether this page can place an order at all. The checkout is a plain GET: to a host that sends no CORS headers the
 * browser still sends it (the order may be placed) and then hides the answer. So an order to such a host is never
 * sent; the order view says why and what fixes it instead. Known blocked: the parts service is reached by JSONP
 * (its host sends no CORS headers, and JSONP cannot place orders), or the checkout's origin was found blocked.
 */
import type { PartsheetSettings } from '../../src/settings';
import { blockedMessage, type CorsProbe } from '../../src/http/cors';

export type CheckoutProbe = Pick<CorsProbe, 'known' | 'readable'>;

/** The checkout operation's address without a query: requesting it places nothing (no account, no items). */
export function checkoutProbeUrl(baseUrl: string): string {
  return `${baseUrl}/server-webapp/api/automatedCheckout`;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function sameOrigin(url: string, origin: string | undefined): boolean {
  try {
    return origin !== undefined && new URL(url).origin === origin;
  } catch {
    return false;
  }
}

export function jsonpCheckoutMessage(baseUrl: string): string {
  return (
    `The parts service is reached by JSONP because its host sends no CORS headers, and JSONP cannot place orders: the checkout at ${hostOf(baseUrl)} ` +
    'needs CORS headers or the Partsheet gateway. Fix: run the Partsheet gateway and point the add-in at it (docs/gateway.md). Nothing was sent.'
  );
}

/** Why an order to `baseUrl` cannot be sent from this page, as far as is known without asking; null when nothing says so. */
export function knownCheckoutBlock(
  baseUrl: string,
  settings: Pick<PartsheetSettings, 'jsonpSearches'>,
  origin: string | undefined,
  probe: CheckoutProbe | undefined,
): string | null {
  if (sameOrigin(baseUrl, origin)) return null;
  if (settings.jsonpSearches) return jsonpCheckoutMessage(baseUrl);
  if (probe?.known(checkoutProbeUrl(baseUrl)) === 'blocked')
    return `${blockedMessage('checkout', hostOf(baseUrl))} Nothing was sent.`;
  return null;
}

/**
 * Just before sending: why the order cannot go, asking the checkout's origin when nothing is known yet; null when it
 * can go (or when there is no probe to ask, outside a browser page).
 */
export async function checkoutBlock(
  baseUrl: string,
  settings: Pick<PartsheetSettings, 'jsonpSearches'>,
  origin: string | undefined,
  probe: CheckoutProbe | undefined,
): Promise<{ kind: 'blocked' | 'unreachable'; text: string } | null> {
  const known = knownCheckoutBlock(baseUrl, settings, origin, probe);
  if (known) return { kind: 'blocked', text: known };
  if (!probe || sameOrigin(baseUrl, origin)) return null;
  const verdict = await probe.readable(checkoutProbeUrl(baseUrl));
  if (verdict === 'blocked')
    return { kind: 'blocked', text: `${blockedMessage('checkout', hostOf(baseUrl))} Nothing was sent.` };
  if (verdict === 'unreachable')
    return {
      kind: 'unreachable',
      text: `The checkout at ${hostOf(baseUrl)} cannot be reached. Nothing was sent; try again when it can be reached.`,
    };
  return null;
}
