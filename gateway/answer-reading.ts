/**
 * Reading an upstream list answer for the cache: the envelope as every client reads it (src/catalog/parse.ts, so a
 * refusal is told apart the same way: login or key, throttling, anything else), the counts, the frame the entries
 * are sent in again, and each entry as the cache keeps it (list-entries.ts). Plain data in and out: it runs in the
 * answer-reading thread (answer-reader.ts), and here when that thread is not there.
 */
import type { CatalogErrorKind } from '../src/catalog/errors';
import { decodeJson, envelopeFailure, readEnvelope, type Envelope } from '../src/catalog/parse';
import { entrySpans } from './entry-spans';
import { entryText, isObject, type EntryClass, type EntryText, type Frame } from './list-entries';

/** The counts of a list answer's data. */
export interface ListCounts {
  partsRequested: number;
  partsFound: number;
  partsNotFound: number;
  partsError: number;
}

/** One entry of the answer: its requestedPartNum as text (for the scheduler's matching) and what the cache keeps. */
export interface EntryReading extends EntryText {
  requestedPartNum: string;
}

export type AnswerReading =
  | { ok: true; frame: Frame; counts: ListCounts; entries: EntryReading[] }
  /** The body is not a readable answer: what was wrong. */
  | { ok: false; unreadable: string }
  /** The envelope says the search was refused: as a client would take it, and the service's return code. */
  | { ok: false; refused: { kind: CatalogErrorKind; message: string; returnCode: string } }
  /** A successful envelope without a resultList. */
  | { ok: false; noResultList: true };

/** Reads `body`, an upstream list answer with HTTP status `status` (2xx). */
export function readListAnswer(body: Buffer, status: number): AnswerReading {
  let doc: unknown;
  let envelope: Envelope;
  try {
    doc = decodeJson(body.toString('utf8'));
    envelope = readEnvelope(doc);
  } catch (e) {
    return { ok: false, unreadable: (e as Error).message };
  }
  if (!envelope.success) {
    const refusal = envelopeFailure(envelope, status);
    return { ok: false, refused: { kind: refusal.kind, message: refusal.message, returnCode: envelope.returnCode } };
  }
  const data = envelope.data[0];
  const list = Array.isArray(data?.resultList) ? (data.resultList as unknown[]) : undefined;
  if (!data || !list) return { ok: false, noResultList: true };
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
  const spans = entrySpans(body);
  const entries: EntryReading[] = [];
  for (let index = 0; index < list.length; index++) {
    const item = list[index];
    if (!isObject(item)) continue;
    const numberFound = Number(item.numberFound ?? 0) || 0;
    // Counts say which class an empty entry is only when the batch had one class of them; else "not found".
    const kind: EntryClass = numberFound > 0 ? 'found' : errors > 0 && notFound === 0 ? 'error' : 'notFound';
    const span = spans?.length === list.length ? spans[index] : undefined;
    const text = entryText(item, kind, numberFound, span && { body, span });
    entries.push({ ...text, requestedPartNum: String(item.requestedPartNum ?? '') });
  }
  return {
    ok: true,
    frame,
    counts: {
      partsRequested: count('partsRequested'),
      partsFound: count('partsFound'),
      partsNotFound: notFound,
      partsError: errors,
    },
    entries,
  };
}
