/**
 * An item-service answer's body and envelope: JSON or XML text decoded (anything unreadable is `malformed`), the
 * `itemserviceresult` envelope every answer shares, and the catalog error a refusal stands for (a wrong login or
 * key, throttling, or any other refusal in the service's own words).
 */
import { type Decoded, type Raw, fieldText as text, answerXmlParser, decodeBody, isRecord } from '../http/wire-values';
import { formatDuration } from '../http/transport';
import { booleanOf, malformed, numberOf, record, records, strict } from './answer-values';
import { CatalogError } from './errors';

/** Return codes of the item service that mean the login or API key is missing or wrong. */
const AUTH_RETURN_CODES = new Set(['10', '11']);
/** Return code of the item service for throttling. */
export const RATE_LIMIT_RETURN_CODE = '53';

/**
 * Refusals whose words say the login or key is wrong, whatever their (undocumented) return code: `-1` "Invalid login
 * or apikey", "The login or apikey is not valid.", "Unauthorized". A key that is fine but may not do something is
 * not one of them.
 */
const BAD_BEFORE = '(?:invalid|incorrect|wrong|unknown|bad|expired|revoked|missing)';
const BAD_AFTER = '(?:invalid|not valid|incorrect|wrong|unknown|expired|revoked|missing|not recogni[sz]ed|not found)';
const WHO = '(?:log ?in|api ?key|credentials?|user ?name|password)';
const AUTH_WORDS = new RegExp(
  `\\b${BAD_BEFORE}\\b[^.;:]{0,30}\\b${WHO}\\b|\\b${WHO}\\b[^.;:]{0,30}\\b${BAD_AFTER}\\b|\\bunauthori[sz]ed\\b|\\bnot authenticated\\b|\\bauthentication failed\\b`,
  'i',
);

export const AUTH_MESSAGE = 'API key rejected — check the login and API key in settings';

// ---------------------------------------------------------------------------------------------------------------
// Bodies

/** The decoded body, or the catalog's error for an answer that cannot be read. */
function decoded(result: Decoded): unknown {
  if (!result.ok) throw malformed(result.problem, result.cause);
  return result.value;
}

const xmlParser = answerXmlParser();

/** JSON text -> decoded answer; anything unreadable (truncated, HTML error page) is `malformed`. */
export function decodeJson(body: string): unknown {
  return decoded(decodeBody(body, 'json', xmlParser));
}

/** XML text -> decoded answer (validated first: the parser alone accepts a truncated document). */
export function decodeXml(body: string): unknown {
  return decoded(decodeBody(body, 'xml', xmlParser));
}

// ---------------------------------------------------------------------------------------------------------------
// Envelope

export interface Envelope {
  /** `serviceMetaData[0].version`, e.g. `4.0.0`; '' when absent. */
  version: string;
  success: boolean;
  returnCode: string;
  returnMsg: string;
  /** `responseSequence.totalItems`, when present. */
  totalItems: number | null;
  data: Raw[];
}

/** Reads the `itemserviceresult` envelope common to every item-service answer. */
export function readEnvelope(body: unknown): Envelope {
  return strict(() => envelopeOf(body));
}

function envelopeOf(body: unknown): Envelope {
  if (!isRecord(body) || !isRecord(body.itemserviceresult)) throw malformed('there is no itemserviceresult');
  const root = body.itemserviceresult;
  const meta = records(root.serviceMetaData, 'serviceMetaData')[0] ?? {};
  const area = records(root.transactionArea, 'transactionArea')[0];
  if (!area || !isRecord(area.response)) throw malformed('there is no transactionArea response');
  const response = area.response;
  const sequence = record(area.responseSequence, 'responseSequence');
  const returnCode = text(response.returnCode);
  // The reference table spells the flag `sucess`.
  const flag = booleanOf(response.success) ?? booleanOf(response.sucess);
  return {
    version: text(meta.version),
    success: flag ?? returnCode === '0',
    returnCode,
    returnMsg: text(response.returnMsg),
    totalItems: numberOf(sequence.totalItems) ?? null,
    data: records(root.data, 'data'),
  };
}

/**
 * The error an envelope with `success: false` stands for; a throttling refusal keeps the wait its answer's headers
 * named (`retryAfterMs`, from `Retry-After` or `X-RateLimit-Reset`).
 */
export function envelopeFailure(envelope: Envelope, status?: number, retryAfterMs?: number): CatalogError {
  const details = { returnCode: envelope.returnCode, ...(status === undefined ? {} : { status }) };
  if (
    AUTH_RETURN_CODES.has(envelope.returnCode) ||
    (envelope.returnCode !== RATE_LIMIT_RETURN_CODE && AUTH_WORDS.test(envelope.returnMsg))
  ) {
    return new CatalogError('auth', AUTH_MESSAGE, details);
  }
  if (envelope.returnCode === RATE_LIMIT_RETURN_CODE) {
    const wait = retryAfterMs === undefined ? 'shortly' : `in ${formatDuration(retryAfterMs)}`;
    return new CatalogError('rate-limited', `The parts service is busy (too many requests) — try again ${wait}`, {
      ...details,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });
  }
  const reason = envelope.returnMsg || 'no reason given';
  const code = envelope.returnCode ? ` (code ${envelope.returnCode})` : '';
  return new CatalogError('rejected', `The parts service refused the request: ${reason}${code}`, details);
}

/**
 * Whether a JSON answer's envelope refuses for throttling (return code 53), read only from a short body (an error
 * answer is a few hundred bytes): how a 503 whose rate-limit headers a proxy dropped is still known as busy.
 */
export function throttlingBody(text: string): boolean {
  if (text.length > 16_384 || !text.includes(RATE_LIMIT_RETURN_CODE)) return false;
  try {
    const envelope = readEnvelope(decodeJson(text));
    return !envelope.success && envelope.returnCode === RATE_LIMIT_RETURN_CODE;
  } catch {
    return false;
  }
}

export function successful(body: unknown): Envelope {
  const envelope = readEnvelope(body);
  if (!envelope.success) throw envelopeFailure(envelope);
  return envelope;
}
