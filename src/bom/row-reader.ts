/**
 * Phase 4 of reading a BOM: the rows of the table read one by one into lines, skipped rows (each with its
 * reason) and warnings. A row not placed, a PCB feature, a total or heading, a second source under its line and a
 * line that cannot be priced are each told apart here; the part number and quantity come from row-part.ts and
 * row-quantity.ts.
 */
import { otherChoice } from './alternates';
import { designatorsAsCounted, positionsMarkedUnfitted, positionsNamedIn } from './designators';
import { BOM_FIELDS, type BomField } from './header';
import { manufacturerKey } from '../match/manufacturer';
import {
  containsDnpMarker,
  amountInWordsElsewhere,
  parseQuantity,
  partNumberSaysDnp,
  type QuantityParse,
} from './quantity';
import { cellMarkingDnp } from './hand-soldered';
import { isPlaceholder } from './placeholder';
import { type DnpKind, dnpKindOf, dnpMarked } from './dnp-column';
import { type ColumnChoice, carriesMarks, describesPart } from './read-columns';
import {
  type BomLine,
  type BomWarning,
  type LineAbove,
  givesNumber,
  type SkipReason,
  type SkipFacts,
  type SkippedLine,
  columnLabel,
  lookupKeyOf,
  quote,
} from './read-result';
import {
  SAMPLE_ROWS,
  type TableBounds,
  filledRows,
  headerWords,
  type RowPlace,
  footerWarning,
  lastRowAbove,
  sectionHeaderAt,
  tableEndsAt,
} from './read-table';
import {
  boardFeature,
  featureWords,
  holesByDesignator,
  boardRowWords,
  namingTexts,
  partBuysNothing,
  screwHole,
  testPadsByFootprint,
} from './no-purchase-rows';
import { ownCodeLinked } from './product-links';
import { PartReader } from './row-part';
import { type VariantColumn, notFittedInVariant } from './variants';
import { QuantityRules, builtBoardsAbove, countInName, headingAlone, unquantifiedPurchase } from './row-quantity';
import {
  type Cell,
  type CellGrid,
  cellText,
  gridWidth,
  isBlankRow,
  isRuleRow,
  partNumberText,
} from '../text/normalize';
import * as items from './row-items';
import { RowSections } from './row-sections';
import { sectionHeader } from './section-gap';

/** Phase 4: the rows of the table read one by one into lines, skipped rows and warnings. */
export class RowReader {
  readonly lines: BomLine[] = [];
  readonly skipped: SkippedLine[] = [];
  tableEnd: number;
  private readonly repeatedHeader: string | null;
  private readonly dnpKind: DnpKind;
  /** The quantity rules of this table: boards the quantities are for, designators counted instead. */
  private readonly quantities: QuantityRules;
  /** The part number each row is bought by (and the value cells it could only judge by their shape). */
  readonly parts: PartReader;
  /**
   * Columns no field reads whose header says they may carry a line's marks (notes, "Assembly Info", ASSY, a Value
   * column, or no header): a DNP mark in one still marks the line; one named otherwise ("LowCost") does not.
   */
  private readonly markColumns: number[];
  /** Why a row is a second source by a column of choices ("Preference": "Alternate"), or null (otherChoice). */
  private readonly otherChoice: (row: readonly Cell[]) => string | null;

