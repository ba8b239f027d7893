/**
 * From a 2-D array of cells (Excel `range.values` or a parsed CSV/XLSX) to BOM lines.
 *
 * Every row of the table, from the header down to its end (`tableEnd`), that holds something is accounted
 * for: it becomes a line or a skipped line with its reason. Blank rows are no lines. Rows above the header
 * (title, revision, date) and a footer block below the table (totals, currency rates, notes: told by a 'footer'
 * warning) are not part of the BOM. Row numbers in messages are the sheet's: `firstRowNumber` is the number of
 * `cells[0]`.
 */
import { nextTableHeader, stackedHeader, supplierPartColumns, tableBeside } from './header';
import { notBoughtHeading, tableAbove, tableBelow } from './more-tables';
import { endsSection, notBoughtDetail } from './row-sections';
import { alternateColumns, alternatesOfRow } from './alternates';
import { withBothSides } from './designators';
import { quotedRowsWarning, unwrapNestedCsv, unwrapQuotedRows } from './nested-csv';
import { labelledCellsWarning, spreadLabelledCells } from './labelled-cells';
import { rejoinSplitFields, splitFieldsWarning } from './split-fields';
import { rejoinShiftedRows, shiftedRowsWarning, shiftedWithinTable } from './shifted-fields';
import { ShopColumns, readByShopNumbers } from './shop-columns';
import { type CellGrid, type Cell, columnName, cellText, gridWidth, isBlankRow } from '../text/normalize';
import { contentMappingWarning, detectColumns, userColumns } from './read-columns';
import { choosePartNumber } from './part-number-column';
import {
  type BomLine,
  type BomReadResult,
  type BomWarning,
  type ReadBomOptions,
  groupByLookupKey,
  quote,
  rowRange,
  type SkippedLine,
} from './read-result';
import {
  checkOptions,
  filledRows,
  findTable,
  type TableBounds,
  headersSeen,
  noPartNumberColumn,
  SAMPLE_ROWS,
  sectionHeaderAt,
  titleRows,
} from './read-table';
import { RowReader } from './row-reader';
import { listsWithoutPartNumbers, noPartNumberWarning } from './unnumbered-lists';
import { distributorCodeColumns } from './column-content';
import { projectWords } from './no-purchase-rows';
import { mergedItems, shiftMerged } from './row-items';
import { type VariantColumn, variantColumns } from './variants';
import { BomError } from './errors';
import { type ColumnMapping } from './header';

export {
  MAX_BOARDS,
  type BomLine,
  type BomReadResult,
  type BomWarning,
  type BomWarningCode,
  type MergedRange,
  type ReadBomOptions,
  type SkipReason,
  type SkippedLine,
  groupByLookupKey,
  lookupKeyOf,
} from './read-result';

/** The catalog's part of a reading: the value cells it could be asked about, and the answers used. */
function catalogRead(
  questions: string[],
  answers: ReadonlyMap<string, boolean> | undefined,
): Pick<BomReadResult, 'catalogQuestions' | 'catalogAnswers'> {
  return {
    ...(questions.length > 0 ? { catalogQuestions: questions } : {}),
    ...(answers !== undefined ? { catalogAnswers: answers } : {}),
  };
}

/** The questions of two readings of one sheet's tables, each once. */
function bothQuestions(a: BomReadResult, b: BomReadResult): Pick<BomReadResult, 'catalogQuestions'> {
  const all = [...new Set([...(a.catalogQuestions ?? []), ...(b.catalogQuestions ?? [])])];
  return all.length > 0 ? { catalogQuestions: all } : {};
}

