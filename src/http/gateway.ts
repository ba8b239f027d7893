/**
 * What the clients share about the Partsheet gateway (docs/gateway.md): the header that carries a user's gateway
 * token, and how the gateway says that token was refused. The token is a secret like the API key: it travels in
 * this header only, never in an address, and no message repeats it. The header's name is the gateway's too
 * (protocol/gateway-token.ts).
 */
import { GATEWAY_TOKEN_HEADER } from '../../protocol/gateway-token';

export const GATEWAY_TOKEN_MESSAGE =
  'gateway token rejected — check the gateway token in settings, or ask whoever runs the gateway for a new one';

/** The headers a request carries for a gateway token; none when there is no token. */
export function gatewayHeaders(token: string | undefined): Record<string, string> {
  const t = token?.trim();
  return t ? { [GATEWAY_TOKEN_HEADER]: t } : {};
}

/** The `error` word and `code` of an answer the gateway worded itself (`{ "error": …, "code": …, … }`); none else. */
function gatewayWords(body: string): { error?: unknown; code?: unknown } | undefined {
  const t = body.trim();
  if (!t.startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(t);
    return parsed !== null && typeof parsed === 'object' ? (parsed as { error?: unknown; code?: unknown }) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a 401/403 answer is the gateway refusing the token (`{ "error": "gateway token rejected", … }`), not the service refusing the key. */
export function gatewayTokenRejected(body: string): boolean {
  const error = gatewayWords(body)?.error;
  return typeof error === 'string' && /gateway token/i.test(error);
}

/**
 * Whether a 502/504 answer is the gateway saying the service behind it could not be reached or did not answer
 * (`PS_GATEWAY_UPSTREAM_UNREACHABLE`): the service is unreachable, not failing.
 */
export function gatewayUpstreamUnreachable(body: string): boolean {
  return gatewayWords(body)?.code === 'PS_GATEWAY_UPSTREAM_UNREACHABLE';
}
