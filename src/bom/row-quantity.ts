/**
 * A row's quantity per board, read as a buyer would: the quantity column, checked against the designators listed
 * (never fewer than the positions to fill), divided back when the quantities are for several boards.
 */
import { groupedCount, plural } from '../text/plural';
import { BOM_FIELDS, type ColumnMapping, looksLikePartNumber } from './header';
import { allPositions, looksLikeDesignators, parseDesignators } from './designators';
import { parseQuantity, type QuantityParse } from './quantity';
import { type BomLine, type BomWarning, type LineAbove, type SkipReason, quote } from './read-result';
import { type Cell, type CellGrid, cellText, columnName } from '../text/normalize';
import { startsWithPrice } from '../text/money';

/**
 * The number of boards a priced sheet's quantities are for: KiCost writes "Board Qty:" and N in its title block
 * and multiplies every quantity by N. 1 unless such a cell is above the header and every quantity divides by N.
 */
export function builtBoardsAbove(
  cells: CellGrid,
  headerRow: number,
  dataRows: CellGrid,
  quantityColumn: number,
): number {
  let boards = 1;
  for (let r = 0; r < headerRow && boards === 1; r++) {
    const row = cells[r] ?? [];
    for (let c = 0; c + 1 < row.length; c++) {
      if (!/^board\s*qty\s*:?$/i.test(cellText(row[c]))) continue;
      const q = parseQuantity(row[c + 1]);
      if (q.kind === 'ok' && q.value >= 2) boards = q.value;
      break;
    }
  }
  if (boards === 1) return 1;
  for (const row of dataRows) {
    const q = parseQuantity(row?.[quantityColumn]);
    if (q.kind === 'ok' && q.value % boards !== 0) return 1;
  }
  return boards;
}

/** How a row's quantity per board was found, or why the row is no line. */
export type LineQuantity =
  /** `quantityCell`: the quantity column's number where the designators were counted instead. */
  | { kind: 'line'; quantityPerBoard: number; quantitySource: BomLine['quantitySource']; quantityCell?: number }
  | { kind: 'skip'; reason: SkipReason; detail: string; alternate?: LineAbove };

/** The rows of the sample that give both a quantity (not 0) and designators: the two counts, for comparing them. */
function quantityDesignatorPairs(
  sample: CellGrid,
  mapping: ColumnMapping,
): { quantity: number; designators: number }[] {
  const q = mapping.quantity;
  const d = mapping.designators;
  if (q === undefined || d === undefined) return [];
  const pairs: { quantity: number; designators: number }[] = [];
  for (const row of sample) {
    const quantity = parseQuantity(row?.[q]);
    const text = cellText(row?.[d]);
    if (quantity.kind !== 'ok' || quantity.value === 0 || text === '' || !looksLikeDesignators(text)) continue;
    const n = parseDesignators(text).list.length;
    if (n > 0) pairs.push({ quantity: quantity.value, designators: n });
  }
  return pairs;
}

/**
 * The number of boards the quantities are for when every quantity is the same multiple (2 or more) of its
 * designator count on at least three lines (a KiCost sheet for 100 boards without its "Board Qty"); else 1.
 */
function quantityMultiple(sample: CellGrid, mapping: ColumnMapping): number {
  let multiple = 0;
  let compared = 0;
  for (const { quantity, designators } of quantityDesignatorPairs(sample, mapping)) {
    if (quantity % designators !== 0) return 1;
    const k = quantity / designators;
    if (compared > 0 && k !== multiple) return 1;
    multiple = k;
    compared++;
  }
  return compared >= 3 && multiple >= 2 ? multiple : 1;
}

/**
 * Whether the quantity column ignores the designators: where both are given, they agree on fewer than a quarter
 * of at least three lines (EasyEDA Pro writing the build's count, 9, on lines of one to seven designators).
 */
function quantityIgnoresDesignators(sample: CellGrid, mapping: ColumnMapping): boolean {
  const pairs = quantityDesignatorPairs(sample, mapping);
  const compared = pairs.length;
  const agree = pairs.filter((p) => p.designators === p.quantity).length;
  return compared >= 3 && agree * 4 < compared;
}