/** Phase 5: lines of the same part share one lookup; the buyer is told where. */
function duplicateWarnings(lines: readonly BomLine[], firstRowNumber: number): BomWarning[] {
  const warnings: BomWarning[] = [];
  for (const group of groupByLookupKey(lines).values()) {
    if (group.length < 2) continue;
    const first = group[0];
    const who = first.manufacturer === '' ? first.partNumber : `${first.partNumber} (${first.manufacturer})`;
    warnings.push({
      row: first.row,
      code: 'duplicate-part',
      message: `${rowRange(group.map((l) => l.row + firstRowNumber))}: ${who} is on ${group.length} lines; they share one lookup`,
    });
  }
  return warnings;
}

/**
 * Read BOM lines from a block of cells, in phases: find the table, choose the columns, set aside title rows, read
 * each row, then note parts on several lines. Throws BomError when there is nothing to read or no part-number column.
 */
export function readBom(input: CellGrid, options: ReadBomOptions = {}): BomReadResult {
  const read = readTable(input, options);
  if (options.mapping !== undefined || options.headerRow !== undefined || read.headerRow === null) return read;
  const collated = collatedTableBelow(read);
  if (collated !== null) return readCollated(read, collated, options);
  // The header taken heads one section of a list written as tables of their own, one per kind of part, an earlier
  // section's header above it naming no more columns: the list is read from the first section's header, where that
  // reads the part numbers from the same column and no fewer rows (a summary or tools table above is no section).
  const sectionStart = sectionAbove(read);
  if (sectionStart !== null) {
    try {
      const whole = readTable(input, { ...options, headerRow: sectionStart });
      const rows = (r: BomReadResult) => r.lines.length + r.skipped.filter((s) => s.reason === 'incomplete').length;
      if (whole.mapping.partNumber === read.mapping.partNumber && rows(whole) >= rows(read)) return whole;
    } catch {
      // Read as before: from the header taken, a table above it read on its own.
    }
  }
  // A second table further down the sheet, under a header of its own (a list of mechanical parts, then the
  // board's components): read on its own and added, its rows numbered as the sheet's.
  const beside =
    tableAbove(read.cells, read.headerRow) ??
    nextTableHeader(read.cells, read.headerRow + 1, read.tableEnd, read.cells[read.headerRow] ?? []);
  const below = beside === null ? tableBelow(read.cells, read.headerRow, read.tableEnd) : null;
  const next = beside ?? below;
  if (next === null) return read;
  let first: BomReadResult;
  try {
    first = readTable(read.cells.slice(0, next), options);
  } catch {
    return read;
  }
  const firstRowNumber = options.firstRowNumber ?? 1;
  let rest: BomReadResult;
  try {
    rest = readBom(read.cells.slice(next), {
      ...options,
      firstRowNumber: firstRowNumber + next,
      merged: shiftMerged(options.merged, next),
      // A table found below is read from its own header, not from a later one naming more (tables read in turn).
      ...(below !== null ? { maxScan: 1 } : {}),
    });
  } catch {
    return read;
  }
  const shift = <T extends { row: number }>(x: T): T => ({ ...x, row: x.row + next });
  // A table under a heading saying its rows are not bought now ("Alternatives"): its rows listed as not placed.
  // Its rows up to the section's end (a blank row, a row of one cell or with no count), as row-sections.ts reads
  // a section under such a heading within a table.
  const unbought = beside === null ? null : notBoughtHeading(read.cells, next, 0);
  let own = next + (rest.headerRow ?? 0) + 1;
  while (unbought !== null && own < read.cells.length && !endsSection(read.cells, own)) own++;
  const inSection = (row: number): boolean => unbought !== null && row + next < own;
  const restLines = rest.lines.filter((l) => !inSection(l.row));
  // Lines and lines to buy with no part number alike: under such a heading nothing is bought.
  const unpriced = rest.skipped.filter((x) => x.reason === 'incomplete' && inSection(x.row));
  const restSkipped = rest.skipped.filter((x) => !unpriced.includes(x));
  const notBought: SkippedLine[] = [...rest.lines.filter((l) => inSection(l.row)), ...unpriced]
    .sort((a, b) => a.row - b.row)
    .map((l) => {
      const detail = notBoughtDetail(unbought as string);
      const facts = { partNumber: l.partNumber, quantityPerBoard: l.quantityPerBoard };
      return {
        row: l.row + next,
        reason: 'dnp',
        detail,
        message: `Row ${l.row + next + firstRowNumber}: ${detail}`,
        ...facts,
      };
    });
  // The rows between the tables (the first one's footer, the second one's heading and header) are no lines.
  const between: SkippedLine[] = [];
  const restStart = rest.headerRow === null ? 0 : rest.headerRow;
  for (let r = first.tableEnd + 1; r <= next + restStart; r++) {
    if (isBlankRow(read.cells[r])) continue;
    const detail = r >= next ? 'the header of another table on the sheet' : 'between two tables (a heading or a note)';
    between.push({ row: r, reason: 'no-part-number', detail, message: `Row ${r + firstRowNumber}: ${detail}` });
  }
  return {
    ...first,
    cells: read.cells,
    lines: [...first.lines, ...restLines.map(shift)],
    skipped: [...first.skipped, ...between, ...restSkipped.map(shift), ...notBought],
    warnings: [
      ...first.warnings,
      {
        row: next,
        code: 'second-table',
        message: `Row ${next + firstRowNumber} starts another table under a header of its own; its rows were read by that header.`,
      },
      ...rest.warnings.map((w) => (w.row === null ? w : { ...w, row: w.row + next })),
    ],
    tableEnd: rest.tableEnd + next,
    ...bothQuestions(first, rest),
  };
}

