/**
 * The entries of upstream list answers as the gateway keeps them: each entry's JSON text as sent, encoded once and
 * cut where its requestedPartNum goes, and the same entry as JSON carries it to Redis.
 */
import type { EntrySpan } from './entry-spans';

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** How an answer counted an entry without matches: not found, an error, or (when its batch mixed both) unknown. */
export type EntryClass = 'found' | 'notFound' | 'error';

/** What an upstream answer said around its entries, kept once for all of them to frame a client's answer. */
export interface Frame {
  serviceMetaData: unknown;
  area: Record<string, unknown>;
}

/**
 * One entry of an upstream answer, kept as the JSON text it was sent as, encoded once (however many clients it is
 * sent to, an answer copies its bytes and encodes nothing but each client's part numbers), cut where its
 * requestedPartNum goes, since each client gets its own spelling of the part number there.
 */
export interface CachedEntry {
  kind: EntryClass;
  numberFound: number;
  /**
   * The entry's text (UTF-8) with the requestedPartNum value the upstream sent (`spelled`, as JSON) at byte `cut`:
   * a client that spelt the part number the same way gets the text as it is, another gets its own spelling there.
   */
  text: Buffer;
  cut: number;
  /** The requestedPartNum value inside `text` as JSON text ('' when there is none), and its bytes. */
  spelled: string;
  spelledBytes: number;
  /** Bytes of `text` without `spelled`. */
  bytes: number;
  /** Bytes of its parts as the item service counts them against its cap: each part's text and one comma. */
  partBytes: number;
  /** Who its parts are (the item id as sent), so a part listed by several entries counts once against the cap. */
  partIds: (string | number)[];
  frame: Frame;
}

/**
 * Stand-ins for an entry's requestedPartNum value and its part list while the entry is written as JSON: the entry
 * is written once around them, and the part list (most of its text) once on its own, its length being needed too.
 */
const NUMBER_STANDIN = '\u0000partsheet:requestedPartNum\u0000';
const LIST_STANDIN = '\u0000partsheet:PartList\u0000';
const NUMBER_MARK = JSON.stringify(NUMBER_STANDIN);
const LIST_MARK = JSON.stringify(LIST_STANDIN);

/**
 * An entry of an upstream answer kept for the cache: its JSON text cut at its requestedPartNum value (placed last
 * when the upstream sent none), and its parts as the service counts them against its cap: each part's text and one
 * comma (`[a,b,c]` less one), and who they are (the item id as sent), so a part listed by several entries counts
 * once.
 */
export function cachedEntry(
  entry: Record<string, unknown>,
  kind: EntryClass,
  numberFound: number,
  frame: Frame,
  sent?: { body: Buffer; span: EntrySpan },
): CachedEntry {
  const list = Array.isArray(entry.PartList) ? (entry.PartList as unknown[]) : [];
  const partIds = partIdsOf(list);
  const asSent = sent && entryAsSent(entry, list, sent.body, sent.span);
  if (asSent) return { kind, numberFound, ...asSent, partIds, frame };
  const listText = list.length > 0 ? JSON.stringify(list) : undefined;
  // The same keys in the same order (an existing key keeps its place when assigned), written in one go.
  const shell: Record<string, unknown> = { ...entry, requestedPartNum: NUMBER_STANDIN };
  if (listText !== undefined) shell.PartList = LIST_STANDIN;
  const text = JSON.stringify(shell);
  const cut = text.indexOf(`"requestedPartNum":${NUMBER_MARK}`) + '"requestedPartNum":'.length;
  let before = text.slice(0, cut);
  let after = text.slice(cut + NUMBER_MARK.length);
  let partBytes = 0;
  if (listText !== undefined) {
    const mark = `"PartList":${LIST_MARK}`;
    const at = before.indexOf(mark);
    if (at !== -1) before = `${before.slice(0, at)}"PartList":${listText}${before.slice(at + mark.length)}`;
    else {
      const later = after.indexOf(mark);
      after = `${after.slice(0, later)}"PartList":${listText}${after.slice(later + mark.length)}`;
    }
    partBytes = Buffer.byteLength(listText) - 1;
  }
  const requested = entry.requestedPartNum;
  const spelled = typeof requested === 'string' ? JSON.stringify(requested) : '';
  return entryOfText(kind, numberFound, { before, spelled, after }, partBytes, partIds, frame);
}

