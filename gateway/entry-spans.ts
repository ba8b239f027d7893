/**
 * Where each entry of an upstream list answer lies in the answer's bytes, found by reading the JSON's structure
 * (strings, nesting) without building anything: the entry's own bytes can then be kept as the upstream sent them,
 * instead of writing each entry out again from the parsed answer (which cost the gateway as much as parsing it).
 * Used only beside a full parse of the same bytes, which says what the entries hold; anything this reading does not
 * expect (an entry that is not an object, no requestedPartNum string, a part list with spaces between its tokens)
 * leaves that entry to be written out as before.
 */

/** One entry's bytes [start, end), its requestedPartNum value's bytes, and its part list's (when compact). */
export interface EntrySpan {
  start: number;
  end: number;
  numberAt?: [number, number];
  partList?: [number, number];
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

class Reader {
  constructor(private readonly bytes: Buffer) {}

  skipSpace(at: number): number {
    const b = this.bytes;
    while (at < b.length && isSpace(b[at])) at++;
    return at;
  }

  /** The index after the string starting at `at` (its opening quote): the next quote not escaped. */
  skipString(at: number): number {
    const b = this.bytes;
    let from = at + 1;
    for (;;) {
      const quote = b.indexOf(QUOTE, from);
      if (quote === -1) throw new RangeError('unterminated string');
      let slashes = 0;
      while (b[quote - 1 - slashes] === BACKSLASH) slashes++;
      if (slashes % 2 === 0) return quote + 1;
      from = quote + 1;
    }
  }

  /** The key starting at `at` as text (keys with escapes or beyond ASCII are decoded). */
  key(at: number, end: number): string {
    const raw = this.bytes.toString('latin1', at + 1, end - 1);
    return /[^\x20-\x5b\x5d-\x7e]/.test(raw) ? JSON.parse(this.bytes.toString('utf8', at, end)) : raw;
  }

  /**
   * The index after the value starting at `at` (no white space before it), and whether it has white space outside
   * its strings.
   */
  skipValue(at: number): { end: number; spaced: boolean } {
    const b = this.bytes;
    const first = b[at];
    if (first === QUOTE) return { end: this.skipString(at), spaced: false };
    let spaced = false;
    if (first === 0x7b || first === 0x5b) {
      let depth = 0;
      for (let i = at; i < b.length; i++) {
        const c = b[i];
        if (c === QUOTE) i = this.skipString(i) - 1;
        else if (c === 0x7b || c === 0x5b) depth++;
        else if (c === 0x7d || c === 0x5d) {
          if (--depth === 0) return { end: i + 1, spaced };
        } else if (isSpace(c)) spaced = true;
      }
      throw new RangeError('unterminated value');
    }
    let i = at;
    while (i < b.length && b[i] !== 0x2c && b[i] !== 0x7d && b[i] !== 0x5d && !isSpace(b[i])) i++;
    if (i === at) throw new RangeError('no value');
    return { end: i, spaced };
  }

  /**
   * Reads the object at `at` member by member: `visit` reads a member's value itself and says where it ends, or
   * leaves it (undefined) to be skipped. The index after the object.
   */
  members(at: number, visit: (key: string, valueAt: number) => number | undefined): number {
    const b = this.bytes;
    if (b[at] !== 0x7b) throw new RangeError('not an object');
    let i = this.skipSpace(at + 1);
    if (b[i] === 0x7d) return i + 1;
    for (;;) {
      if (b[i] !== QUOTE) throw new RangeError('no key');
      const keyEnd = this.skipString(i);
      const key = this.key(i, keyEnd);
      i = this.skipSpace(keyEnd);
      if (b[i] !== 0x3a) throw new RangeError('no colon');
      const valueAt = this.skipSpace(i + 1);
      const valueEnd = visit(key, valueAt) ?? this.skipValue(valueAt).end;
      i = this.skipSpace(valueEnd);
      if (b[i] === 0x7d) return i + 1;
      if (b[i] !== 0x2c) throw new RangeError('no comma');
      i = this.skipSpace(i + 1);
    }
  }

  /** Reads the array at `at` element by element, as `members` reads an object. The index after the array. */
  elements(at: number, visit: (index: number, valueAt: number) => number | undefined): number {
    const b = this.bytes;
    if (b[at] !== 0x5b) throw new RangeError('not an array');
    let i = this.skipSpace(at + 1);
    if (b[i] === 0x5d) return i + 1;
    for (let index = 0; ; index++) {
      const end = visit(index, i) ?? this.skipValue(i).end;
      i = this.skipSpace(end);
      if (b[i] === 0x5d) return i + 1;
      if (b[i] !== 0x2c) throw new RangeError('no comma');
      i = this.skipSpace(i + 1);
    }
  }
}

/**
 * The spans of the entries of `itemserviceresult.data[0].resultList` in `body`, one per element in order; undefined
 * when the bytes are not read as expected (the caller then writes every entry out from the parsed answer). Every
 * byte is read once; a key given twice counts the last time, as JSON.parse takes it.
 */
export function entrySpans(body: Buffer): EntrySpan[] | undefined {
  const reader = new Reader(body);
  let spans: EntrySpan[] | undefined;
  const entry = (start: number): EntrySpan => {
    const span: EntrySpan = { start, end: start };
    if (body[start] !== 0x7b) {
      span.end = reader.skipValue(start).end;
      return span;
    }
    span.end = reader.members(start, (key, valueAt) => {
      if (key !== 'requestedPartNum' && key !== 'PartList') return undefined;
      const { end, spaced } = reader.skipValue(valueAt);
      if (key === 'requestedPartNum') span.numberAt = body[valueAt] === QUOTE ? [valueAt, end] : undefined;
      else span.partList = body[valueAt] === 0x5b && !spaced ? [valueAt, end] : undefined;
      return end;
    });
    return span;
  };
  const list = (at: number) => {
    if (body[at] !== 0x5b) return undefined;
    const found: EntrySpan[] = [];
    const end = reader.elements(at, (_, valueAt) => {
      const span = entry(valueAt);
      found.push(span);
      return span.end;
    });
    spans = found;
    return end;
  };
  const first = (at: number) =>
    body[at] !== 0x7b
      ? undefined
      : reader.members(at, (key, valueAt) => (key === 'resultList' ? list(valueAt) : undefined));
  const data = (at: number) => {
    if (body[at] !== 0x5b) return undefined;
    spans = undefined;
    return reader.elements(at, (index, valueAt) => (index === 0 ? first(valueAt) : undefined));
  };
  try {
    const root = reader.skipSpace(0);
    reader.members(root, (key, valueAt) =>
      key === 'itemserviceresult' && body[valueAt] === 0x7b
        ? reader.members(valueAt, (name, at) => (name === 'data' ? data(at) : undefined))
        : undefined,
    );
    return spans;
  } catch {
    return undefined;
  }
}