/** How far below a table's end its header is looked for again (a KiCad export's collated table follows at once). */
const COLLATED_SCAN = 50;

/**
 * Where the table read lists the components one by one with no quantities, and the same header repeated below it
 * (the same names over the columns read) starts the same components collated, with their quantities (KiCad's
 * grouped-by-value BOM writes both): the row of that second header, or null.
 */
function collatedTableBelow(read: BomReadResult): number | null {
  const q = read.mapping.quantity;
  if (q === undefined || read.headerRow === null) return null;
  const header = (read.cells[read.headerRow] ?? []).map((c) => cellText(c));
  const mapped = Object.values(read.mapping).filter((c): c is number => c !== undefined);
  let rows = 0;
  for (let r = read.headerRow + 1; r <= read.tableEnd; r++) {
    if (isBlankRow(read.cells[r])) continue;
    if (cellText(read.cells[r]?.[q]) !== '') return null;
    rows++;
  }
  if (rows < 2) return null;
  const last = Math.min(read.cells.length - 1, read.tableEnd + COLLATED_SCAN);
  for (let r = read.tableEnd + 1; r <= last; r++) {
    const row = read.cells[r] ?? [];
    // The same names over the columns read (a hand may have touched others: "Manufacturer 2,Sim.Enable", "Column1").
    if (isBlankRow(row) || mapped.some((c) => cellText(row[c]) !== header[c])) continue;
    const below = read.cells.slice(r + 1, r + 1 + SAMPLE_ROWS).filter((x) => !isBlankRow(x));
    const counted = below.filter((x) => cellText(x[q]) !== '').length;
    return below.length > 0 && counted * 2 > below.length ? r : null;
  }
  return null;
}