/**
 * Whether the table lists one position a row, with no quantity column (EAGLE's list of parts: "C1", "RF_RX", "USB"):
 * every designator cell of the sample one name, more than half of them shaped as positions. Each row's name is then one
 * position, whatever its shape.
 */
function onePositionEach(sample: CellGrid, mapping: ColumnMapping): boolean {
  if (mapping.quantity !== undefined || mapping.designators === undefined) return false;
  const names = sample.map((row) => cellText(row[mapping.designators as number]).trim()).filter((t) => t !== '');
  const shaped = names.filter((t) => looksLikeDesignators(t)).length;
  return names.length >= 8 && names.every(isOneName) && shaped * 2 > names.length;
}

/** A designator cell of one name: letters, digits and a few marks, a letter among them, no separator. */
const isOneName = (t: string): boolean => /^[A-Za-z0-9][\w+.-]{0,15}$/.test(t) && /[A-Za-z]/.test(t);

/**
 * A column that multiplies each row's count by the assemblies of its kind a build holds: a multiplier named for an
 * assembly ("assembly multiplier", "Assy mult."), never one for a price or a unit ("Price multiplier").
 */
const MULTIPLIER_HEADER =
  /^(?=.*\b(?:assembl(?:y|ies)|assy|sub-?assembly|baugruppe|ensamblaje|assemblage)\b)(?=.*\b(?:multiplier|multiplicator|multiplikator|multiplicador|multiplicateur|moltiplicatore|mult\.?)(?:\s|$))[^$€£%]*$/i;

/**
 * A column no field maps whose header names a multiplier of the count ("# req in assy" beside "assembly
 * multiplier": the assemblies of the row's kind one build holds), its filled cells whole numbers: its column.
 */
function multiplierColumn(headerCells: readonly Cell[], sample: CellGrid, mapping: ColumnMapping): number | undefined {
  if (mapping.quantity === undefined) return undefined;
  const mapped = new Set(BOM_FIELDS.map((f) => mapping[f]));
  for (let c = 0; c < headerCells.length; c++) {
    if (mapped.has(c) || !MULTIPLIER_HEADER.test(cellText(headerCells[c]).trim())) continue;
    const filled = sample.map((row) => parseQuantity(row?.[c])).filter((q) => q.kind !== 'empty');
    if (filled.length > 0 && filled.every((q) => q.kind === 'ok' && !q.estimated)) return c;
  }
  return undefined;
}

/** A count written with a decimal mark ("0.5", "0,5"): its value; null for anything else. */
function decimalCount(text: string): number | null {
  return /^\d{1,6}(?:[.,]\d{1,4})?$/.test(text) ? Number(text.replace(',', '.')) : null;
}

/** The quantity rules of one table, found from its sample, with the warnings that tell them; then each row's quantity. */
export class QuantityRules {
  /** The number of boards the quantities are for (1 unless "Board Qty" or a common multiple says otherwise). */
  readonly divisor: number;
  /** The quantity column does not count the designators (9 on every line of one to seven): they are counted instead. */
  readonly countDesignators: boolean;
  /** One position a row and no quantity column (see onePositionEach): a row's one name is one position. */
  readonly onePositionEach: boolean;
  /** A column multiplying each row's count (see multiplierColumn). */
  private readonly multiplier: number | undefined;
  private defaultQuantityWarned = false;

  /**
   * Whether a row's designators are all positions (allPositions), or its one name in a table of one position a row
   * (see onePositionEach).
   */
  arePositions(names: readonly string[]): boolean {
    return allPositions(names) || (this.onePositionEach && names.length === 1 && isOneName(names[0]));
  }

  /** Whether a row after a blank run is a line of the table, so that the blank run does not end it. */
  looksLikeLine(row: readonly Cell[]): boolean {
    const { mapping } = this;
    if (mapping.partNumber !== undefined && looksLikePartNumber(row[mapping.partNumber])) return true;
    const refs = mapping.designators === undefined ? '' : cellText(row[mapping.designators]);
    if (refs !== '' && (looksLikeDesignators(refs) || this.arePositions([refs]))) return true;
    // A list with no part-number column (a purchase list of names and shops): a row with a name and a quantity
    // is a line, so a blank row between its sections does not end the table.
    // A costed shopping list with no quantity column: a name and its price or shop's link.
    if (mapping.partNumber === undefined && mapping.quantity === undefined)
      return unquantifiedPurchase(row, { kind: 'empty' }, mapping) !== null;
    return namedCountedRow(row, mapping);
  }

