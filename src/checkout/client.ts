/**
 * Placing an order: validate, send one GET with a timeout and the caller's cancel, read the OrderPlaced answer,
 * and turn every failure into a CheckoutError whose kind tells whether an order may exist. Runs in the browser
 * and in Node: platform fetch and AbortController only.
 */
import { blockedMessage, type CorsProbe } from '../http/cors';
import { GATEWAY_TOKEN_MESSAGE, gatewayHeaders, gatewayTokenRejected } from '../http/gateway';
import { fetchText, formatDuration, TransportFailure } from '../http/transport';
import { CheckoutError } from './errors';
import { parseOrderPlaced, type OrderResult } from './parse';
import {
  AUTH_CODES,
  CHECKOUT_ERROR_MESSAGES,
  describeProblem,
  fillTemplate,
  isKnownCode,
  ORDER_EXISTS_CODES,
  RETRY_SAFE_CODES,
  type CheckoutProblem,
} from './problems';
import {
  buildCheckoutUrl,
  buildSubmitCreatedUrl,
  type CheckoutFormat,
  type CheckoutRequest,
  type SubmitCreatedRequest,
} from './request';
import { validateCheckout } from './validate';
import { firstAndMore } from '../text/words';

export interface CheckoutConfig {
  /** `http(s)://host[:port]` of the parts service (production or test environment). */
  baseUrl: string;
  /** Default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /** Default 60000. */
  timeoutMs?: number;
  /** Default xml, the service's own default. */
  format?: CheckoutFormat;
  /** The user's Partsheet gateway token, sent as the X-Partsheet-Token header when given (docs/gateway.md). */
  gatewayToken?: string;
  /** In a browser page: tells an answer the browser hid (no CORS headers) from an unreachable host. */
  corsProbe?: Pick<CorsProbe, 'diagnose'>;
}

export const DEFAULT_CHECKOUT_TIMEOUT_MS = 60_000;

const ACCEPT: Record<CheckoutFormat, string> = { xml: 'application/xml', json: 'application/json' };

const CHECK_FIRST = 'check your orders (or ask customer service) before sending it again';

/**
 * Validates `request` (problems: kind `invalid`, nothing sent), sends it once, and returns the order.
 * Every failure is a CheckoutError; `orderMayExist` on it means the buyer must check before resubmitting.
 */
export async function placeOrder(
  config: CheckoutConfig,
  request: CheckoutRequest,
  options: { signal?: AbortSignal } = {},
): Promise<OrderResult> {
  const problems = validateCheckout(request);
  if (problems.length > 0) {
    throw new CheckoutError('invalid', `The order was not sent: ${sentences(problems)}`, { problems });
  }
  const format = config.format ?? 'xml';
  return send(config, buildCheckoutUrl(config.baseUrl, request, { format }), format, options.signal);
}

/**
 * Submits order `orderId`, created earlier without submitting, instead of sending its lines again (which would
 * make a second order). The answer must name the same order; a checkout that cannot submit an existing order
 * refuses the request (it carries no items), and then the error says to ask customer service.
 */
export async function submitCreatedOrder(
  config: CheckoutConfig,
  request: SubmitCreatedRequest,
  options: { signal?: AbortSignal } = {},
): Promise<OrderResult> {
  const format = config.format ?? 'xml';
  let result: OrderResult;
  try {
    result = await send(config, buildSubmitCreatedUrl(config.baseUrl, request, { format }), format, options.signal);
  } catch (e) {
    if (e instanceof CheckoutError && e.kind === 'refused' && e.problems.some((p) => NEW_ORDER_REFUSALS.has(p.code))) {
      throw new CheckoutError(
        'refused',
        `This checkout cannot submit an order created earlier; nothing was changed. Ask customer service to submit order ${request.orderId}, or send the order again as a new one and have order ${request.orderId} cancelled.`,
        { problems: e.problems, status: e.status },
      );
    }
    throw e;
  }
  if (result.orderId !== request.orderId.trim()) {
    throw new CheckoutError(
      'order-may-exist',
      `The parts service answered with order ${result.orderId} instead of submitting order ${request.orderId}; order ${request.orderId} may not be submitted: ${CHECK_FIRST}.`,
      { orderId: result.orderId },
    );
  }
  return result;
}