/** Who an entry's parts are: the item id as sent, else the part number and place (so each counts once). */
function partIdsOf(list: unknown[]): (string | number)[] {
  return list.map((part, i) => {
    const id = isObject(part) ? part.itemId : undefined;
    return typeof id === 'number' || typeof id === 'string'
      ? id
      : `${JSON.stringify(isObject(part) ? part.partNum : i)}|${i}`;
  });
}

/**
 * The entry's text as the upstream sent it (entry-spans.ts), copied out of the answer: when it has a requestedPartNum
 * string and, if it lists parts, a part list written without spaces (whose bytes are then the parts' bytes as the
 * service counts them). Undefined otherwise: the entry is written out from its parsed form.
 */
function entryAsSent(
  entry: Record<string, unknown>,
  list: unknown[],
  body: Buffer,
  span: EntrySpan,
): Pick<CachedEntry, 'text' | 'cut' | 'spelled' | 'spelledBytes' | 'bytes' | 'partBytes'> | undefined {
  if (!span.numberAt || typeof entry.requestedPartNum !== 'string') return undefined;
  if (list.length > 0 && !span.partList) return undefined;
  const [numberAt, numberEnd] = span.numberAt;
  const text = Buffer.allocUnsafe(span.end - span.start);
  body.copy(text, 0, span.start, span.end);
  const spelledBytes = numberEnd - numberAt;
  return {
    text,
    cut: numberAt - span.start,
    spelled: body.toString('utf8', numberAt, numberEnd),
    spelledBytes,
    bytes: text.length - spelledBytes,
    partBytes: list.length > 0 ? span.partList![1] - span.partList![0] - 1 : 0,
  };
}

function entryOfText(
  kind: EntryClass,
  numberFound: number,
  parts: { before: string; spelled: string; after: string },
  partBytes: number,
  partIds: (string | number)[],
  frame: Frame,
): CachedEntry {
  const { before, spelled, after } = parts;
  const cut = Buffer.byteLength(before);
  const spelledBytes = Buffer.byteLength(spelled);
  const text = Buffer.allocUnsafe(cut + spelledBytes + Buffer.byteLength(after));
  text.write(before, 0);
  text.write(spelled, cut);
  text.write(after, cut + spelledBytes);
  return {
    kind,
    numberFound,
    text,
    cut,
    spelled,
    spelledBytes,
    bytes: text.length - spelledBytes,
    partBytes,
    partIds,
    frame,
  };
}

/**
 * A cached entry as JSON can carry it (to Redis): its text as two strings either side of the part number, and the
 * upstream's spelling of the number when it sent one.
 */
export interface WireEntry extends Omit<CachedEntry, 'text' | 'cut' | 'bytes' | 'spelled' | 'spelledBytes'> {
  before: string;
  after: string;
  spelled?: string;
}

export function entryToWire(entry: CachedEntry): WireEntry {
  const { kind, numberFound, partBytes, partIds, frame, spelled } = entry;
  return {
    kind,
    numberFound,
    before: entry.text.toString('utf8', 0, entry.cut),
    after: entry.text.toString('utf8', entry.cut + entry.spelledBytes),
    ...(spelled ? { spelled } : {}),
    partBytes,
    partIds,
    frame,
  };
}

/** The cached entry `wire` carries; undefined when it is not one (not written by a gateway). */
export function entryFromWire(wire: WireEntry | undefined): CachedEntry | undefined {
  if (
    !isObject(wire) ||
    typeof wire.before !== 'string' ||
    typeof wire.after !== 'string' ||
    !Array.isArray(wire.partIds) ||
    !isObject(wire.frame)
  )
    return undefined;
  const kind: EntryClass = wire.kind === 'found' || wire.kind === 'error' ? wire.kind : 'notFound';
  return entryOfText(
    kind,
    Number(wire.numberFound) || 0,
    { before: wire.before, spelled: spelledOf(wire.spelled), after: wire.after },
    Number(wire.partBytes) || 0,
    wire.partIds,
    wire.frame,
  );
}

/** A spelling carried from Redis, kept only when it is one JSON string (it goes into answers as it is). */
function spelledOf(spelled: unknown): string {
  if (typeof spelled !== 'string' || spelled === '') return '';
  try {
    return typeof JSON.parse(spelled) === 'string' ? spelled : '';
  } catch {
    return '';
  }
}