  constructor(
    private readonly cells: CellGrid,
    private readonly bounds: TableBounds,
    private readonly choice: ColumnChoice,
    private readonly headerCells: readonly Cell[],
    readonly supplierColumns: number[],
    private readonly firstRowNumber: number,
    private readonly warnings: BomWarning[],
    dataRows: CellGrid,
    /** The build variant read: its not-fitted marks leave lines out. */
    private readonly variant?: VariantColumn,
    catalogAnswers?: ReadonlyMap<string, boolean>,
    /** The rows merged ranges join to the item above them (row-items.ts). */
    private readonly continued: ReadonlyMap<number, items.ItemContinuation> = new Map(),
    /** The words the workbook's or sheet's name gives the project (projectWords). */
    private readonly projectWords: readonly string[] = [],
  ) {
    const { mapping } = choice;
    this.tableEnd = bounds.lastRow;
    this.repeatedHeader =
      bounds.headerRow === null || isBlankRow(headerCells)
        ? null
        : headerWords(headerCells, choice.mapping, supplierColumns);
    const sample = filledRows(dataRows, SAMPLE_ROWS);
    this.dnpKind = dnpKindOf(choice, headerCells, sample);
    const taken = new Set<number>([
      ...supplierColumns,
      ...BOM_FIELDS.map((f) => mapping[f]).filter((c): c is number => c !== undefined),
    ]);
    this.markColumns = [];
    for (let c = 0, width = gridWidth(sample); c < Math.max(width, headerCells.length); c++) {
      if (!taken.has(c) && carriesMarks(cellText(headerCells[c]))) this.markColumns.push(c);
    }
    this.otherChoice = otherChoice(dataRows, taken, headerCells, mapping);
    this.parts = new PartReader(choice, headerCells, supplierColumns, sample, catalogAnswers);
    this.quantities = new QuantityRules(
      mapping,
      headerCells,
      bounds.headerRow === null || mapping.quantity === undefined
        ? 1
        : builtBoardsAbove(cells, bounds.headerRow, dataRows, mapping.quantity),
      sample,
      warnings,
      (r) => this.label(r),
    );
  }

  private readonly label = (r: number): string => `Row ${r + this.firstRowNumber}`;

  private at(row: readonly Cell[], field: BomField): Cell {
    return this.choice.mapping[field] === undefined ? null : row[this.choice.mapping[field]];
  }

  /** Whether row `r` repeats the header, or heads another section of the list (sectionHeaderAt). */
  private repeatsHeader(row: readonly Cell[], r: number): boolean {
    const key = headerWords(row, this.choice.mapping, this.supplierColumns);
    if (this.repeatedHeader !== null && key === this.repeatedHeader) return true;
    return sectionHeaderAt(this.cells, r, this.headerCells, this.choice.mapping);
  }

  private skip(row: number, reason: SkipReason, detail: string, extra: SkipFacts = {}): void {
    const given = Object.entries(extra).filter(([, v]) => v !== undefined);
    this.skipped.push({ row, reason, detail, message: `${this.label(row)}: ${detail}`, ...Object.fromEntries(given) });
  }

  /** Reads every row from the table's first to its end (a footer block after a blank run ends it early). */
  readAll(dataStart: number): void {
    const { cells } = this;
    const lastRow = this.bounds.lastRow;
    // Where each row stands: after a blank run below rows read, after a line read, in a list kept in sections.
    const place: RowPlace = {
      dataStart,
      lastRow,
      blankBefore: false,
      lineRead: false,
      sectioned: false,
      header: this.headerCells,
      headerAgain: false,
      quantityColumn: this.choice.mapping.quantity,
      isHeader: (x, at) => this.repeatsHeader(x, at),
      looksLikeLine: (x) => this.quantities.looksLikeLine(x),
    };
    let seenRow = false;
    let above: LineAbove | null = null;
    // The row of the item the next row may continue (row-items.ts): a line, or a DNP line, just above.
    let item: number | null = null;
    // Rows that give the rest of an item's positions, by row, and the item's row (items.positionRows).
    const positionOf = new Map<number, number>();
    for (let r = dataStart; r <= lastRow; r++) {
      const row = cells[r] ?? [];
      if (isBlankRow(row)) {
        place.blankBefore = seenRow;
        above = null;
        item = null;
        continue;
      }
      if (tableEndsAt(cells, r, place)) {
        this.tableEnd = lastRowAbove(cells, r, dataStart);
        this.warnings.push(footerWarning(cells, r, lastRow, this.label));
        break;
      }
      place.blankBefore = false;
      seenRow = true;
      const merged = this.continued.get(r);
      const of = merged === undefined ? positionOf.get(r) : undefined;
      const why =
        of !== undefined
          ? items.positionSkip(row, this.choice.mapping, of + this.firstRowNumber)
          : merged === undefined
            ? (this.sections.skip(cells, r, dataStart) ?? items.partNotFoundRow(row))
            : items.continuationSkip(row, this.cells, merged, this.choice.mapping.partNumber, this.firstRowNumber);
      if (why !== null) {
        this.skip(r, why.reason, why.detail, { quantityPerBoard: why.quantityPerBoard });
        continue;
      }
      const before = { lines: this.lines.length, skipped: this.skipped.length };
      above = this.readRow(r, row, above, item);
      const skip = this.skipped.length > before.skipped ? this.skipped[this.skipped.length - 1] : null;
      if (skip?.reason === 'no-part-number' && (this.repeatsHeader(row, r) || sectionHeader(row, this.headerCells)))
        place.headerAgain = true;
      if (this.lines.length > before.lines || skip?.reason === 'incomplete' || skip?.reason === 'dnp') {
        item = r;
        const count = (this.lines.length > before.lines ? this.lines[this.lines.length - 1] : skip)?.quantityPerBoard;
        const rows =
          skip?.reason === 'dnp' || !count ? 0 : items.positionRows(cells, r, lastRow, this.choice.mapping, count);
        for (let k = 1; k <= rows; k++) positionOf.set(r + k, r);
        place.lineRead = true;
      } else if (!this.continues.has(r)) item = null;
    }
  }

