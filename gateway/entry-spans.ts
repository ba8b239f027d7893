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
  /** Bytes of white space seen outside strings since this was last reset. */
  spaces = 0;

  constructor(private readonly bytes: Buffer) {}

  skipSpace(at: number): number {
    const b = this.bytes;
    while (at < b.length && isSpace(b[at])) {
      at++;
      this.spaces++;
    }
    return at;
  }

  /** The index after the string starting at `at` (its opening quote). */
  skipString(at: number): number {
    const b = this.bytes;
    for (let i = at + 1; i < b.length; i++) {
      if (b[i] === BACKSLASH) i++;
      else if (b[i] === QUOTE) return i + 1;
    }
    throw new RangeError('unterminated string');
  }

  /** The key starting at `at` as text (keys with escapes are decoded). */
  key(at: number, end: number): string {
    const raw = this.bytes.toString('latin1', at + 1, end - 1);
    return raw.includes('\\') || /[^\x20-\x7e]/.test(raw) ? JSON.parse(this.bytes.toString('utf8', at, end)) : raw;
  }

  /** The index after the value starting at `at` (no white space before it). */
  skipValue(at: number): number {
    const b = this.bytes;
    const first = b[at];
    if (first === QUOTE) return this.skipString(at);
    if (first === 0x7b || first === 0x5b) {
      let depth = 0;
      for (let i = at; i < b.length; i++) {
        const c = b[i];
        if (c === QUOTE) i = this.skipString(i) - 1;
        else if (c === 0x7b || c === 0x5b) depth++;
        else if (c === 0x7d || c === 0x5d) {
          if (--depth === 0) return i + 1;
        } else if (isSpace(c)) this.spaces++;
      }
      throw new RangeError('unterminated value');
    }
    let i = at;
    while (i < b.length && b[i] !== 0x2c && b[i] !== 0x7d && b[i] !== 0x5d && !isSpace(b[i])) i++;
    if (i === at) throw new RangeError('no value');
    return i;
  }

  /**
   * Calls `member` for each member of the object at `at` with its key, its value's bytes and the white space outside
   * strings inside the value; the index after the object.
   */
  members(at: number, member: (key: string, valueAt: number, valueEnd: number, spaces: number) => void): number {
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
      const spaces = this.spaces;
      const valueEnd = this.skipValue(valueAt);
      member(key, valueAt, valueEnd, this.spaces - spaces);
      i = this.skipSpace(valueEnd);
      if (b[i] === 0x7d) return i + 1;
      if (b[i] !== 0x2c) throw new RangeError('no comma');
      i = this.skipSpace(i + 1);
    }
  }

  /** The [start, end) of each element of the array at `at`. */
  elements(at: number): [number, number][] {
    const b = this.bytes;
    if (b[at] !== 0x5b) throw new RangeError('not an array');
    const out: [number, number][] = [];
    let i = this.skipSpace(at + 1);
    if (b[i] === 0x5d) return out;
    for (;;) {
      const end = this.skipValue(i);
      out.push([i, end]);
      i = this.skipSpace(end);
      if (b[i] === 0x5d) return out;
      if (b[i] !== 0x2c) throw new RangeError('no comma');
      i = this.skipSpace(i + 1);
    }
  }
}

/** The value of `key` in the object at `at` (the last, as JSON.parse takes it), or undefined. */
function memberOf(reader: Reader, at: number, key: string): number | undefined {
  let found: number | undefined;
  reader.members(at, (name, valueAt) => {
    if (name === key) found = valueAt;
  });
  return found;
}

/**
 * The spans of the entries of `itemserviceresult.data[0].resultList` in `body`, one per element in order; undefined
 * when the bytes are not read as expected (the caller then writes every entry out from the parsed answer).
 */
export function entrySpans(body: Buffer): EntrySpan[] | undefined {
  const reader = new Reader(body);
  try {
    const root = reader.skipSpace(0);
    const result = memberOf(reader, root, 'itemserviceresult');
    const data = result === undefined ? undefined : memberOf(reader, result, 'data');
    if (data === undefined || body[data] !== 0x5b) return undefined;
    const first = reader.elements(data)[0];
    const list = first === undefined ? undefined : memberOf(reader, first[0], 'resultList');
    if (list === undefined || body[list] !== 0x5b) return undefined;
    return reader.elements(list).map(([start, end]) => {
      const span: EntrySpan = { start, end };
      if (body[start] !== 0x7b) return span;
      reader.members(start, (key, valueAt, valueEnd, spaces) => {
        if (key === 'requestedPartNum') span.numberAt = body[valueAt] === QUOTE ? [valueAt, valueEnd] : undefined;
        else if (key === 'PartList')
          span.partList = body[valueAt] === 0x5b && spaces === 0 ? [valueAt, valueEnd] : undefined;
      });
      return span;
    });
  } catch {
    return undefined;
  }
}
