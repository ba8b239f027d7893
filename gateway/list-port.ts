/**
 * The list searches a credential group's scheduler sends upstream: through the upstream's gate, their answers read
 * as every client reads them, each entry kept as sent (list-entries.ts) behind the few fields the scheduler matches
 * on; a failure carries the upstream's answer, or the gate's refusal, to pass on to the client.
 */
import { ANSWER_TOO_LARGE_CODE } from '../protocol/list-answer';
import { CatalogClient } from '../src/catalog/client';
import { CatalogError, type CatalogErrorKind } from '../src/catalog/errors';
import type { ApiVersion, ListAnswer, ListResult } from '../src/catalog/model';
import { splitRequestedPartNum } from '../src/catalog/parse';
import type { ListPart, ListSearchPort } from '../src/lookup';
import type { Credentials } from './client-list';
import type { AnswerReader } from './answer-reader';
import { keptEntry, type CachedEntry } from './list-entries';
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

  constructor(
    private readonly upstream: Upstream,
    credentials: Credentials,
    private readonly shape: { useExact: boolean; rows?: string },
    private readonly raw: WeakMap<ListResult, CachedEntry>,
    private readonly baseUrl: string,
    /**
     * Whose lane at the gate the group's next request waits in, and whether more than one client has lookups under
     * way in the group (a request then serves several, and need not wait to see whether one of them left).
     */
    private readonly clientOf: () => { lane: string; several: boolean },
    /** Reads the upstream's answers (off this thread when it can). */
    private readonly reader: AnswerReader,
    /** Told of each request sent for a piece of a search refused for size. */
    private readonly onPiece: (parts: number) => void = () => undefined,
  ) {
    this.urls = new CatalogClient({ itemBaseUrl: baseUrl, login: credentials.login, apikey: credentials.apikey });
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
      const { lane, several } = this.clientOf();
      answer = await this.upstream.send(url.slice(this.baseUrl.replace(/\/+$/, '').length), {
        headers: { accept: 'application/json' },
        client: lane,
        signal: opts.signal,
        seeClose: !several,
        whilePaused: 'wait',
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
    // Read off this thread when it can be (answer-reader.ts): the gate and the clients are not held up meanwhile.
    const reading = await this.reader.read(answer.body, answer.status);
    const name = this.upstream.name;
    if (!reading.ok) {
      if ('unreadable' in reading)
        throw new UpstreamLookupFailure(
          'malformed',
          `the ${name} answered with something it could not read: ${reading.unreadable}`,
          answer,
        );
      if ('refused' in reading) {
        const { kind, message, returnCode } = reading.refused;
        const words = `the ${name} refused the search: ${message}`;
        if (returnCode === ANSWER_TOO_LARGE_CODE) throw new AnswerTooLargeFailure(kind, words, answer);
        throw new UpstreamLookupFailure(kind, words, answer);
      }
      throw new UpstreamLookupFailure('malformed', `the ${name} answered without a resultList`, answer);
    }
    const results: ListResult[] = [];
    for (const entry of reading.entries) {
      const res: ListResult = {
        ...splitRequestedPartNum(entry.requestedPartNum),
        numberFound: entry.numberFound,
        parts: [],
      };
      this.raw.set(res, keptEntry(entry, reading.frame, answer.body));
      results.push(res);
    }
    return { results, ...reading.counts };
  }
}