  /** Rows read as part of the item above them by their cells alone (items.continuesByCells). */
  private readonly continues = new Set<number>();
  private readonly sections = new RowSections();

  /** One row: a line, or a skip with its reason. Returns the line the next row would stand under. */
  private readRow(r: number, row: readonly Cell[], lineAbove: LineAbove | null, item: number | null): LineAbove | null {
    const again = this.repeatsHeader(row, r) ? 'repeats the header row' : isRuleRow(row) ? "is the table's rule" : null;
    const other = again === null ? this.otherChoice(row) : null;
    if (again !== null || other !== null) {
      this.skip(r, other === null ? 'no-part-number' : 'alternate', other ?? again ?? '');
      return other === null ? null : lineAbove;
    }
    const partNumberRaw = cellText(this.at(row, 'partNumber'));
    const cellPartNumber = partNumberText(this.at(row, 'partNumber'));
    const description = cellText(this.at(row, 'description'));
    const designatorText = cellText(this.at(row, 'designators'));
    let quantity: QuantityParse =
      this.choice.mapping.quantity === undefined ? { kind: 'empty' } : parseQuantity(this.at(row, 'quantity'));
    // No count and no positions, a note saying "as required": the amount in words, as in the quantity column.
    if (quantity.kind === 'empty' && designatorText === '' && this.choice.mapping.quantity !== undefined)
      quantity = row.map(amountInWordsElsewhere).find((q) => q !== null) ?? quantity;
    quantity = this.quantities.perBoard(row, quantity);

    const parsed = designatorsAsCounted(designatorText, quantity);
    // A DNP column naming some of the row's positions ("J6" beside "J11,J12,J15,J6") marks those, not the line.
    const dnpColumn = this.choice.mapping.dnp;
    const namedInDnp = dnpColumn === undefined ? null : positionsNamedIn(row[dnpColumn], parsed.list);
    const notPlaced =
      namedInDnp === null
        ? this.notPlacedReason(row, quantity, cellPartNumber, partNumberRaw, description, designatorText)
        : null;
    if (notPlaced !== null) {
      this.skip(r, 'dnp', `not placed (${notPlaced})`);
      // Its approved makers on the rows under it are not bought either.
      return cellPartNumber === '' ? null : { row: r, partNumber: cellPartNumber, description, placed: false };
    }
    const unfitted = namedInDnp ?? positionsMarkedUnfitted(row, parsed.list, dnpColumn, this.markColumns);
    if (unfitted !== null && unfitted.fitted.length === 0) {
      this.skip(r, 'dnp', `not placed (every position is marked not fitted: ${quote(unfitted.mark, 40)})`);
      return null;
    }
    const [part, positions] = [this.parts.partOf(row, cellPartNumber), this.quantities.arePositions(parsed.list)];
    if (
      part === null ||
      partBuysNothing(row, part, parsed.list, this.parts.valueAsPartNumber) ||
      this.testPads(row, parsed.list) !== null
    ) {
      const why = this.noPartNumberReason(
        r,
        row,
        cellPartNumber,
        quantity,
        parsed.list.length,
        parsed.errors.length === 0,
        positions,
        parsed.list,
        item,
      );
      this.skip(r, why.reason, why.detail, { quantityPerBoard: why.quantityPerBoard });
      return why.continues ? lineAbove : null;
    }
    const { partNumber } = part;
    const manufacturer = part.manufacturer ?? cellText(this.at(row, 'manufacturer'));
    if (part.note !== '')
      this.warnings.push({ row: r, code: 'part-number', message: `${this.label(r)}: ${part.note}` });

    const second = items.secondSource(
      {
        designatorText,
        positions: parsed.list,
        description,
        hasDesignators: this.choice.mapping.designators !== undefined,
        partNumber,
      },
      lineAbove,
      this.lines,
      (n) => this.label(n),
    );
    if (second !== null) {
      this.skip(r, 'alternate', second);
      return lineAbove;
    }
    // Words in the designator column ("Prototyping board": an item's name) are no positions to count over a quantity.
    const listed = quantity.kind === 'ok' && !positions ? 0 : parsed.list.length;
    const counted = this.quantities.lineQuantity(r, quantity, listed, lineAbove, manufacturer, description);
    if (counted.kind === 'skip') {
      const why = headingAlone(row, part.partNumber) ?? counted;
      this.skip(r, why.reason, why.detail, { partNumber: part.partNumber });
      return counted.alternate ?? null;
    }
    this.quantities.designatorWarnings(r, designatorText, parsed, counted);
    let designators = [...parsed.list];
    let quantityPerBoard = counted.quantityPerBoard;
    if (unfitted !== null) {
      designators = unfitted.fitted;
      // The quantity counts every position listed, unless it already counts only the fitted ones.
      quantityPerBoard =
        counted.quantityPerBoard === unfitted.fitted.length
          ? counted.quantityPerBoard
          : Math.max(0, counted.quantityPerBoard - unfitted.named);
      this.warnings.push({
        row: r,
        code: 'partly-fitted',
        message: `${this.label(r)}: ${unfitted.named} of ${unfitted.named + unfitted.fitted.length} positions are marked not fitted (${quote(unfitted.mark, 60)}): ${quantityPerBoard} per board bought`,
      });
    }
    this.lines.push({
      row: r,
      partNumber,
      manufacturer,
      manufacturerKey: manufacturerKey(manufacturer),
      quantityPerBoard,
      quantitySource: counted.quantitySource,
      designators,
      description,
      lookupKey: lookupKeyOf(partNumber, manufacturer),
      supplierPartNumbers: this.supplierColumns.map((c) => partNumberText(row[c])).filter(givesNumber),
      pinnedOffer: cellText(this.at(row, 'offer')).trim(),
      replacement: partNumberText(this.at(row, 'replacement')),
      ...(part.from !== undefined ? { partNumberFrom: part.from } : {}),
    });
    return { row: r, partNumber, description, placed: designators.length > 0 };
  }

