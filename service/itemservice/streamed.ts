import { Readable } from 'node:stream';
import { envelope, type Timings } from './envelope';
import { xmlDocument } from '../xml';
import { jsonText } from '../json';

/** A list-search answer whose entries are rendered only when they are written. */
export interface ListedAnswer {
  totalItems: number;
  summary: Record<string, number>;
  count: number;
  /** Entry `i` of resultList as JSON text. */
  entryJson(i: number): string;
  /** Bytes of entry `i` as JSON text (known without rendering it). */
  entryJsonBytes(i: number): number;
  /** Entry `i` as its `<resultList>` element. */
  entryXml(i: number): string;
}

/** Where resultList's entries go in the rendered envelope (which holds only numbers besides it). */
const MARK = 'resultList-entries-go-here';
/** Entries are gathered into pieces of about this size before they are handed to the socket. */
const PIECE = 64 * 1024;

/** The answer's text in pieces of about PIECE characters: the head, the entries joined by `separator`, the tail. */
function* pieces(
  head: string,
  count: number,
  entry: (i: number) => string,
  separator: string,
  tail: string,
): Generator<string> {
  let piece = head;
  for (let i = 0; i < count; i++) {
    piece += (i === 0 ? '' : separator) + entry(i);
    if (piece.length >= PIECE) {
      yield piece;
      piece = '';
    }
  }
  yield piece + tail;
}

/**
 * The JSON answer as a stream of known length: the envelope is rendered once around a mark, then the entries are
 * produced only as fast as the client reads them. A client that does not read holds a few pieces, not the answer,
 * and a large answer never becomes one string.
 */
export function listedJson(
  answer: ListedAnswer,
  version: string,
  timings: Timings,
  callback?: string,
): { stream: Readable; bytes: number } {
  const summaryText = jsonText(answer.summary);
  const whole = jsonText(envelope(version, timings, answer.totalItems, [MARK]));
  const [before, after] = whole.split(JSON.stringify(MARK));
  const head = `${callback ? `/**/${callback}(` : ''}${before}${summaryText.slice(0, -1)},"resultList":[`;
  const tail = `]}${after}${callback ? ');' : ''}`;
  let bytes = Buffer.byteLength(head) + Buffer.byteLength(tail) + Math.max(0, answer.count - 1);
  for (let i = 0; i < answer.count; i++) bytes += answer.entryJsonBytes(i);
  return {
    stream: Readable.from(
      pieces(head, answer.count, (i) => answer.entryJson(i), ',', tail),
      { objectMode: false },
    ),
    bytes,
  };
}

/**
 * The XML answer as a stream, written as the client reads like the JSON one: the envelope is rendered once around a
 * mark and each entry is converted to XML only when its piece is due, so a client that does not read holds a few
 * pieces, not the answer. Its length is not known before the entries are converted (converting them all first would
 * cost the time and memory this avoids), so it goes out in chunks.
 */
export function listedXml(answer: ListedAnswer, version: string, timings: Timings): Readable {
  const whole = xmlDocument(envelope(version, timings, answer.totalItems, [{ ...answer.summary, resultList: MARK }]));
  const [head, tail] = whole.split(`<resultList>${MARK}</resultList>`);
  return Readable.from(
    pieces(head, answer.count, (i) => answer.entryXml(i), '', tail),
    { objectMode: false },
  );
}