  constructor(
    private readonly mapping: ColumnMapping,
    headerCells: readonly Cell[],
    boardsAbove: number,
    sample: CellGrid,
    private readonly warnings: BomWarning[],
    private readonly label: (r: number) => string,
  ) {
    let divisor = boardsAbove;
    if (divisor === 1) {
      const multiple = quantityMultiple(sample, mapping);
      if (multiple > 1) {
        divisor = multiple;
        warnings.push({
          row: null,
          code: 'quantity-read',
          message: `Every quantity is ${groupedCount(multiple)} times its designator count: the quantities are for ${groupedCount(multiple)} boards, and each was divided by ${groupedCount(multiple)} to give the quantity per board.`,
        });
      }
    }
    this.divisor = divisor;
    this.countDesignators = divisor === 1 && quantityIgnoresDesignators(sample, mapping);
    this.onePositionEach = onePositionEach(sample, mapping);
    // Quantities for several boards are divided back; a multiplier beside them is not guessed at.
    this.multiplier = divisor > 1 ? undefined : multiplierColumn(headerCells, sample, mapping);
    if (this.multiplier !== undefined)
      warnings.push({
        row: null,
        code: 'quantity-read',
        message: `Each row's quantity (${quote(cellText(headerCells[mapping.quantity as number]), 30)}) is multiplied by its ${quote(cellText(headerCells[this.multiplier]), 30)} to give the quantity per board.`,
      });
    if (this.countDesignators) {
      warnings.push({
        row: null,
        code: 'quantity-mismatch',
        message: `The quantity column (${quote(cellText(headerCells[mapping.quantity as number]) || columnName(mapping.quantity as number), 30)}) disagrees with the designator count on most lines: each line's designators are counted instead.`,
      });
    }
    if (boardsAbove > 1) {
      const boardsText = groupedCount(divisor);
      warnings.push({
        row: null,
        code: 'quantity-read',
        message: `The quantities are for ${boardsText} boards ("Board Qty" above the header); each was divided by ${boardsText} to give the quantity per board.`,
      });
    }
  }

  /**
   * A row's count for one board: its quantity cell divided by the boards the quantities are for, times its
   * multiplier (a share of 0.5 times 2 is 1).
   */
  perBoard(row: readonly Cell[], quantity: QuantityParse): QuantityParse {
    if (quantity.kind === 'ok' && this.divisor > 1) return { ...quantity, value: quantity.value / this.divisor };
    const factor = this.multiplier === undefined ? null : parseQuantity(row[this.multiplier]);
    if (factor?.kind !== 'ok') return quantity;
    const each = quantity.kind === 'ok' ? quantity.value : quantity.kind === 'bad' ? decimalCount(quantity.text) : null;
    const value = each === null ? NaN : each * factor.value;
    if (!Number.isInteger(value) || quantity.kind === 'empty' || quantity.kind === 'dnp') return quantity;
    if (quantity.kind === 'ok') return { ...quantity, value };
    return { kind: 'ok', value, text: quantity.text, note: `read as ${quantity.text} × ${factor.value} = ${value}` };
  }

