/**
 * Approved alternates: second-source part numbers a BOM gives beside the line's own, with their manufacturers.
 *
 * Headers read as an alternate's part number: an indexed part-number header past the first (MPN2, MPN 3,
 * "Manufacturer Part Number (2)", Mfr_PN_2), or a part-number header with an alternate word (Alt MPN, Alternate
 * Part Number, Second Source MPN, 2nd Source P/N, Substitute PN), or the alternate words alone ("Alternate",
 * "Second source", "Alt"). Their manufacturers: the same with a manufacturer header (MFG2, Manufacturer 3, Alt
 * Mfr, Second Source Manufacturer). A manufacturer column is paired with the part-number column of the same index,
 * or else the next alternate part-number column to its left or right in order. Distributor columns are never
 * alternates.
 */
import { headerTokens, isSupplierPartHeader } from './header';
import { isPlaceholder } from './placeholder';
import { type Cell, type CellGrid, cellText, columnName, partNumberText } from '../text/normalize';

/** One alternate's columns (0-based). */
export interface AlternateColumn {
  partNumber: number;
  manufacturer?: number;
}

/** An alternate a BOM line gives: a part number and its maker as written ('' when none). */
export interface ApprovedAlternate {
  partNumber: string;
  manufacturer: string;
}

const ALT_WORDS = new Set([
  'alt',
  'alternate',
  'alternative',
  'alternates',
  'alternatives',
  'second',
  '2nd',
  'third',
  '3rd',
  'substitute',
  'backup',
]);
const PN_WORDS = new Set(['mpn', 'part', 'number', 'source']);
const NOT_ALT = new Set([
  'price',
  'cost',
  'stock',
  'qty',
  'description',
  'url',
  'link',
  'datasheet',
  'ref',
  'dnp',
  'lead',
  'moq',
  'order',
]);

type Role = { kind: 'part' | 'maker'; index: number | null };

/** The index a header ends with ("MPN2", "Mfr PN (3)", "Manufacturer_2"): 2 and up mark an alternate. */
function trailingIndex(text: string): number | null {
  const m = /(\d+)\s*\)?\s*$/.exec(text.trim());
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 1 && n <= 9 ? n : null;
}

/** What an alternate column holds, by its header, or null when it is no alternate's. */
export function alternateRole(text: string): Role | null {
  if (text.trim() === '' || isSupplierPartHeader(text)) return null;
  const tokens = headerTokens(text);
  if (tokens.length === 0 || tokens.some((w) => NOT_ALT.has(w))) return null;
  const index = trailingIndex(text);
  const alt = tokens.some((w) => ALT_WORDS.has(w));
  if (!alt && (index === null || index < 2)) return null;
  const rest = tokens.filter((w) => !ALT_WORDS.has(w));
  const maker = rest.includes('mfr') || rest.includes('brand');
  const partish = rest.includes('mpn') || rest.includes('part') || rest.includes('number');
  if (maker && !partish)
    return rest.every((w) => ['mfr', 'brand', 'name', 'source'].includes(w)) ? { kind: 'maker', index } : null;
  if (partish && rest.every((w) => PN_WORDS.has(w) || w === 'mfr')) return { kind: 'part', index };
  // "Alternate", "Second source", "Alt": the alternate's part number.
  if (alt && rest.every((w) => w === 'source' || w === 'part' || w === 'parts')) return { kind: 'part', index };
  return null;
}

/** The alternate columns of a header row, left to right; `taken` columns (the mapped fields) are left out. */
export function alternateColumns(
  headerCells: readonly Cell[],
  taken: ReadonlySet<number> = new Set(),
): AlternateColumn[] {
  const parts: Array<{ column: number; index: number | null }> = [];
  const makers: Array<{ column: number; index: number | null }> = [];
  headerCells.forEach((cell, column) => {
    if (taken.has(column) || typeof cell !== 'string') return;
    const role = alternateRole(cell);
    if (role?.kind === 'part') parts.push({ column, index: role.index });
    else if (role?.kind === 'maker') makers.push({ column, index: role.index });
  });
  const out: AlternateColumn[] = parts.map((p) => ({ partNumber: p.column }));
  const paired = new Set<number>();
  // By index first (MFG2 with MPN2), then the remaining makers in order.
  makers.forEach((m) => {
    if (m.index === null) return;
    const i = parts.findIndex((p, k) => p.index === m.index && !paired.has(k));
    if (i >= 0) {
      out[i].manufacturer = m.column;
      paired.add(i);
      m.index = -1;
    }
  });
  for (const m of makers) {
    if (m.index === -1) continue;
    const i = parts.findIndex((_, k) => !paired.has(k));
    if (i < 0) break;
    out[i].manufacturer = m.column;
    paired.add(i);
  }
  return out;
}

