/**
 * The evidence for the part-number column: every column that could hold the manufacturer part number, with
 * what its header says and how its values look (and, once a catalog has judged a sample, how many of them it
 * knows). The reader takes the best; the CLI's --explain and the task pane's mapping step show the evidence so
 * that a user who disagrees picks another column in one step.
 */
import { isShopNumberCell } from './column-content';
import { headerTokens, isSupplierPartHeader, looksLikePartNumber, matchHeader } from './header';
import { type Cell, type CellGrid, cellText, columnName } from '../text/normalize';
import { groupedCount } from '../text/plural';

export interface PartNumberCandidate {
  column: number;
  /** The header text, or "Column C" where there is none. */
  header: string;
  /**
   * How the header names the column: 3 the manufacturer part number (MPN, Manufacturer Part Number), 2 a part
   * number, 1 someone's own number ("Embest P/N", "Company Part Number", "PN"), 0 nothing (found by content).
   */
  named: 0 | 1 | 2 | 3;
  /** Filled cells looked at. */
  sampled: number;
  /** Of them, those shaped like a manufacturer part number. */
  lookLike: number;
  /**
   * Of them, a shop's own numbers by their form ("1528-5980-ND"): shaped like part numbers, but no maker's. For the
   * choice only (looksBetter): a workbook's kept choices leave it out.
   */
  shopCodes?: number;
  /** The column holds in-house codes: long all-digit numbers of one length (an ERP's item numbers). */
  internalCodes: boolean;
  /** Set once a catalog has judged a sample: how many it knows, of how many asked. */
  known?: number;
  asked?: number;
}

/** Long all-digit codes, with an optional short revision suffix ("1001001000780-02"). */
const DIGIT_CODE = /^(\d{9,})(?:-\d{1,3})?$/;

/**
 * Whether the values are in-house codes rather than manufacturer part numbers: nearly all are long digit-only
 * codes, and nearly all of one length. Makers do use digit-only part numbers (Würth's 742792609, Phoenix's
 * 1715190), but a column of them all as long as each other is a stock-code system, not a mix of makers.
 */
export function looksLikeInternalCodes(values: readonly string[]): boolean {
  if (values.length < 3) return false;
  const lengths = new Map<number, number>();
  let codes = 0;
  for (const v of values) {
    const m = DIGIT_CODE.exec(v);
    if (!m) continue;
    codes++;
    lengths.set(m[1].length, (lengths.get(m[1].length) ?? 0) + 1);
  }
  const common = Math.max(0, ...lengths.values());
  return codes * 10 >= values.length * 9 && common * 10 >= values.length * 8;
}

/** How a header names a column that might hold part numbers (see PartNumberCandidate.named), or null if it never does. */
function namedAs(text: string): PartNumberCandidate['named'] | null {
  if (text.trim() === '') return 0;
  if (isSupplierPartHeader(text)) return null;
  const match = matchHeader(text);
  if (match?.field === 'partNumber') return match.strength >= 3 ? 3 : 2;
  if (match !== null) return null;
  const tokens = headerTokens(text);
  // "<Company> P/N", "Internal Part Number", "CPN", "IPN", "Item code": someone's own number for the part.
  if (
    (tokens.includes('part') && tokens.includes('number')) ||
    tokens.includes('cpn') ||
    tokens.includes('ipn') ||
    tokens.includes('mpn')
  )
    return 1;
  // Any other name says nothing either way: the values decide.
  return 0;
}

function valueText(cell: Cell): string {
  return cellText(cell).trim();
}

/**
 * The candidates for the part-number column: the one chosen, every column whose header names a part number of
 * some kind, and unnamed columns whose values mostly look like part numbers. `exclude` lists columns taken by
 * other fields or ruled out by their header (footprints, distributor numbers).
 */
export function partNumberCandidates(
  headerCells: readonly Cell[],
  sample: CellGrid,
  width: number,
  chosen: number | undefined,
  exclude: ReadonlySet<number>,
): PartNumberCandidate[] {
  const out: PartNumberCandidate[] = [];
  for (let c = 0; c < width; c++) {
    if (c !== chosen && exclude.has(c)) continue;
    const header = valueText(headerCells[c]);
    const named = c === chosen ? (namedAs(header) ?? 0) : namedAs(header);
    if (named === null) continue;
    const values: string[] = [];
    let lookLike = 0;
    let shopCodes = 0;
    for (const row of sample) {
      const cell = row?.[c];
      const text = valueText(cell);
      if (text === '') continue;
      values.push(text);
      if (looksLikePartNumber(cell)) lookLike++;
      if (isShopNumberCell(text)) shopCodes++;
    }
    if (values.length === 0 && c !== chosen) continue;
    const internalCodes = looksLikeInternalCodes(values);
    // An unnamed column is a candidate only when most of its values look like part numbers.
    if (c !== chosen && named === 0 && (internalCodes || lookLike * 2 < values.length)) continue;
    out.push({
      column: c,
      header: header || `Column ${columnName(c)}`,
      named,
      sampled: values.length,
      lookLike: internalCodes ? 0 : lookLike,
      shopCodes,
      internalCodes,
    });
  }
  return out;
}

/**
 * Whether `other` is a better part-number column than `current` on the looks alone: the current one holds
 * in-house codes or hardly anything shaped like a part number, and the other mostly does.
 */
export function looksBetter(current: PartNumberCandidate, other: PartNumberCandidate): boolean {
  if (other.internalCodes || other.sampled === 0 || other.lookLike * 2 < other.sampled) return false;
  // A column of a shop's numbers (a Digi-Key cart's "Part Number") never displaces one named as the maker's number,
  // whatever that one holds (Adafruit's product ids, numbers alone).
  if (current.named === 3 && (other.shopCodes ?? 0) * 2 >= other.sampled) return false;
  if (current.internalCodes) return true;
  return current.sampled > 0 && current.lookLike * 5 < current.sampled && other.named >= current.named - 1;
}

function share(n: number, of: number): string {
  return `${groupedCount(n)} of ${groupedCount(of)}`;
}

/** Why a candidate column reads as part numbers, in words: "104 of 106 known to the catalog; …; named as a part number". */
export function candidateReasons(c: PartNumberCandidate): string {
  const parts: string[] = [];
  if (c.known !== undefined && c.asked !== undefined) parts.push(`${share(c.known, c.asked)} known to the catalog`);
  if (c.internalCodes)
    parts.push(`${share(0, c.sampled)} look like part numbers (in-house codes: long numbers all of one length)`);
  else parts.push(`${share(c.lookLike, c.sampled)} look like part numbers`);
  const naming = [
    'found by its content',
    "named as someone's own number",
    'named as a part number',
    'named as the manufacturer part number',
  ][c.named];
  return `${parts.join('; ')}; ${naming}`;
}

/** One candidate's evidence in words: "'Manufacture P/N' (column G) — 104 of 106 known to the catalog; 106 of 106 look like part numbers". */
export function candidateEvidence(c: PartNumberCandidate): string {
  return `'${c.header}' (column ${columnName(c.column)}) — ${candidateReasons(c)}`;
}
