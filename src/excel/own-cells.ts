/**
 * Whether a cell of the results block is still the add-in's: it reads what the add-in wrote there. Results without
 * a header row have nothing else to be known by, and rows an earlier run left behind must never take a cell the
 * user typed into since.
 *
 * What was written is kept as a fingerprint, not the values: three characters per cell (18 bits of a hash of the
 * text Excel reads back), so the record is small enough to keep in the workbook's document settings and still be
 * there when the pane or the workbook is opened again. A cell the user changed reads as written only if its new text
 * hashes alike: about one change in 262,144.
 */
import type { LinePlanRecord } from '../plan/record';
import type { ReadCell, WriteCell } from './workbook-port';

/**
 * Where the add-in wrote priced results last, one fingerprint (fingerprintRow) per row from the block's top, and
 * each row's plan record (src/plan/record.ts; null where a row has none), which the order review reads.
 */
export interface ResultsRecord {
  address: string;
  cells: readonly string[];
  plans?: ReadonlyArray<LinePlanRecord | null>;
  /** The number of boards the results were written for (absent in records kept before it was). */
  boards?: number;
  /**
   * Per row, the fingerprint of the Status cell as the add-in marked it stale since it was written ('' where it did
   * not): a stale row is still the add-in's to clear, and is known as stale by this, never by its words.
   */
  stale?: readonly string[];
  /**
   * The total row written under the block, or null when none was; absent in records kept before the total was
   * recorded (that workbook's total is then known by its words, once: src/excel/legacy-total.ts).
   */
  total?: TotalRecord | null;
  /**
   * The fingerprint of the stale note the add-in wrote right of the Price breaks header (null for none); absent in
   * records kept before notes were recorded (that note is then known by its words, once: legacy-stale.ts).
   */
  breaksNote?: string | null;
}

/**
 * The total row under a priced block: its 0-based row, the fingerprint of its cells, the words its Status was written
 * with (a stale mark says what it was), and the fingerprint of its Status once marked stale.
 */
export interface TotalRecord {
  row: number;
  cells: string;
  text: string;
  stale?: string;
}

/** The fingerprint of a cell the add-in left empty (null): it never reads as written. */
const NOTHING = '~~~';
const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** Characters a fingerprint takes per cell. */
export const MARK_WIDTH = 3;

/** A written cell as Excel reads it back: a leading apostrophe is the quote prefix, not part of the text. */
function asRead(written: WriteCell): string {
  const text = String(written);
  return typeof written === 'string' && text.startsWith("'") ? text.slice(1) : text;
}

/** 18 bits of the FNV-1a hash of `text`, as three characters. */
function mark(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  const bits = (h ^ (h >>> 18)) & 0x3ffff;
  return DIGITS[bits >> 12] + DIGITS[(bits >> 6) & 63] + DIGITS[bits & 63];
}

/** The fingerprint of one row of written cells. */
export function fingerprintRow(cells: readonly WriteCell[]): string {
  return cells.map((c) => (c === null || c === undefined ? NOTHING : mark(asRead(c)))).join('');
}

/** The fingerprint of cell `column` of a row's fingerprint, or undefined past its end. */
export function cellMark(row: string | undefined, column: number): string | undefined {
  const at = column * MARK_WIDTH;
  return row !== undefined && at + MARK_WIDTH <= row.length ? row.slice(at, at + MARK_WIDTH) : undefined;
}

/** Whether `row` is a row of fingerprints, as fingerprintRow makes them (for a record read back from the workbook). */
export function isFingerprintRow(row: unknown): row is string {
  return typeof row === 'string' && row.length % MARK_WIDTH === 0 && /^[A-Za-z0-9_~-]*$/.test(row);
}

/**
 * Whether `current` is what the add-in wrote (`written`, the cell's fingerprint), or what it wrote there since when it
 * marked the cell stale (`stale`, that text's fingerprint, for a Status cell).
 */
export function readsAsWritten(written: string | undefined, current: ReadCell | undefined, stale?: string): boolean {
  if (written === undefined || written === NOTHING) return false;
  const now = mark(String(current ?? ''));
  return now === written || (stale !== undefined && stale !== '' && now === stale);
}

/** The fingerprint of a cell as it reads now, to compare with many recorded ones (readsAsWritten compares one). */
export function readMark(current: ReadCell | undefined): string {
  return mark(String(current ?? ''));
}

/** The fingerprint of one cell's text, as a stale mark is recorded. */
export function cellFingerprint(text: WriteCell): string {
  return fingerprintRow([text]);
}