  /** Test pads whose part number is only their footprint's name (testPadsByFootprint), or null: never on a shop's code. */
  private testPads(row: readonly Cell[], list: readonly string[]) {
    if (this.supplierColumns.some((c) => this.parts.shops.numberIn(row, c) !== null)) return null;
    return testPadsByFootprint(list, row, this.choice.mapping.partNumber, cellText(this.at(row, 'manufacturer')));
  }

  /** Why the row is not placed (its DNP column, a 0 or "DNP" quantity, a DNP mark in its text, notes or shop), or null. */
  private notPlacedReason(
    row: readonly Cell[],
    quantity: QuantityParse,
    partNumber: string,
    partNumberRaw: string,
    description: string,
    designatorText: string,
  ): string | null {
    if (this.variant !== undefined && notFittedInVariant(row[this.variant.column]))
      return `variant ${quote(this.variant.name, 30)}: ${quote(cellText(row[this.variant.column]), 10)}`;
    const dnpCell = this.at(row, 'dnp');
    const kind = this.dnpKind;
    const marked = this.choice.mapping.dnp !== undefined && dnpMarked(kind, dnpCell, partNumberRaw);
    if (marked)
      return `${kind === 'populate' ? 'populate' : 'DNP'} column: ${quote(cellText(dnpCell) || String(dnpCell), 30)}`;
    if (quantity.kind === 'dnp') return `quantity ${quote(quantity.text, 30)}`;
    // A 0 in a quantity column that does not count the positions (an order's) leaves the positions listed to fill.
    if (quantity.kind === 'ok' && quantity.value === 0 && !(this.quantities.countDesignators && designatorText !== ''))
      return 'quantity 0';
    if (partNumber !== '' && partNumberSaysDnp(partNumberRaw)) return `part number ${quote(partNumberRaw, 40)}`;
    if (description !== '' && (containsDnpMarker(description) || partNumberSaysDnp(description)))
      return `description ${quote(description, 40)}`;
    if (designatorText !== '' && containsDnpMarker(designatorText)) return `designators ${quote(designatorText, 40)}`;
    // Whether the column describes the part is asked only of a column that carries no marks.
    const c = cellMarkingDnp(row, this.markColumns, (i) => describesPart(this.headerCells, i));
    return c < 0 ? null : `${quote(columnLabel(this.headerCells, c), 30)}: ${quote(cellText(row[c]), 30)}`;
  }