  /**
   * The quantity per board: the quantity column, else the designator count, else 1 when the BOM has neither
   * column. Where the designators listed outnumber the quantity, or the quantity column does not count the
   * designators at all, the designators are counted: a buyer never buys fewer than the positions listed.
   */
  lineQuantity(
    r: number,
    quantity: QuantityParse,
    designators: number,
    lineAbove: LineAbove | null,
    manufacturer: string,
    description: string,
  ): LineQuantity {
    const { mapping } = this;
    if (quantity.kind === 'bad')
      return {
        kind: 'skip',
        reason: 'incomplete',
        detail: `a line to buy whose quantity ${quote(quantity.text, 30)} ${quantity.problem}: say how many`,
      };
    if (quantity.kind === 'ok') {
      if (quantity.note)
        this.warnings.push({
          row: r,
          code: 'quantity-read',
          message: `${this.label(r)}: quantity ${quote(quantity.text, 30)} ${quantity.note}`,
        });
      if (designators > 0 && (this.countDesignators || designators > quantity.value))
        return {
          kind: 'line',
          quantityPerBoard: designators,
          quantitySource: 'designators',
          quantityCell: quantity.value,
        };
      return { kind: 'line', quantityPerBoard: quantity.value, quantitySource: 'quantity' };
    }
    if (designators > 0) return { kind: 'line', quantityPerBoard: designators, quantitySource: 'designators' };
    if (mapping.quantity === undefined && mapping.designators === undefined) {
      if (!this.defaultQuantityWarned) {
        this.defaultQuantityWarned = true;
        this.warnings.push({
          row: null,
          code: 'default-quantity',
          message: 'No quantity or designator column: each line counts as 1 per board.',
        });
      }
      return { kind: 'line', quantityPerBoard: 1, quantitySource: 'default' };
    }
    if (lineAbove !== null && manufacturer !== '' && description === '') {
      return {
        kind: 'skip',
        reason: 'alternate',
        detail: `alternate for ${this.label(lineAbove.row).toLowerCase()} (${quote(lineAbove.partNumber, 40)}): not bought`,
        alternate: lineAbove,
      };
    }
    // Counted by its positions alone, a row that lists none is no position to buy for (a part cancelled, a note).
    if (mapping.quantity === undefined)
      return { kind: 'skip', reason: 'no-part-number', detail: 'no designators to count' };
    return {
      kind: 'skip',
      reason: 'incomplete',
      detail: 'a line to buy with no quantity and no designators: say how many',
    };
  }

  /** Designators that could not all be read, or that disagree with the quantity column (which wins). */
  designatorWarnings(
    r: number,
    designatorText: string,
    parsed: { readonly list: readonly string[]; readonly errors: readonly string[] },
    counted: Extract<LineQuantity, { kind: 'line' }>,
  ): void {
    for (const e of parsed.errors) {
      this.warnings.push({
        row: r,
        code: 'designators',
        message: `${this.label(r)}: designators ${quote(designatorText, 40)}: ${e}`,
      });
    }
    const n = parsed.list.length;
    if (counted.quantityCell !== undefined && !this.countDesignators) {
      this.warnings.push({
        row: r,
        code: 'quantity-mismatch',
        message: `${this.label(r)}: quantity ${counted.quantityCell} but ${n} designators listed (${designatorText.length > 60 ? `${designatorText.slice(0, 59)}…` : designatorText}): ${n} bought, one per position`,
      });
    }
    if (counted.quantitySource === 'quantity' && n > 0 && n !== counted.quantityPerBoard) {
      this.warnings.push({
        row: r,
        code: 'quantity-mismatch',
        message: `${this.label(r)}: quantity ${counted.quantityPerBoard} but ${n} ${plural(n, 'designator')} (${designatorText.length > 60 ? `${designatorText.slice(0, 59)}…` : designatorText})`,
      });
    }
  }
}

/**
 * A row whose one text is what stands in its part-number column, no count and no number's shape to it: a heading
 * over the rows that follow ("Resistors"), no line to count.
 */
export function headingAlone(row: readonly Cell[], partNumber: string): { reason: SkipReason; detail: string } | null {
  const filled = row.filter((c) => cellText(c) !== '').length;
  if (filled !== 1 || /\d/.test(partNumber)) return null;
  return { reason: 'no-part-number', detail: `a heading (${quote(partNumber, 40)})` };
}

/** Words of a total or subtotal row, in the languages of the header vocabulary. */
export const TOTAL_WORDS =
  /\b(?:sub-?)?totals?\b|\bsum\b|\b(?:zwischen)?summe\b|\bgesamt|\bsomme\b|\bsuma\b|итого|合计|合計|小计|小計|总计|総計/i;

/**
 * Whether a row after a blank row goes on with a list counted in a quantity column: in a list with no part-number
 * column, a name and a count; where the part column names things in words, a thing named there ("Ceramic Capacitor
 * 0.1uF"), a count of one or more and more of the table's cells filled. Never a footer's label ("Total Purchase:",
 * "Used currency rates:") or a total.
 */
