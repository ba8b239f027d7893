/**
 * What a column's cells say about it, where its header says nothing: whether a cell looks like a part number,
 * the fields guessed from the content of headerless or placeholder-named tables, and a DNP column found by its
 * marks.
 */
import { countDesignators, looksLikeDesignators } from './designators';
import { BOM_FIELDS, type ColumnMapping, LCSC_NUMBER } from './header-words';
import { isKnownManufacturer } from '../match/manufacturer';
import { type Cell, type CellGrid, cellText, gridWidth, isBlankRow, normalizePartNumber } from '../text/normalize';
import { isDnpMarker, parseQuantity } from './quantity';

const VALUE_LIKE =
  /^\d+(?:[.,]\d+)?\s*(?:[pnuµmkKMGR]|meg)?\s*(?:[FfHhΩVvAWw%]|[Oo]hms?|Hz|R)?(?:(?:\s+|\s*[/,]\s*)\d+(?:[.,]\d+)?\s*[VvWwA%])*$|^\d+[pnuµmkKMR]\d+$/;
/** A package's name: "SOT23-5", "QFN32", "TO-220AB"; "SC-70" (two digits: Semtech's SC189CSKTRT is a part). */
const PACKAGE_LIKE =
  /^(?:SOT|SOD|SOIC|SOP|SSOP|TSSOP|MSOP|QFN|DFN|VQFN|WQFN|QFP|LQFP|TQFP|BGA|LGA|TO|DO|SMA|SMB|SMC|DIP|PDIP|SIP|MELF|WLCSP|DPAK|D2PAK|PLCC|CASE|SMD|THT|TH)[-_ ]?\d|^SC[-_ ]?\d{2}(?:-\d{1,2})?[A-Z]?$/i;
/** A connector family at its pitch ("XH2.54", "PH2.0", "GH1.25": JST's series as shops name them): no part number. */
const CONNECTOR_PITCH = /^(?:XH|PH|ZH|SH|GH|EH|VH|JST)[-_ ]?[0-9][.,][0-9]{1,2}(?:mm)?$/i;
export const isConnectorPitch = (text: string): boolean => CONNECTOR_PITCH.test(text.trim());
/** A size in a length unit, a screw's included ("86x86mm", "M2.5x5mm", "5 x 20 mm", "3.5x2cm"): no part number. */
export const SIZE = /^M?\d+(?:[.,]\d+)?(?:\s*[x×*]\s*\d+(?:[.,]\d+)?){1,2}\s*(?:mm|cm|in)$/i;
/**
 * A connector's pin count, alone or as a library's field: "3P", "10PIN", "3-pin", "2 pins", "6 POS", with rows and
 * its pitch ("2X10P-2.54", "4P-2.0": Seeed's library values).
 */
export const PIN_COUNT =
  /^(?:\d{1,2}[xX×])?\d{1,3}[- ]?(?:P|PINS?|POS(?:ITIONS?)?|WAYS?)(?:-\d(?:[.,]\d{1,2})?(?:mm)?)?$/i;

/**
 * A CAD library's own id for a component, as CircuitMaker and Altium's vaults write it in LibRef ("CMP-139119-2",
 * "CMP-zmvss6yk8n2026t4edoz-3", Altium 365's "CMP-08605-000100-1"): no maker's number.
 */
const LIBRARY_ID = /^CMP-[0-9A-Za-z]{4,}(?:-[0-9A-Za-z]{4,})?-\d{1,3}$/i;