/** Reads the collated table that starts at `at`; the rows listed one by one above it are accounted as its repeats. */
function readCollated(read: BomReadResult, at: number, options: ReadBomOptions): BomReadResult {
  const firstRowNumber = options.firstRowNumber ?? 1;
  const rest = readBom(read.cells.slice(at), {
    ...options,
    firstRowNumber: firstRowNumber + at,
    merged: shiftMerged(options.merged, at),
  });
  const shift = <T extends { row: number }>(x: T): T => ({ ...x, row: x.row + at });
  const repeated: SkippedLine[] = [];
  const headerRow = read.headerRow ?? 0;
  for (let r = headerRow + 1; r <= read.tableEnd; r++) {
    if (isBlankRow(read.cells[r])) continue;
    const detail = `a component listed one by one; it is counted in the collated table from row ${at + firstRowNumber}`;
    repeated.push({ row: r, reason: 'not-purchase', detail, message: `Row ${r + firstRowNumber}: ${detail}` });
  }
  return {
    ...rest,
    cells: read.cells,
    headerRow: rest.headerRow === null ? null : rest.headerRow + at,
    lines: rest.lines.map(shift),
    skipped: [...repeated, ...rest.skipped.map(shift)],
    warnings: [
      {
        row: at,
        code: 'second-table',
        message: `Rows ${headerRow + 1 + firstRowNumber}-${read.tableEnd + firstRowNumber} list the components one by one without quantities; the same header at row ${at + firstRowNumber} starts them collated, with quantities: that table is read.`,
      },
      ...rest.warnings.map((w) => (w.row === null ? w : { ...w, row: w.row + at })),
    ],
    tableEnd: rest.tableEnd + at,
  };
}

/**
 * The first header above the header taken that heads an earlier section of the same list (sectionHeaderAt), naming
 * no more columns than it ("Qtde | Valor" above "Qtde | Tipo"), or null.
 */
function sectionAbove(read: BomReadResult): number | null {
  if (read.headerRow === null) return null;
  const header = read.cells[read.headerRow] ?? [];
  const names = (row: readonly Cell[] | undefined): number => (row ?? []).filter((c) => cellText(c) !== '').length;
  let first: number | null = null;
  for (let r = read.headerRow - 1; r >= 0; r--)
    if (names(read.cells[r]) <= names(header) && sectionHeaderAt(read.cells, r, header, read.mapping)) first = r;
  return first;
}

/**
 * The variant columns of the table, and the one to read the lines by: the one `options.variant` names (an error
 * naming the variants when none is so named), or none, with a warning naming the variants the BOM marks.
 */
function chooseVariant(
  headerCells: readonly Cell[],
  dataRows: CellGrid,
  choice: { mapping: ColumnMapping },
  supplierColumns: readonly number[],
  options: ReadBomOptions,
  warnings: BomWarning[],
): { read?: VariantColumn; names: string[] } {
  const taken = new Set<number>([
    ...supplierColumns,
    ...Object.values(choice.mapping).filter((c): c is number => typeof c === 'number'),
  ]);
  const variants = variantColumns(headerCells, filledRows(dataRows, SAMPLE_ROWS), taken);
  const names = variants.map((v) => quote(v.name, 30)).join(', ');
  if (options.variant !== undefined) {
    const wanted = options.variant.trim().toLowerCase();
    const found = variants.find((v) => v.name.toLowerCase() === wanted);
    if (found === undefined)
      throw new BomError(
        'bad-option',
        variants.length === 0
          ? `No build variant ${quote(options.variant, 30)}: the BOM marks no variants in columns of their own.`
          : `No build variant ${quote(options.variant, 30)}; the BOM's variants are ${names}.`,
      );
    return { read: found, names: variants.map((v) => v.name) };
  }
  if (variants.length > 0)
    warnings.push({
      row: null,
      code: 'variants',
      message: `The BOM marks build variants in columns ${names}: every line was read as fitted. Choose the variant to build to leave out the parts it does not fit.`,
    });
  return { names: variants.map((v) => v.name) };
}

/** The variants part of a read: the variants' names and the one read, when the BOM marks any. */
function variantsRead(variant: { read?: VariantColumn; names: string[] }): Pick<BomReadResult, 'variants'> {
  if (variant.names.length === 0) return {};
  return { variants: { names: variant.names, ...(variant.read ? { read: variant.read.name } : {}) } };
}

/**
 * The table's cells as the export meant them (each CSV-in-CSV line split, fields split at their commas joined), its
 * width and bounds. Throws on options that do not fit it and on an empty grid.
 */