export function namedCountedRow(row: readonly Cell[], mapping: ColumnMapping): boolean {
  const quantity = mapping.quantity === undefined ? null : parseQuantity(row[mapping.quantity]);
  if (quantity?.kind !== 'ok') return false;
  if (mapping.partNumber === undefined)
    return row.some((cell, c) => c !== mapping.quantity && typeof cell === 'string' && /\p{L}{3}/u.test(cell));
  const name = cellText(row[mapping.partNumber]).trim();
  // A shop's all-digit number ("5302", Adafruit's) under a description that names the thing is a line too.
  const described =
    /^\d{3,}$/.test(name) && mapping.description !== undefined && /\p{L}{3}/u.test(cellText(row[mapping.description]));
  return (
    quantity.value > 0 &&
    (/\p{L}{3}/u.test(name) || described) &&
    !name.endsWith(':') &&
    !row.some((c) => TOTAL_WORDS.test(cellText(c))) &&
    row.filter((c) => cellText(c) !== '').length >= 3
  );
}

/**
 * How many a purchase list's row names in its name, with no quantity column to say it ("5V solar panels x2",
 * "2x Bearing 6200", "Schrauben M3 ×4"); one where the name gives no count.
 */
export function countInName(row: readonly Cell[], mapping: ColumnMapping): number {
  const name = mapping.description === undefined ? '' : cellText(row[mapping.description]);
  const m = /(?:^|\s)[x×*]\s?(\d{1,3})$/i.exec(name) ?? /^(\d{1,3})\s?[x×*]\s/i.exec(name);
  const n = m === null ? countsInBrackets(name) : Number(m[1]);
  return n > 0 ? n : 1;
}

/**
 * The counts a name gives in brackets, added up: "Arduino Uno (1x)", "Jumper wires (20x M-M; 20x M-F)": 40,
 * "Capacitors 10 µF (2x), 100 µF (2x)": 4. Never a size ("4x4 keypad", "(2x20 header)", "(8 x 8)"). 0 when there are none.
 */
function countsInBrackets(name: string): number {
  let sum = 0;
  for (const [, inside] of name.matchAll(/\(([^()]{1,60})\)/g))
    for (const [, n] of inside.matchAll(/(?:^|[\s;,])(\d{1,3})[x×](?=$|[\s;,])(?!\s*\d)/gi)) sum += Number(n);
  return sum;
}

/**
 * A purchase list's row (no part-number column) that names a thing but leaves its quantity blank: 'priced' when it
 * gives a price ("10 k Ohm Widerstand", 2 € or "2.00 EUR": one is bought), 'linked' when it gives a link to a shop's page
 * ("CABLES VARIOS", https://…: a thing to buy, how many left to the buyer); null otherwise, and for a row naming
 * a total.
 */
export function unquantifiedPurchase(
  row: readonly Cell[],
  quantity: QuantityParse,
  mapping: ColumnMapping,
): 'priced' | 'linked' | null {
  if (mapping.partNumber !== undefined || quantity.kind !== 'empty' || mapping.description === undefined) return null;
  const name = cellText(row[mapping.description]);
  // A name in words ("Kabel"), or one of a few letters and numbers ("9V to 5V": a converter), not a sum's figure.
  if (!/\p{L}{3}|\p{L}{2}\s.*\d|\d\p{L}.*\s\p{L}{2}/u.test(name)) return null;
  const texts = row.map((cell) => cellText(cell));
  if (texts.some((t) => TOTAL_WORDS.test(t))) return null;
  const others = (c: number): boolean => c !== mapping.description;
  const priced = (cell: Cell): boolean =>
    typeof cell === 'number' ? cell > 0 : typeof cell === 'string' && startsWithPrice(cell);
  if (row.some((cell, c) => others(c) && priced(cell))) return 'priced';
  if (/^https?:/i.test(name)) return null;
  if (texts.some((t, c) => others(c) && /^https?:\/\/\S+$/i.test(t.trim()))) return 'linked';
  // A name and what it is beside it ("Self tapping screws", "# 4 x 1/4"), the count left blank: the buyer says.
  return texts.filter((t, c) => others(c) && /\p{L}/u.test(t)).length >= 2 ? 'linked' : null;
}
