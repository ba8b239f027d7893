/**
 * A client's list answer put together from cached entries (list-entries.ts): the upstream's envelope, the counts,
 * and each entry's text as sent with the client's own spelling of its part number; or the item service's refusal of
 * an answer over its caps.
 */
import { AnswerTally, ANSWER_TOO_LARGE_CODE } from '../protocol/list-answer';
import type { ClientList } from './client-list';
import { isObject, type CachedEntry, type Frame } from './list-entries';

/** A list answer ready to send: its length, known before it is written, and its text piece by piece. */
export interface ListBody {
  bytes: number;
  /** The words of its refusal when it is the refusal of an answer over the caps (code 54). */
  refusal?: string;
  /** The text in pieces of about 64 KB, produced only as the client reads them. */
  pieces(): Iterable<Buffer>;
}

/** Entries' text is gathered into pieces of about this size before it is handed to the socket. */
const PIECE = 64 * 1024;

/**
 * The list-search answer of `list` from its cached entries: the upstream's envelope, the counts, and each entry's
 * text as sent with the client's own spelling of its part number. Nothing is parsed or serialised again: the answer
 * is the entries' kept text, produced piece by piece as the client reads. An answer over the item service's caps
 * (protocol/list-answer.ts) is refused as the service refuses it: code 54, the same words.
 */
export function assembleListAnswer(list: ClientList, entries: CachedEntry[], elapsedMs: number): ListBody {
  const frame = entries[0]?.frame ?? {
    serviceMetaData: [{ version: list.version === 'v4' ? '4.0.0' : '3.0.2' }],
    area: {},
  };
  const refusal = overCaps(entries);
  if (refusal) return refusalBody(list, frame, refusal, elapsedMs);
  const counts = { found: 0, notFound: 0, error: 0 };
  let totalItems = 0;
  for (const entry of entries) {
    counts[entry.kind]++;
    if (entry.kind === 'found') totalItems += entry.numberFound;
  }
  // The part number as this client wrote it (the cache matches spellings the service treats as one).
  const asked = list.parts.map((p) => JSON.stringify(p.mfr === undefined ? p.partNum : `${p.partNum}|${p.mfr}`));
  const summary = {
    partsRequested: list.parts.length,
    partsFound: counts.found,
    partsNotFound: counts.notFound,
    partsError: counts.error,
  };
  // `data` is the envelope's last member, so its text ends with `"data":[]}}`: the entries go inside that list.
  const whole = JSON.stringify(
    envelopeOf(frame, elapsedMs, totalItems, { returnCode: '0', returnMsg: '', success: true }, []),
  );
  const head = Buffer.from(`${whole.slice(0, -'[]}}'.length)}[${JSON.stringify(summary).slice(0, -1)},"resultList":[`);
  const tail = Buffer.from(']}]}}');
  // A line spelt as the upstream's echo gets the entry's text as it is (one copy); another gets its spelling put in.
  const askedBytes = asked.map((text, i) =>
    text === entries[i].spelled ? entries[i].spelledBytes : Buffer.byteLength(text),
  );
  let bytes = head.length + tail.length + Math.max(0, entries.length - 1);
  entries.forEach((entry, i) => (bytes += entry.bytes + askedBytes[i]));
  return {
    bytes,
    *pieces() {
      // Each piece is filled with the entries' bytes (a comma between them, each client's part number at its cut).
      let from = 0;
      let first = true;
      while (from < entries.length || first) {
        let size = first ? head.length : 0;
        let to = from;
        while (to < entries.length && size < PIECE) size += (to === 0 ? 0 : 1) + entries[to].bytes + askedBytes[to++];
        const last = to === entries.length;
        if (last) size += tail.length;
        const piece = Buffer.allocUnsafe(size);
        let at = first ? head.copy(piece, 0) : 0;
        for (let i = from; i < to; i++) {
          const { text, cut, spelled, spelledBytes } = entries[i];
          if (i > 0) piece[at++] = 0x2c;
          if (asked[i] === spelled) at += text.copy(piece, at);
          else {
            at += text.copy(piece, at, 0, cut);
            at += piece.write(asked[i], at);
            at += text.copy(piece, at, cut + spelledBytes);
          }
        }
        if (last) tail.copy(piece, at);
        yield piece;
        first = false;
        from = to;
        if (last) return;
      }
    },
  };
}

/** The refusal's words when the entries together pass a cap of the item service's answers. */
function overCaps(entries: CachedEntry[]): string | undefined {
  const tally = new AnswerTally();
  // Each distinct entry's parts once (they are the same parts however often it is repeated), as the service counts.
  for (const entry of new Set(entries)) {
    const refusal = tally.addParts(entry.partIds);
    if (refusal) return refusal;
  }
  for (const entry of entries) {
    const refusal = tally.addBytes(entry.partBytes);
    if (refusal) return refusal;
  }
  return undefined;
}

function envelopeOf(
  frame: Frame,
  elapsedMs: number,
  totalItems: number,
  response: Record<string, unknown>,
  data: unknown[],
) {
  const sequence = isObject(frame.area.responseSequence) ? frame.area.responseSequence : {};
  return {
    itemserviceresult: {
      serviceMetaData: frame.serviceMetaData,
      transactionArea: [
        { ...frame.area, response, responseSequence: { ...sequence, transactionTime: `${elapsedMs}ms`, totalItems } },
      ],
      data,
    },
  };
}

/** The refusal of an answer over the caps, as the item service sends it: HTTP 200, code 54, the cap's words. */
export function refusalBody(
  list: Pick<ClientList, 'version'>,
  frame: Frame | undefined,
  words: string,
  elapsedMs: number,
): ListBody {
  const framing = frame ?? { serviceMetaData: [{ version: list.version === 'v4' ? '4.0.0' : '3.0.2' }], area: {} };
  const text = JSON.stringify(
    envelopeOf(framing, elapsedMs, 0, { returnCode: ANSWER_TOO_LARGE_CODE, returnMsg: words, success: false }, []),
  );
  const bytes = Buffer.from(text);
  return { bytes: bytes.length, refusal: words, pieces: () => [bytes] };
}