  /**
   * Why the row gives nothing to look up. A PCB feature or the bare board is no line; a row with a quantity or
   * designators and something that names it is a line to buy that cannot be priced ('incomplete': it keeps its
   * quantity, says what it has and what is missing); anything else (a total, a heading, a note) is no line.
   */
  private noPartNumberReason(
    r: number,
    row: readonly Cell[],
    partNumber: string,
    quantity: QuantityParse,
    designators: number,
    designatorsClean: boolean,
    positions = false,
    designatorsOf: readonly string[] = [],
    item: number | null = null,
  ): { reason: SkipReason; detail: string; quantityPerBoard?: number; continues?: true } {
    const laidOut = holesByDesignator(designatorsOf, row) ?? screwHole(row, this.headerCells);
    const feature = boardFeature(row) ?? laidOut ?? this.testPads(row, designatorsOf);
    if (feature !== null) return { reason: 'not-purchase', detail: featureWords(feature) };
    const board = boardRowWords(row, partNumber, designatorsOf, this.projectWords);
    if (board !== null) return { reason: 'not-purchase', detail: board };
    const { mapping } = this.choice;
    // As for a line that is priced: never fewer than the designators listed (when they read as designators), and
    // them alone where the quantity column does not count them.
    const listed = designatorsClean && positions ? designators : 0;
    const unquantified = unquantifiedPurchase(row, quantity, mapping);
    const perBoard =
      quantity.kind === 'ok' && quantity.value > 0
        ? this.quantities.countDesignators && listed > 0
          ? listed
          : Math.max(quantity.value, listed)
        : positions && designators > 0 // words ("PLA filament") are no positions to count
          ? designators
          : unquantified === 'priced'
            ? countInName(row, mapping)
            : undefined;
    const { texts: has, naming } = namingTexts(row, mapping, this.headerCells);
    // An amount in words ("若干", "as needed") leaves the count to the buyer: a line to buy all the same. So does a
    // purchase list's row naming a thing and the shop's link to it, its quantity left blank ("CABLES VARIOS").
    const linked = perBoard === undefined && unquantified === 'linked';
    // A count written so it cannot be read ("2 oder 3 *)", "0.3") is the buyer's to say too: flagged, not dropped.
    const inWords =
      (quantity.kind === 'bad' && (quantity.inWords === true || /^\d/.test(quantity.text)) && naming) || linked;
    // A row with designators and a quantity is a line, whatever else it says ("300" in its value).
    if ((perBoard === undefined && !inWords) || (!naming && !(designatorsClean && positions))) {
      if (partNumber === '') return { reason: 'no-part-number', ...this.noPartNumberDetail(r, row, item) };
      if (isPlaceholder(partNumber))
        return { reason: 'no-part-number', detail: `part number ${quote(partNumber)} is a placeholder` };
      return { reason: 'no-part-number', detail: `no part number (value ${quote(partNumber, 30)} only)` };
    }
    const supplier = this.supplierColumns
      .map((c) => {
        const text = cellText(row[c]);
        const shop = givesNumber(text.trim()) ? this.parts.shops.ownCatalogue(c, text.trim()) : null;
        return shop === null ? text : `${shop} ${text.trim()}`;
      })
      .filter((t) => givesNumber(t.trim()));
    const ownCode = partNumber === '' && supplier.length === 0 ? ownCodeLinked(row) : null;
    if (ownCode !== null && this.parts.notOrderable === null) supplier.push(ownCode);
    const named =
      this.parts.notOrderable !== null
        ? this.parts.notOrderable
        : partNumber === ''
          ? quote(has.slice(0, 2).join(' | '), 50)
          : isPlaceholder(partNumber)
            ? `part number ${quote(partNumber)} is a placeholder`
            : `value ${quote(partNumber, 30)}`;
    const what = supplier.length > 0 ? `${named}; ${supplier.join(', ')}` : named;
    const count =
      perBoard !== undefined
        ? quantity.kind === 'ok' && quantity.note !== undefined && quantity.value === perBoard
          ? `${perBoard} per board: ${quote(quantity.text, 20)} ${quantity.note}`
          : `${perBoard} per board`
        : linked
          ? 'no quantity given: say how many'
          : quantity.kind === 'bad' && quantity.inWords !== true
            ? `quantity ${quote(quantity.text, 20)} ${quantity.problem}: say how many`
            : `quantity ${quote(quantity.kind === 'bad' ? quantity.text : '', 20)} in words: say how many`;
    return {
      reason: 'incomplete',
      detail: `a line to buy (${count}; ${what}) with no manufacturer part number to price it by: add one`,
      ...(perBoard === undefined ? {} : { quantityPerBoard: perBoard }),
    };
  }