function tableCells(
  input: CellGrid,
  options: ReadBomOptions,
  maxScan: number,
  warnings: BomWarning[],
): { cells: CellGrid; width: number; bounds: TableBounds; shiftedRows: readonly number[] } {
  const unwrapped = unwrapNestedCsv(input);
  const quoted = unwrapped === null ? unwrapQuotedRows(input) : null;
  const labelled = spreadLabelledCells(unwrapped ?? quoted?.cells ?? input);
  if (labelled !== null) warnings.push(labelledCellsWarning(labelled.labels));
  const cells: CellGrid = labelled?.cells ?? unwrapped ?? quoted?.cells ?? input;
  if (unwrapped) {
    warnings.push({
      row: null,
      code: 'nested-csv',
      message: 'Each line of the table was one quoted cell (CSV inside CSV); each was split into its fields.',
    });
  } else if (quoted) warnings.push(quotedRowsWarning(quoted.rows, options.firstRowNumber ?? 1));
  const width = gridWidth(cells);
  checkOptions(cells, options, width);
  const bounds = findTable(cells, options, maxScan);
  const split = rejoinSplitFields(cells, bounds.headerRow, bounds.dataStart);
  if (split !== null) warnings.push(splitFieldsWarning(split.rows, options.firstRowNumber ?? 1));
  const joined = split?.cells ?? cells;
  const shifted =
    bounds.headerRow === null ? null : rejoinShiftedRows(joined, bounds.headerRow, bounds.dataStart, bounds.lastRow);
  if (shifted !== null) warnings.push(shiftedRowsWarning(shifted.rows, options.firstRowNumber ?? 1));
  const table = shifted?.cells ?? joined;
  // A second table beside this one on the same rows is not read into its rows' lines: the first table is read alone.
  const beside = bounds.headerRow === null || options.mapping ? null : tableBeside(table[bounds.headerRow] ?? []);
  const shiftedRows = shifted?.rows ?? [];
  if (beside === null) return { cells: table, width, bounds, shiftedRows };
  const header = table[bounds.headerRow as number] ?? [];
  let last = header.length - 1;
  while (last > beside && cellText(header[last]) === '') last--;
  warnings.push({
    row: null,
    code: 'table-beside',
    columns: { first: beside, last },
    message: `Another table sits beside this one from column ${columnName(beside)} (${quote(cellText(table[bounds.headerRow as number]?.[beside]), 30)}…) on the same rows: only columns A to ${columnName(beside - 1)} were read. Select that table on its own to read it.`,
  });
  const narrowed = table.map((row) => (row.length > beside ? row.slice(0, beside) : row));
  return { cells: narrowed, width: beside, bounds, shiftedRows };
}