/** What a checkout without `orderId` answers a request that carries no order fields or items. */
const NEW_ORDER_REFUSALS: ReadonlySet<string> = new Set([
  'checkout.parameter.required',
  'checkout.item.id.invalid',
  'checkout.item.quantity.invalid',
  'checkout.length.not.equal',
]);

/** Sends one checkout GET and reads its answer; every failure is a CheckoutError. */
async function send(
  config: CheckoutConfig,
  url: string,
  format: CheckoutFormat,
  signal: AbortSignal | undefined,
): Promise<OrderResult> {
  const host = hostOf(config.baseUrl);
  const timeoutMs = config.timeoutMs ?? DEFAULT_CHECKOUT_TIMEOUT_MS;
  // Looked up at call time, and never called as a method of the config (browsers refuse that).
  const fetchImpl: typeof fetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
  if (signal?.aborted)
    throw new CheckoutError('cancelled', 'The order was cancelled; nothing was sent.', {
      cause: signal.reason,
      retrySafe: true,
    });
  let response: Response;
  let body: string;
  try {
    ({ response, body } = await fetchText(url, {
      fetch: fetchImpl,
      timeoutMs,
      signal,
      headers: { accept: ACCEPT[format], ...gatewayHeaders(config.gatewayToken) },
    }));
  } catch (e) {
    if (!(e instanceof TransportFailure)) throw e;
    if (e.kind === 'cancelled') {
      throw new CheckoutError(
        'cancelled',
        `The order was cancelled while waiting for the parts service; it may still have been placed: ${CHECK_FIRST}.`,
        {
          cause: e.cause,
          orderMayExist: true,
        },
      );
    }
    if (e.kind === 'timeout') {
      throw new CheckoutError(
        'order-may-exist',
        `The parts service at ${host} did not ${e.stage === 'read' ? 'finish its answer' : 'answer'} within ${formatDuration(timeoutMs)}. The order may have been placed: ${CHECK_FIRST}.`,
        { cause: e.cause },
      );
    }
    if (e.reason.notSent) {
      throw new CheckoutError(
        'unreachable',
        `Parts service unreachable at ${host}: ${e.reason.text}. Nothing was sent; try again when the service can be reached.`,
        {
          cause: e.cause,
        },
      );
    }
    if (e.stage === 'send' && config.corsProbe && (await config.corsProbe.diagnose(url)) === 'blocked') {
      // The browser sends a plain GET whatever the answer's headers, then hides the answer.
      throw new CheckoutError(
        'order-may-exist',
        `${blockedMessage('checkout', host)} The browser sent the order but hid the answer, so the order may have been placed: ${CHECK_FIRST}.`,
        {
          cause: e.cause,
        },
      );
    }
    throw new CheckoutError(
      'order-may-exist',
      `The connection to the parts service at ${host} broke before the order was confirmed (${e.reason.text}). The order may have been placed: ${CHECK_FIRST}.`,
      { cause: e.cause },
    );
  }

  const status = response.status;
  if ((status === 401 || status === 403) && gatewayTokenRejected(body)) {
    throw new CheckoutError(
      'auth',
      `The Partsheet gateway at ${host} refused the order: ${GATEWAY_TOKEN_MESSAGE}. Nothing was placed.`,
      { status, retrySafe: true },
    );
  }
  let result: OrderResult;
  try {
    result = parseOrderPlaced(body, response.headers.get('content-type') ?? undefined);
  } catch (e) {
    throw unreadable(e, status, host);
  }
  return judge(result, status);
}