  /**
   * A row without a part number says what it is where it can: a total under the quantities (Altium's BOM templates
   * write one per section), a heading over a section that repeats the header, or its text.
   */
  private noPartNumberDetail(
    r: number,
    row: readonly Cell[],
    item: number | null,
  ): { detail: string; continues?: true } {
    const { mapping } = this.choice;
    const other = row.map((c) => cellText(c)).filter((t) => t !== '');
    if (other.length === 0) return { detail: 'no part number' };
    if (
      other.length === 1 &&
      mapping.quantity !== undefined &&
      cellText(row[mapping.quantity]) === other[0] &&
      parseQuantity(row[mapping.quantity]).kind === 'ok'
    ) {
      return { detail: `a total (${quote(other[0], 30)}), not a part` };
    }
    if (other.length === 1 && this.repeatedHeader !== null) {
      let next = r + 1;
      while (next <= this.bounds.lastRow && isBlankRow(this.cells[next])) next++;
      if (next <= this.bounds.lastRow && this.repeatsHeader(this.cells[next] ?? [], next))
        return { detail: `a section heading (${quote(other[0], 40)})` };
    }
    // Text alone right under a line, its key cells empty: the item's text wrapped onto a row of its own.
    if (item !== null && items.continuesByCells(row, mapping, this.supplierColumns)) {
      this.continues.add(r);
      return { detail: items.continuationDetail({ head: item }, this.firstRowNumber), continues: true };
    }
    return { detail: `no part number (${quote(other.join(' | '), 50)})` };
  }
}