/** A token that could be a manufacturer part number: letters and digits, ≥ 4 characters, no spaces. */
export function looksLikePartNumber(cell: Cell): boolean {
  // A spreadsheet keeps an all-digit part number (Würth's 742792609) as a number: it counts as the text would.
  if (typeof cell === 'number') return Number.isInteger(cell) && cell >= 100_000 && cell < 1e15;
  if (typeof cell !== 'string') return false;
  // A die revision after a colon ("MT41J512M8RA-125:D", Micron's) is part of the number.
  const t = normalizePartNumber(cell).replace(/(\d[A-Za-z]?):[A-Za-z]$/, '$1');
  if (t.length < 4 || t.length > 40 || /\s/.test(t)) return false;
  if (!/^[A-Za-z0-9][A-Za-z0-9\-_./#+,()]*$/.test(t)) return false;
  if (/^\d{6,}$/.test(t)) return true;
  // Connector makers number their parts in dashed digit groups (Molex 47219-2001, TE 1-1734248-1, Mill-Max
  // 801-87-002-10-001101), and a shop its own before a maker's ("710-61201021621": Würth's at Mouser); a date is
  // not one.
  if (/^\d{1,12}(?:-\d{1,12}){1,4}$/.test(t) && t.replace(/-/g, '').length >= 7 && !/^\d{4}-\d{2}-\d{2}$/.test(t))
    return true;
  if (!/[A-Za-z]/.test(t) || !/\d/.test(t)) return false;
  if (
    t.includes(':') ||
    VALUE_LIKE.test(t) ||
    PACKAGE_LIKE.test(t) ||
    SIZE.test(t) ||
    PIN_COUNT.test(t) ||
    LIBRARY_ID.test(t)
  )
    return false;
  if (CONNECTOR_PITCH.test(t)) return false;
  return !looksLikeDesignators(t);
}

/**
 * A cell that names a maker the alias table knows and then the maker's number ("Littelfuse 37202000411", "Murata
 * GRM188R71H104KA93D", "ON Semi 1N4148"), as a hand-kept list writes its source in one column.
 */
export function makerThenNumber(text: string): boolean {
  return makerAndNumber(text) !== null;
}

/**
 * Whether a column is one of makers then numbers: at least a quarter of its filled cells (a rule of dashes and a
 * repeated header aside) name a known maker and then its number (makerThenNumber), a cell of several lines (a second
 * source under the first) by its first, two cells at least; the rest may be values, types and makers the alias table
 * does not know.
 */
export function makersFirst(sample: CellGrid, c: number): boolean {
  const filled = sample.map((r) => r?.[c] ?? null).filter((cell) => /[\p{L}\d]/u.test(cellText(cell)));
  const firstLine = (cell: Cell): string => cellText(typeof cell === 'string' ? cell.split(/\r?\n/)[0] : cell).trim();
  const known = filled.filter((cell) => makerThenNumber(firstLine(cell))).length;
  // One cell is no habit of the column ("IR 333-A", an LED's number typed with a space, is no maker "IR").
  return known >= 2 && known * 4 >= filled.length;
}

/** A maker set off from its number by a comma, a colon or a dash between spaces: "EPCOS, B41142A5107M". */
const MAKER_SET_OFF = /^([^,:]+?)(?:\s*[,:]\s*|\s+[-–]\s+)(\S.*)$/;

/**
 * The maker and the number of a cell that names a maker the alias table knows (its first one to four words, or what
 * stands before a comma, colon or dash) and then the number, of `numberWords` words at most ("Murata
 * GRM188R71H104KA93D"; "C&K Components RS-032G05A3-SM RT" with two; two always after a separator), or null.
 */

export function makerAndNumber(text: string, numberWords = 1): { partNumber: string; manufacturer: string } | null {
  const t = text.trim();
  // Cheap first: it runs on every cell of the sample.
  if (!/^\p{L}/u.test(t) || !t.includes(' ')) return null;
  // The maker set off by a comma, a colon or a dash between spaces ("EPCOS, B41142A5107M", "Micrel - KSZ8051RNL TR").
  const set = MAKER_SET_OFF.exec(t);
  if (set !== null && isKnownManufacturer(set[1])) {
    const number = set[2].split(/\s+/);
    if (number.length <= Math.max(2, numberWords) && looksLikePartNumber(number[0]))
      return { partNumber: set[2], manufacturer: set[1] };
  }
  const words = t.split(/\s+/);
  for (let n = Math.min(4, words.length - 1); n >= 1; n--) {
    const rest = words.slice(n);
    if (rest.length > numberWords || !looksLikePartNumber(rest[0])) continue;
    const manufacturer = words.slice(0, n).join(' ');
    if (isKnownManufacturer(manufacturer)) return { partNumber: rest.join(' '), manufacturer };
    // Two makers named for the part, a slash between ("Epcos / TDK"): both known, the first is matched.
    const both = manufacturer.split(/\s*\/\s*/);
    if (both.length === 2 && both.every((m) => isKnownManufacturer(m)))
      return { partNumber: rest.join(' '), manufacturer: both[0] };
  }
  return null;
}

/**
 * A shop's own number as a cell writes it: Digi-Key's ("296-1234-1-ND", "LM2596S-5.0-ND"), LCSC's ("C14663": four
 * digits at least, no designator "C12" and no capacitor's footprint "C0402", "C1608") or any shop's SKU ("SKU: DFR0339"): a
 * distributor's, never a maker's.
 */
const LCSC_SHOP_CODE =
  /^C(?!(?:0201|0402|0603|0805|1206|1210|1812|2010|2220|2512|1005|1608|2012|3216|3225|4532|5750|6332)$)\d{4,9}$/i;
const SHOP_NUMBER_CELL = new RegExp(`^\\S+-ND$|^SKU\\s*[:#]?\\s*\\S|${LCSC_SHOP_CODE.source}`, 'i');

/** An LCSC code written where a maker's number belongs, alone or with a note naming LCSC ("C167321 (lcsc.com)"). */
export function isLcscCodeCell(text: string): boolean {
  return LCSC_SHOP_CODE.test(text.trim().replace(/\s*\((?:lcsc(?:\.com)?|jlc(?:pcb)?|szlcsc)\)$/i, ''));
}

/** Whether a cell is a shop's own number by its form alone (SHOP_NUMBER_CELL). */
export function isShopNumberCell(text: string): boolean {
  return SHOP_NUMBER_CELL.test(text.trim());
}

/**
 * Columns whose cells are Digi-Key numbers whatever their header says (a hand-kept list's "Cut-Tape", "Tube" and
 * "Bulk" columns, one per packaging): most of the column's filled cells, a mark such as "#" or "*" (no such
 * packaging) not counting as filled. `exclude`: columns taken.
 */
export function distributorCodeColumns(sample: CellGrid, exclude: readonly number[]): number[] {
  const out: number[] = [];
  for (let c = 0; c < gridWidth(sample); c++) {
    if (exclude.includes(c)) continue;
    // "#", "-" and the like say the shop has no such packaging: no cell of the column's own.
    const filled = sample.map((r) => cellText(r?.[c])).filter((t) => /[A-Za-z0-9]/.test(t));
    const codes = filled.filter(isShopNumberCell).length;
    if (codes >= 1 && codes * 2 >= filled.length) out.push(c);
  }
  return out;
}

/**
 * Of `columns`, those most of whose filled `sample` cells are LCSC numbers, whatever their header ("Column1"): a
 * remark among their codes ("BOTTOM PART") is none (shop-columns.ts).
 */
export function lcscCodeColumns(sample: CellGrid, columns: readonly number[]): number[] {
  return columns.filter((c) => {
    const filled = sample.map((r) => cellText(r?.[c]).trim()).filter((t) => t !== '');
    return filled.filter((t) => LCSC_NUMBER.test(t)).length * 2 > filled.length;
  });
}

/**
 * Whether a part-number column `c` holds LCSC's codes, not makers' numbers: most of its filled `sample` cells are
 * LCSC codes and none of the others is a maker's number ("LM358DR" among "C1525", "C25804" keeps the column the
 * makers'); another shop's code or a product number beside them ("2343", "296-1234-1-ND") is no maker's number.
 */
export function holdsLcscCodesOnly(sample: CellGrid, c: number): boolean {
  if (lcscCodeColumns(sample, [c]).length === 0) return false;
  return !sample.some((r) => {
    const text = cellText(r?.[c]).trim();
    return text !== '' && !LCSC_NUMBER.test(text) && !isShopNumberCell(text) && looksLikePartNumber(text);
  });
}

function looksDescriptive(text: string): boolean {
  return text.length >= 10 && text.split(' ').length >= 2;
}

interface ColumnStats {
  column: number;
  filled: number;
  designators: number;
  quantities: number;
  partNumbers: number;
  manufacturers: number;
  descriptive: number;
  totalLength: number;
  quantityValues: (number | null)[];
  isSequence: boolean;
  leadingZero: number;
}

/**
 * Guess the columns from what the cells hold, for BOMs without a header or with placeholder headers:
 * designator lists (R1, C2-C5) → designators; small whole numbers → quantity (not a 1, 2, 3… line-number
 * column; the one agreeing with the designator counts wins); part-number-looking tokens → part number;
 * manufacturer names the alias table knows → manufacturer; longer text with spaces → description.
 * Columns listed in `exclude` are already taken; a value `notPartNumber` names (a schematic symbol's name) is no
 * evidence of a part-number column.
 */
export function inferColumnsFromContent(
  rows: CellGrid,
  options: { exclude?: readonly number[]; notPartNumber?: (text: string) => boolean } = {},
): ColumnMapping {
  const sample = rows.filter((r) => !isBlankRow(r)).slice(0, 500);
  const mapping: ColumnMapping = {};
  if (sample.length === 0) return mapping;
  const width = gridWidth(sample);
  const taken = new Set(options.exclude ?? []);

  const stats: ColumnStats[] = [];
  for (let c = 0; c < width; c++) {
    const s: ColumnStats = {
      column: c,
      filled: 0,
      designators: 0,
      quantities: 0,
      partNumbers: 0,
      manufacturers: 0,
      descriptive: 0,
      totalLength: 0,
      quantityValues: [],
      isSequence: false,
      leadingZero: 0,
    };
    for (const row of sample) {
      const cell = row[c];
      const text = cellText(cell);
      if (text === '') {
        s.quantityValues.push(null);
        continue;
      }
      s.filled++;
      s.totalLength += text.length;
      if (typeof cell === 'string' && looksLikeDesignators(text)) s.designators++;
      const q = parseQuantity(cell);
      // A range or an approximate count ("2-4", "~20") is no evidence either way: a count where a header names the
      // column a quantity, among counts a hand-made list's; a column of them alone (voltages, jumpers) none.
      if (q.kind === 'ok' && q.estimated) s.filled--;
      else if (q.kind === 'ok' && !(typeof cell === 'string' && /^0\d/.test(text))) {
        s.quantities++;
        s.quantityValues.push(q.value);
      } else {
        if (q.kind === 'dnp' || isDnpMarker(text)) s.quantities++;
        s.quantityValues.push(null);
      }
      if (typeof cell === 'string' && /^0\d/.test(text)) s.leadingZero++;
      // LCSC's code ("C14663" under a "Column1") is no maker's number, however it looks; it names a part in that
      // distributor's catalogue alone (a Digi-Key number is looked up as it is).
      const partLike = (looksLikePartNumber(cell) || makerThenNumber(text)) && !LCSC_SHOP_CODE.test(text);
      if (partLike && !(options.notPartNumber?.(text) ?? false)) s.partNumbers++;
      if (typeof cell === 'string' && isKnownManufacturer(text)) s.manufacturers++;
      if (looksDescriptive(text)) s.descriptive++;
    }
    const numbers = s.quantityValues.filter((v): v is number => v !== null);
    s.isSequence = runningIndex(numbers);
    stats.push(s);
  }

  const minFilled = Math.max(1, Math.ceil(sample.length * 0.3));
  const pick = (score: (s: ColumnStats) => number, threshold: number): number | undefined => {
    let best: ColumnStats | undefined;
    let bestScore = 0;
    for (const s of stats) {
      if (taken.has(s.column) || s.filled < minFilled) continue;
      const v = score(s);
      if (v > 0 && v >= threshold && (best === undefined || v > bestScore)) {
        best = s;
        bestScore = v;
      }
    }
    if (best) taken.add(best.column);
    return best?.column;
  };

  mapping.designators = pick((s) => s.designators / s.filled, 0.6);
  mapping.partNumber = pick((s) => (s.partNumbers / s.filled) * (s.filled / sample.length), 0.4);
  mapping.manufacturer = pick((s) => s.manufacturers / s.filled, 0.3);

  const designatorCounts =
    mapping.designators === undefined
      ? null
      : sample.map((row) => {
          const text = cellText(row[mapping.designators as number]);
          return text === '' || !looksLikeDesignators(text) ? null : countDesignators(text);
        });
  mapping.quantity = pick((s) => {
    if (s.quantities / s.filled < 0.8 || s.leadingZero > 0) return 0;
    const values = s.quantityValues;
    // A column of DNP marks and blanks holds no quantity: it is a DNP column.
    if (values.every((v) => v === null)) return 0;
    if (designatorCounts) {
      let compared = 0;
      let agree = 0;
      values.forEach((v, i) => {
        const n = designatorCounts[i];
        if (v !== null && n !== null) {
          compared++;
          if (v === n) agree++;
        }
      });
      if (compared > 0) return 1 + agree / compared - (s.isSequence ? 0.5 : 0);
    }
    if (s.isSequence) return 0;
    const numbers = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
    const median = numbers.length > 0 ? numbers[Math.floor(numbers.length / 2)] : 0;
    return 1 / (1 + median / 100);
  }, 0);
  mapping.description = pick((s) => (s.descriptive / s.filled >= 0.5 ? s.totalLength / s.filled : 0), 0);

  for (const f of BOM_FIELDS) if (mapping[f] === undefined) delete mapping[f];
  return mapping;
}

/**
 * Marks that, alone in a cell of a column of their own (the column's other cells blank), mean not placed besides
 * the DNP marks isDnpMarker knows: DNS (do not stuff), NC (not connected), and "Not fitted" written as one word.
 */
const DNP_COLUMN_EXTRA = /^[\s().!*-]*(?:DNS|NC|NOTFITTED|NOTPLACED|NOTPOPULATED)[\s().!*-]*$/i;

/** A cell that is one DNP-like word or phrase ("DNP", "NF", "No fit", "(DNP)", "NC"). */
export function isDnpColumnWord(cell: Cell): boolean {
  const text = cellText(cell);
  return text !== '' && (isDnpMarker(text) || DNP_COLUMN_EXTRA.test(text));
}

/**
 * A column that holds DNP-like words and blanks (KiCad's generic "Field4" holding DNP), found by content:
 * only marks, or at least three marks and four in five of its filled cells (a notes column with "DNP" and the
 * odd remark). Only its marks mark a line. Columns listed in `exclude` are already taken.
 */
export function dnpColumnByContent(rows: CellGrid, options: { exclude?: readonly number[] } = {}): number | undefined {
  const taken = new Set(options.exclude ?? []);
  const width = gridWidth(rows);
  for (let c = 0; c < width; c++) {
    if (taken.has(c)) continue;
    let marks = 0;
    let other = 0;
    for (const row of rows) {
      const cell = row?.[c];
      if (cellText(cell) === '') continue;
      if (isDnpColumnWord(cell)) marks++;
      else other++;
      if (other > 0 && other * 5 > marks + other && marks + other >= 10) break;
    }
    if ((marks > 0 && other === 0) || (marks >= 3 && other * 5 <= marks + other)) return c;
  }
  return undefined;
}

/** Numbers that count 1, 2, 3… (at least three, each one more than the last): a line number, never a count. */
function runningIndex(numbers: readonly number[]): boolean {
  return numbers.length >= 3 && numbers.every((v, i) => i === 0 || v === numbers[i - 1] + 1);
}

/** A header that names nothing, or a count without saying so ("#", "No.", "Usage"): never a pack, a pin, a stock. */
const COUNT_OF_NO_NAME = /^\s*(?:#|no\.?|nr\.?|n[°º]|usage|used|count|anzahl)?\s*$/i;

/**
 * Whether column `c` holds each row's count of positions, its header naming nothing else ("#" over "4 | R5-R8",
 * COUNT_OF_NO_NAME): on every row of
 * `sample` where it holds a whole number and the designators column `designators` names positions, the two agree, on
 * at least three such rows, one of them more than one position, and the column is no running index (1, 2, 3…). Its
 * numbers on rows naming no positions (an enclosure, its screws) are those rows' counts too.
 */
export function countsOfPositions(
  sample: CellGrid,
  c: number,
  designators: number | undefined,
  header: Cell = null,
): boolean {
  if (designators === undefined || c === designators || !COUNT_OF_NO_NAME.test(cellText(header))) return false;
  let filled = 0;
  const numbers: number[] = [];
  let agree = 0;
  let several = false;
  for (const row of sample) {
    const text = cellText(row?.[c]).trim();
    if (text === '') continue;
    filled++;
    const q = parseQuantity(row?.[c]);
    if (q.kind !== 'ok' || q.estimated || !Number.isInteger(q.value)) continue;
    const positions = countDesignators(cellText(row?.[designators]));
    // A 0 beside named positions ("Qty Bottom" on a top-side row) is no count of them.
    if (q.value < 1) {
      if (positions > 0) return false;
      continue;
    }
    numbers.push(q.value);
    if (positions === 0) continue;
    if (positions !== q.value) return false;
    agree++;
    if (positions > 1) several = true;
  }
  return agree >= 3 && several && !runningIndex(numbers) && numbers.length * 5 >= filled * 4;
}

/** A column of counts written with the multiplication sign ("4×", "x2"): the count, under whatever header ("Nr"). */
export function countsWithTimesSign(sample: CellGrid, c: number | undefined): boolean {
  if (c === undefined) return false;
  const filled = sample.map((r) => cellText(r[c]).trim()).filter((t) => t !== '');
  const times = filled.filter((t) => /^(?:\d+\s*[x×]|[x×]\s*\d+)$/i.test(t)).length;
  return times >= 3 && times * 5 >= filled.length * 3;
}

/**
 * A column with no header at all, in a list that names no positions, whose cells are counts: whole numbers of at least
 * one on at least three rows and four in five of its filled ones (a course kit's "10", "2 from 10 pack"), never rising
 * from row to row (item numbers, gaps and all), never all the same one (a column of 1s says nothing a default would
 * not), no chip size ("0603"), and not the first column (where a list keeps its item numbers).
 */
function countsUnderNoHeader(sample: CellGrid, c: number, header: Cell): boolean {
  if (c === 0 || cellText(header).trim() !== '') return false;
  const filled = sample.map((r) => r?.[c]).filter((v) => cellText(v).trim() !== '');
  // A chip's size ("0603") is no count.
  if (filled.some((v) => /^0\d/.test(cellText(v).trim()))) return false;
  const numbers = filled.flatMap((v) => {
    const q = parseQuantity(v);
    return q.kind === 'ok' && Number.isInteger(q.value) && q.value >= 1 ? [q.value] : [];
  });
  return (
    numbers.length >= 3 &&
    numbers.length * 5 >= filled.length * 4 &&
    !numbers.every((v, i) => i === 0 || v >= numbers[i - 1]) &&
    new Set(numbers).size > 1
  );
}

/**
 * The column of counts a header does not name, of those not `used`: counts written with a times sign ("4x"), each
 * row's count of positions under a header naming nothing else (a "#" column, countsOfPositions), or, where no column
 * names positions, counts under no header at all (countsUnderNoHeader).
 */
export function unnamedCountColumn(
  sample: CellGrid,
  headerCells: readonly Cell[],
  used: readonly number[],
  designators: number | undefined,
): number | undefined {
  const width = Math.max(0, ...sample.map((r) => r.length));
  const counted = (c: number) =>
    countsWithTimesSign(sample, c) ||
    countsOfPositions(sample, c, designators, headerCells[c] ?? null) ||
    (designators === undefined && countsUnderNoHeader(sample, c, headerCells[c] ?? null));
  return [...Array(width).keys()].find((c) => !used.includes(c) && counted(c));
}