/** An answer that is no OrderPlaced: what the status says about whether the order may exist. */
function unreadable(e: unknown, status: number, host: string): CheckoutError {
  const detail =
    e instanceof CheckoutError ? e.message : 'The parts service sent an order answer that could not be read.';
  const cause = e instanceof CheckoutError ? e.cause : e;
  if (status >= 200 && status <= 299) {
    return new CheckoutError('malformed', `${detail} The order may have been placed: ${CHECK_FIRST}.`, {
      status,
      cause,
      orderMayExist: true,
    });
  }
  if (status === 401 || status === 403) {
    return new CheckoutError(
      'auth',
      `The checkout at ${host} refused the request (HTTP ${status}): check the checkout username and password. Nothing was placed.`,
      {
        status,
        cause,
        retrySafe: true,
      },
    );
  }
  if (status === 503) {
    return new CheckoutError(
      'unreachable',
      `The parts service at ${host} is unavailable (HTTP 503); nothing was placed. Try again later.`,
      { status, cause },
    );
  }
  if (status >= 500) {
    return new CheckoutError(
      'order-may-exist',
      `The parts service at ${host} failed (HTTP ${status}) without confirming the order. The order may have been placed: ${CHECK_FIRST}.`,
      { status, cause },
    );
  }
  return new CheckoutError(
    'malformed',
    `The parts service at ${host} answered HTTP ${status} without an order answer — check the service address in settings.`,
    {
      status,
      cause,
    },
  );
}

/** The verdict on a readable answer: the order, or the CheckoutError its codes call for. */
function judge(result: OrderResult, status: number): OrderResult {
  if (result.ok) {
    if (result.orderId === null) {
      throw new CheckoutError(
        'malformed',
        `The parts service accepted the order but sent no order number. The order may have been placed: ${CHECK_FIRST}.`,
        {
          status,
          orderMayExist: true,
        },
      );
    }
    return result;
  }
  const problems = result.errors;
  const codes = problems.map((p) => p.code);
  const orderId = result.orderId;
  if (orderId !== null || codes.some((c) => ORDER_EXISTS_CODES.has(c))) {
    const what = plainWords(problems.find((p) => ORDER_EXISTS_CODES.has(p.code)) ?? problems[0]);
    const message =
      orderId !== null
        ? `Order ${orderId} was not confirmed. ${sentence(what)} Do not send the order again; check your orders, or give customer service order number ${orderId}.`
        : `The order was not confirmed. ${sentence(what)} The order may have been placed: ${CHECK_FIRST}.`;
    return raise(new CheckoutError('order-may-exist', message, { problems, status, orderId }));
  }
  if (codes.some((c) => AUTH_CODES.has(c))) {
    const first = problems.find((p) => AUTH_CODES.has(p.code))!;
    const { fix } = describeProblem(first);
    return raise(
      new CheckoutError(
        'auth',
        `The parts service did not accept the checkout login. ${sentence(plainWords(first))} ${fix}`,
        { problems, status },
      ),
    );
  }
  const retrySafe = codes.length > 0 && codes.every((c) => RETRY_SAFE_CODES.has(c));
  return raise(
    new CheckoutError('refused', `The order was refused: ${sentences(problems)}`, { problems, status, retrySafe }),
  );
}

/** The catalogue's words for a known code (no back-office jargon), else the service's own message. */
function plainWords(problem: CheckoutProblem): string {
  return isKnownCode(problem.code)
    ? fillTemplate(CHECKOUT_ERROR_MESSAGES[problem.code].message, problem)
    : describeProblem(problem).title;
}

function raise(error: CheckoutError): never {
  throw error;
}

function sentence(text: string): string {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

/** The problems as sentences: all of them when few, else the first few and how many more. */
function sentences(problems: CheckoutProblem[], shown = 3): string {
  return firstAndMore(problems, shown, (p) => sentence(describeProblem(p).title), { between: ' ', rest: 'problem' });
}

function hostOf(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    url = new URL('invalid:');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CheckoutError(
      'unreachable',
      `Parts service address "${baseUrl}" is not an http or https address — check the service address in settings. Nothing was sent.`,
    );
  }
  return url.host;
}
