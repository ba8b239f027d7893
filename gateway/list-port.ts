/**
 * The list searches a credential group's scheduler sends upstream: through the upstream's gate, their answers read
 * as every client reads them, each entry kept as sent (list-entries.ts) behind the few fields the scheduler matches
 * on; a failure carries the upstream's answer, or the gate's refusal, to pass on to the client.
 */
import { ANSWER_TOO_LARGE_CODE } from '../protocol/list-answer';
import { CatalogClient } from '../src/catalog/client';
import { CatalogError, type CatalogErrorKind } from '../src/catalog/errors';
import type { ApiVersion, ListAnswer, ListResult } from '../src/catalog/model';
import { decodeJson, envelopeFailure, readEnvelope, splitRequestedPartNum, type Envelope } from '../src/catalog/parse';
import type { ListPart, ListSearchPort } from '../src/lookup';
import type { Credentials } from './client-list';
import { entrySpans } from './entry-spans';
import { credentialsKey } from './credentials-key';
import { cachedEntry, isObject, type CachedEntry, type EntryClass, type Frame } from './list-entries';
import { searchInPieces, type SizeRefusal } from './refused-pieces';
import {
  isBusy,
  busyForMs,
  GateRefused,
  UpstreamAnswerTooLarge,
  UpstreamUnreachable,
  type Upstream,
  type UpstreamAnswer,
} from './upstream';

/** How long an upstream answer may wait to be read so that a request due at the gate goes first. */
const READ_HOLDS_MS = 50;

/**
 * A lookup that failed upstream; carries the upstream's answer, when there was one, to pass to the client, or the
 * gate's refusal when the request was never sent.
 */
export class UpstreamLookupFailure extends CatalogError {
  /** Not worth retrying whatever its kind: the gate refused it, or the upstream asked for a capped pause. */
  private readonly final: boolean;

  constructor(
    kind: CatalogErrorKind,
    message: string,
    readonly answer?: UpstreamAnswer,
    readonly refusal?: GateRefused,
  ) {
    super(kind, message, {
      ...(answer ? { status: answer.status } : {}),
      ...(answer && isBusy(answer) ? { retryAfterMs: busyForMs(answer) } : {}),
      ...(refusal ? { retryAfterMs: refusal.retryAfterMs } : {}),
    });
    this.final = refusal !== undefined || answer?.pauseCapped === true;
  }

  override get retryable(): boolean {
    return !this.final && super.retryable;
  }
}

/** The upstream refused a list search because its answer would pass a cap (code 54): its parts are asked in pieces. */
class AnswerTooLargeFailure extends UpstreamLookupFailure implements SizeRefusal {
  readonly answerTooLarge = true as const;
}

function failureOf(answer: UpstreamAnswer, upstream: Upstream): UpstreamLookupFailure {
  const where = `the ${upstream.name} at ${upstream.host}`;
  if (isBusy(answer))
    return new UpstreamLookupFailure('rate-limited', `${where} is busy (HTTP ${answer.status})`, answer);
  if (answer.status >= 500)
    return new UpstreamLookupFailure('unavailable', `${where} answered HTTP ${answer.status}`, answer);
  if (answer.status === 401 || answer.status === 403)
    return new UpstreamLookupFailure('auth', `${where} refused the credentials`, answer);
  return new UpstreamLookupFailure('rejected', `${where} refused the search (HTTP ${answer.status})`, answer);
}

/**
 * The scheduler's port: a list search sent through the upstream's gate, its entries kept as sent (in `raw`) behind
 * the few fields the scheduler matches on.
 */
export class UpstreamListPort implements ListSearchPort {
  private readonly urls: CatalogClient;
  /** A pause the upstream names in answer to these credentials holds their searches only (pauses.ts). */
  private readonly pauseKey: string;

  constructor(
    private readonly upstream: Upstream,
    credentials: Credentials,
    private readonly shape: { useExact: boolean; rows?: string },
    private readonly raw: WeakMap<ListResult, CachedEntry>,
    private readonly baseUrl: string,
    /** Whose lane at the gate the group's next request waits in. */
    private readonly clientOf: () => string,
    /** Told of each request sent for a piece of a search refused for size. */
    private readonly onPiece: (parts: number) => void = () => undefined,
  ) {
    this.urls = new CatalogClient({ itemBaseUrl: baseUrl, login: credentials.login, apikey: credentials.apikey });
    this.pauseKey = credentialsKey(credentials.login, credentials.apikey);
  }

  /** The upstream gate's next turn for a search handed over now, claimed for the search kept until then. */
  turnIn(): number {
    return this.upstream.claimTurn(this, this.pauseKey);
  }

  listUrl(parts: ListPart[], opts: { currency?: string; version?: ApiVersion }): string {
    const url = this.urls.listUrl(parts, { ...opts, exact: this.shape.useExact });
    // `rows` as the client wrote it (the client library takes a number): the upstream judges it.
    return this.shape.rows === undefined ? url : `${url}&rows=${encodeURIComponent(this.shape.rows)}`;
  }