/** A row's alternates: every alternate column holding a part number other than the line's own, once each. */
export function alternatesOfRow(
  row: readonly Cell[] | undefined,
  columns: readonly AlternateColumn[],
  own: string,
): ApprovedAlternate[] {
  if (!row || columns.length === 0) return [];
  const seen = new Set<string>([own.replace(/[^A-Za-z0-9]/g, '').toUpperCase()]);
  const out: ApprovedAlternate[] = [];
  for (const c of columns) {
    const partNumber = partNumberText(row[c.partNumber]);
    if (partNumber === '' || isPlaceholder(partNumber)) continue;
    const key = partNumber.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    const manufacturer = c.manufacturer === undefined ? '' : cellText(row[c.manufacturer]).trim();
    out.push({ partNumber, manufacturer: isPlaceholder(manufacturer) ? '' : manufacturer });
  }
  return out;
}

/** A row's choice among a line's sources as a list writes it: the one to buy. */
const FIRST_CHOICE = /^(?:primary|preferred|main|default|sole source|single source|(?:1st|first) (?:choice|source))$/;
/** A row's choice as a list writes it: a second source, listed under the one bought. */
const OTHER_CHOICE =
  /^(?:alternate|alternative|alt\.?|secondary|second source|2nd source|backup|substitute|(?:2nd|second) choice)$/;

/**
 * The column saying which rows are the parts to buy and which their alternates ("Preference": "Primary", "Sole
 * Source", "Alternate"), by its content: every filled cell a choice, at least one of each kind, three or more. A row
 * it marks a second source is one when it has no positions of its own and names the same thing as a first choice
 * above it (its description, or its first column's name: "Thermocouple Plug" under "Thermocouple Plug"): listed
 * beside the part bought, not bought. A "Primary"/"Secondary" column over rows with positions of their own (a
 * transformer's windings, a board's sides) marks nothing. Returns why a row is a second source, or null.
 */
export function otherChoice(
  rows: CellGrid,
  exclude: ReadonlySet<number>,
  header: readonly Cell[],
  columns: { designators?: number; description?: number },
): (row: readonly Cell[]) => string | null {
  const width = rows.reduce((w, r) => Math.max(w, r?.length ?? 0), 0);
  for (let c = 0; c < width; c++) {
    if (exclude.has(c) || !choicesOnly(rows, c)) continue;
    const seconds = secondsOf(rows, c, columns);
    const label = cellText(header[c]).trim() || columnName(c);
    return (row) =>
      seconds.has(row)
        ? `a second source ("${label}": "${cellText(row[c]).trim()}") for a part listed above it; not bought`
        : null;
  }
  return () => null;
}

/**
 * Whether column `c` holds choices only, three or more, some of each kind; a column's first cell of anything else
 * ends the look at it (this is asked of every column of every table).
 */
function choicesOnly(rows: CellGrid, c: number): boolean {
  let [first, other] = [0, 0];
  for (const row of rows) {
    const t = cellText(row?.[c]).trim().toLowerCase();
    if (t === '') continue;
    if (FIRST_CHOICE.test(t)) first++;
    else if (OTHER_CHOICE.test(t)) other++;
    else return false;
  }
  return first > 0 && other > 0 && first + other >= 3;
}

/** The rows a choice column `c` marks second sources of a first choice above them (otherChoice). */
function secondsOf(
  rows: CellGrid,
  c: number,
  columns: { designators?: number; description?: number },
): WeakSet<readonly Cell[]> {
  const namesOf = (row: readonly Cell[]): string[] =>
    [columns.description, 0]
      .filter((k): k is number => k !== undefined && k !== c && k !== columns.designators)
      .map((k) => cellText(row[k]).trim().toLowerCase())
      .filter((t) => /\p{L}/u.test(t));
  const firsts = new Set<string>();
  const seconds = new WeakSet<readonly Cell[]>();
  for (const row of rows) {
    if (!row) continue;
    const choice = cellText(row[c]).trim().toLowerCase();
    if (FIRST_CHOICE.test(choice)) for (const name of namesOf(row)) firsts.add(name);
    else if (
      OTHER_CHOICE.test(choice) &&
      (columns.designators === undefined || cellText(row[columns.designators]).trim() === '') &&
      namesOf(row).some((name) => firsts.has(name))
    )
      seconds.add(row);
  }
  return seconds;
}