function readTable(input: CellGrid, options: ReadBomOptions): BomReadResult {
  const warnings: BomWarning[] = [];
  const firstRowNumber = options.firstRowNumber ?? 1;
  const maxScan = options.maxScan ?? 30;
  const { cells, width, bounds, shiftedRows } = tableCells(input, options, maxScan, warnings);
  const { headerRow, lastRow } = bounds;
  const headerCells: readonly Cell[] =
    headerRow === null
      ? []
      : bounds.headerAbove > 0
        ? stackedHeader(cells, headerRow, bounds.headerAbove)
        : (cells[headerRow] ?? []);
  const headers: string[] = [];
  for (let c = 0; c < width; c++) headers.push(cellText(headerCells[c]) || `Column ${columnName(c)}`);

  const dataRows = cells.slice(bounds.dataStart, lastRow + 1);
  const sample = filledRows(dataRows, SAMPLE_ROWS);
  const choice = options.mapping
    ? userColumns(options.mapping)
    : detectColumns(headerRow, headerCells, dataRows, sample);
  const { mapping, mappingSource, inferredFields } = choice;
  const supplierColumns =
    headerRow === null
      ? []
      : [
          ...new Set([
            ...supplierPartColumns(headerCells, sample),
            ...distributorCodeColumns(sample, Object.values(mapping) as number[]),
          ]),
        ].filter((c) => !Object.values(mapping).includes(c));
  const candidates = options.mapping
    ? []
    : choosePartNumber(choice, headerCells, sample, width, options.partNumberColumn, warnings);
  // A BOM that names no manufacturer part number but gives distributors' numbers is read by those numbers; a list
  // with neither (a purchase list of marketplace links, a schematic export of values) is read as lines to buy that
  // cannot be priced, each with what it has, when a header names its quantities or designators. Else it is refused.
  const withoutPartNumbers = mapping.partNumber === undefined && supplierColumns.length === 0;
  if (withoutPartNumbers && !listsWithoutPartNumbers(headerRow, headerCells, choice, sample))
    throw noPartNumberColumn(headersSeen(cells, headerRow, maxScan));
  const numberUse = new ShopColumns(headerCells, supplierColumns, sample).numberUse(sample);
  if (mapping.partNumber === undefined && !withoutPartNumbers) {
    const words = readByShopNumbers(numberUse, (c) => quote(headers[c], 30));
    warnings.push({ row: null, code: 'part-number-column', message: `No manufacturer part-number column: ${words}.` });
  }

  if (inferredFields.length > 0) warnings.push(contentMappingWarning(choice, headerRow, headerCells, headers));

  let dataStart = bounds.dataStart;
  if (
    headerRow === null &&
    options.headerRow === undefined &&
    mappingSource === 'content' &&
    mapping.partNumber !== undefined
  ) {
    const titles = titleRows(cells, bounds, mapping.partNumber, firstRowNumber);
    if (titles) {
      dataStart = titles.dataStart;
      warnings.push(titles.warning);
    }
  }

  const variant = chooseVariant(
    headerRow === null ? [] : headerCells,
    dataRows,
    choice,
    supplierColumns,
    options,
    warnings,
  );
  // Rows merged ranges join to the item above them: the items' cells (their designators joined) are read.
  const items = mergedItems(cells, options.merged, mapping, dataStart, lastRow);
  const rows = new RowReader(
    withBothSides(items.cells, headerCells, mapping.designators, dataStart, lastRow),
    bounds,
    choice,
    headerCells,
    supplierColumns,
    firstRowNumber,
    warnings,
    dataRows,
    variant.read,
    options.catalogAnswers,
    items.continued,
    projectWords(options.title ?? ''),
  );
  rows.readAll(dataStart);
  shiftedWithinTable(warnings, shiftedRows, [...rows.lines, ...rows.skipped], firstRowNumber);
  if (withoutPartNumbers) {
    const listed = rows.skipped.filter((s) => s.reason === 'incomplete').length;
    if (listed === 0 && rows.lines.length === 0) throw noPartNumberColumn(headersSeen(cells, headerRow, maxScan));
    if (listed > 0) warnings.push(noPartNumberWarning(listed, headers, mapping)); // else all found parts elsewhere
  }
  warnings.push(...duplicateWarnings(rows.lines, firstRowNumber));
  const taken = new Set<number>([
    ...supplierColumns,
    ...Object.values(mapping).filter((c): c is number => typeof c === 'number'),
  ]);
  const alternates = options.alternateColumns ?? (headerRow === null ? [] : alternateColumns(headerCells, taken));
  if (alternates.length > 0)
    for (const line of rows.lines) line.alternates = alternatesOfRow(cells[line.row], alternates, line.partNumber);

  return {
    headerRow,
    headers,
    mapping,
    mappingSource,
    inferredFields,
    lines: rows.lines,
    skipped: rows.skipped,
    warnings,
    tableEnd: rows.tableEnd,
    supplierColumns,
    shopNumberUse: numberUse,
    partNumberCandidates: candidates,
    cells,
    alternateColumns: alternates,
    ...variantsRead(variant),
    ...catalogRead([...rows.parts.questions], options.catalogAnswers),
  };
}