  /** The search, and when the upstream refuses it for size, its parts in pieces (refused-pieces.ts). */
  searchList(
    parts: ListPart[],
    opts: { currency?: string; version?: ApiVersion; signal?: AbortSignal },
  ): Promise<ListAnswer> {
    return searchInPieces(parts, (piece) => this.searchOnce(piece, opts), {
      rows: this.shape.rows,
      onPiece: this.onPiece,
    });
  }

  private async searchOnce(
    parts: ListPart[],
    opts: { currency?: string; version?: ApiVersion; signal?: AbortSignal },
  ): Promise<ListAnswer> {
    const url = this.listUrl(parts, opts);
    let answer: UpstreamAnswer;
    try {
      // The scheduler aborts `signal` when every client waiting on these parts has gone: the request then leaves
      // the gate unsent. ListCache.answer refuses new searches while the gate is closed, so this one, and every
      // retry, waits for the gate (within the gate's maximum wait).
      answer = await this.upstream.send(url.slice(this.baseUrl.replace(/\/+$/, '').length), {
        headers: { accept: 'application/json' },
        client: this.clientOf(),
        credentials: this.pauseKey,
        signal: opts.signal,
        whilePaused: 'wait',
        claimant: this,
      });
    } catch (e) {
      // An answer over the read cap would be as large again: not asked for twice.
      if (e instanceof UpstreamAnswerTooLarge) throw new UpstreamLookupFailure('malformed', e.message);
      if (e instanceof UpstreamUnreachable)
        throw new UpstreamLookupFailure(e.timedOut ? 'timeout' : 'unreachable', e.message);
      if (e instanceof GateRefused) throw new UpstreamLookupFailure('rate-limited', e.message, undefined, e);
      throw e;
    }
    if (answer.status < 200 || answer.status > 299) throw failureOf(answer, this.upstream);
    // Reading the answer holds the event loop (70–170 ms for a thousand parts): a request whose turn at the gate is
    // that close goes first, instead of leaving late by as much.
    await this.upstream.afterNextTurn(READ_HOLDS_MS);
    // The envelope as every client reads it (src/catalog/parse.ts): a refusal is told apart the same way
    // (login or key, throttling, anything else), so a throttled search is waited out here too.
    let doc: unknown;
    let envelope: Envelope;
    try {
      doc = decodeJson(answer.body.toString('utf8'));
      envelope = readEnvelope(doc);
    } catch (e) {
      throw new UpstreamLookupFailure(
        'malformed',
        `the ${this.upstream.name} answered with something it could not read: ${(e as Error).message}`,
        answer,
      );
    }
    if (!envelope.success) {
      const refusal = envelopeFailure(envelope, answer.status);
      const message = `the ${this.upstream.name} refused the search: ${refusal.message}`;
      if (envelope.returnCode === ANSWER_TOO_LARGE_CODE) throw new AnswerTooLargeFailure(refusal.kind, message, answer);
      throw new UpstreamLookupFailure(refusal.kind, message, answer);
    }
    const data = envelope.data[0];
    const list = Array.isArray(data?.resultList) ? (data.resultList as unknown[]) : undefined;
    if (!data || !list)
      throw new UpstreamLookupFailure('malformed', `the ${this.upstream.name} answered without a resultList`, answer);
    const count = (name: string) =>
      typeof data[name] === 'number' ? (data[name] as number) : Number(data[name] ?? 0) || 0;
    const notFound = count('partsNotFound');
    const errors = count('partsError');
    const envelopeDoc = (doc as Record<string, unknown>).itemserviceresult as Record<string, unknown>;
    const areas = envelopeDoc.transactionArea;
    const frame: Frame = {
      serviceMetaData: envelopeDoc.serviceMetaData,
      area: Array.isArray(areas) && isObject(areas[0]) ? areas[0] : {},
    };
    // Where each entry lies in the answer's bytes, so it is kept as sent rather than written out again.
    const spans = entrySpans(answer.body);
    const results: ListResult[] = [];
    for (const [index, item] of list.entries()) {
      if (!isObject(item)) continue;
      const numberFound = Number(item.numberFound ?? 0) || 0;
      // Counts say which class an empty entry is only when the batch had one class of them; else "not found".
      const kind: EntryClass = numberFound > 0 ? 'found' : errors > 0 && notFound === 0 ? 'error' : 'notFound';
      const res: ListResult = { ...splitRequestedPartNum(String(item.requestedPartNum ?? '')), numberFound, parts: [] };
      const span = spans?.length === list.length ? spans[index] : undefined;
      this.raw.set(res, cachedEntry(item, kind, numberFound, frame, span && { body: answer.body, span }));
      results.push(res);
    }
    return {
      results,
      partsRequested: count('partsRequested'),
      partsFound: count('partsFound'),
      partsNotFound: notFound,
      partsError: errors,
    };
  }
}
