/**
 * Phase 2 of reading a BOM: which column holds what. The header's names first, completed from the content where
 * they name no part number (or no designators or DNP), corrected where the content shows the header is off by a
 * column; then the part-number column among its candidates, by how its values look (phase 2b: part-number-column.ts).
 */
import { holdsLcscCodesOnly, isShopNumberCell, unnamedCountColumn } from './column-content';
import { settleReferenceColumns, shareOf } from './reference-columns';
import { libraryNameReason } from './library-names';
import { parseQuantity } from './quantity';
import { DOTTED_NP, LCSC_HEADER } from './header-words';
import {
  BOM_FIELDS,
  type BomField,
  type ColumnMapping,
  dnpColumnByContent,
  headerTokens,
  inferColumnsFromContent,
  isBuyHeader,
  isGenericHeaderRow,
  isPlaceholderColumnName,
  looksLikePartNumber,
  mapColumns,
  matchHeader,
  namesOthersNumber,
  namesOwnOrAlternateNumber,
  neverPartNumberColumns,
  supplierPartColumns,
  symbolNameColumn,
  valueColumn,
} from './header';
import { nameTheThings } from './list-names';
import { makersNamedVendors } from './vendor-makers';
import { valueLikeColumns } from './row-part-words';
import { type BomReadResult, type BomWarning, FIELD_WORDS, quote } from './read-result';
import { isKindName, isSymbolName, numberBeforeKind } from './row-kinds';
import { type Cell, type CellGrid, cellText, columnName, gridWidth } from '../text/normalize';

/** A mark alone in a cell: "X", a tick, "yes". */
const isMark = (cell: Cell): boolean => /^(?:[x✓✔✗*]|yes|y|si|sì|ja|np|dnp)$/i.test(cellText(cell).trim());
const isCount = (cell: Cell): boolean => {
  const q = parseQuantity(cell);
  return q.kind === 'ok' && !q.estimated;
};

/** Columns naming the schematic sheet a part is drawn on (EAGLE's "Sheet"): small whole numbers, never a count. */
function sheetColumns(headerCells: readonly Cell[]): number[] {
  return headerCells.flatMap((h, c) =>
    /^(?:sheet|page|blatt|seite|feuille|hoja)$/i.test(cellText(h).trim()) ? [c] : [],
  );
}

/**
 * Another column named as the part number when the one chosen by its name holds no part numbers (a Mouser
 * export whose "Mfr Part Number" column holds prices, beside "Mfr Part Number (Input)"), never one of a shop's own
 * numbers; or undefined.
 */
function betterPartNumberColumn(
  sample: CellGrid,
  mapping: ColumnMapping,
  headerCells: readonly Cell[],
): number | undefined {
  const pn = mapping.partNumber as number;
  if (sample.length < 3 || shareOf(sample, pn, looksLikePartNumber) >= 0.2) return undefined;
  let best: number | undefined;
  let bestShare = 0.5;
  headerCells.forEach((cell, c) => {
    if (c === pn || typeof cell !== 'string' || matchHeader(cell)?.field !== 'partNumber') return;
    // A shop's own numbers ("1528-5980-ND" in a Digi-Key cart's "Part Number") are no maker's, however many (the
    // choice among named columns weighs them so too: looksBetter).
    const share = shareOf(sample, c, (v) => looksLikePartNumber(v) && !isShopNumberCell(cellText(v)));
    if (share > bestShare) {
      best = c;
      bestShare = share;
    }
  });
  return best;
}

/**
 * Where a header and its data rows part ways: a KiCad export whose data rows carry one empty field more than
 * its header (from that column on, every value sits one column right of its name). Detected when the named
 * part-number column is nearly empty while the column right of it holds part numbers; the answer is the first
 * named column whose cells are all empty, from which every mapped column moves one right. Undefined otherwise.
 */
function misalignedFrom(sample: CellGrid, mapping: ColumnMapping, headerCells: readonly Cell[]): number | undefined {
  const pn = mapping.partNumber as number;
  if (sample.length < 3) return undefined;
  const filled = (c: number): number => sample.filter((r) => cellText(r?.[c]) !== '').length;
  if (filled(pn) * 5 > sample.length) return undefined;
  if (sample.filter((r) => looksLikePartNumber(r?.[pn + 1])).length * 2 <= sample.length) return undefined;
  if (cellText(headerCells[pn + 1]) !== '' && matchHeader(cellText(headerCells[pn + 1])) !== null) return undefined;
  for (let c = 0; c <= pn; c++) if (cellText(headerCells[c]) !== '' && filled(c) === 0) return c;
  return pn;
}

/** Which column holds what, and how that was decided. */
export interface ColumnChoice {
  mapping: ColumnMapping;
  mappingSource: BomReadResult['mappingSource'];
  /** Fields whose column was recognised by content. */
  inferredFields: BomField[];
}

/** The user's own mapping, the fields they set only. */
export function userColumns(given: ColumnMapping): ColumnChoice {
  const mapping: ColumnMapping = {};
  for (const f of BOM_FIELDS) if (given[f] !== undefined) mapping[f] = given[f];
  return { mapping, mappingSource: 'user', inferredFields: [] };
}

/**
 * The column with no header text whose filled cells, three or more, are all shaped as makers' numbers (no shop's
 * code among them), or undefined. So is one LCSC's name heads whose cells are not its codes but, four in five,
 * makers' numbers (JITX writes its parts under "LCSC Part Number").
 */
function unnamedPartNumberColumn(
  headerCells: readonly Cell[],
  sample: CellGrid,
  taken: readonly (number | undefined)[],
  partLike: (cell: Cell) => boolean,
): number | undefined {
  for (let c = 0; c < gridWidth(sample); c++) {
    const lcsc = jlcStyle([headerCells[c]]);
    if ((cellText(headerCells[c]) !== '' || taken.includes(c)) && !lcsc) continue;
    const filled = sample.map((r) => r?.[c] ?? null).filter((cell) => cellText(cell).trim() !== '');
    // A shop's codes typed there (LCSC's C-numbers, Digi-Key's "296-1234-1-ND") are the shop's, not the maker's.
    const shopCode = (cell: Cell): boolean =>
      /^C\d{3,}$/.test(cellText(cell).trim()) || isShopNumberCell(cellText(cell));
    if (filled.some(shopCode)) continue;
    const numbers = filled.filter(partLike);
    if (filled.length >= 3 && numbers.length * (lcsc ? 5 : 1) >= filled.length * (lcsc ? 4 : 1)) return c;
  }
  return undefined;
}

/**
 * Phase 2: the columns from the header, completed from the content where the header names no part number (or no
 * designators or DNP), then corrected where the content shows the header is off by a column.
 */
/**
 * The header's mapping without a "Part Number" column that counts the rows (1, 2, 3…): it numbers the lines, not the
 * parts. Counting: whole numbers from 1, most one more than the one above (a second table starts again).
 */
function withoutIndex(mapping: ColumnMapping, sample: CellGrid): ColumnMapping {
  const c = mapping.partNumber;
  const filled = c === undefined ? [] : sample.map((row) => cellText(row?.[c]).trim()).filter((t) => t !== '');
  const numbers = filled.filter((t) => /^\d{1,4}$/.test(t)).map(Number);
  const steps = numbers.slice(1).filter((n, i) => n === numbers[i] + 1).length;
  const counting = numbers[0] === 1 && steps * 5 >= (numbers.length - 1) * 4;
  if (counting && numbers.length >= 3 && numbers.length * 5 >= filled.length * 4) delete mapping.partNumber;
  return mapping;
}

/**
 * A column asking whether to buy each row (isBuyHeader) beside the quantities, holding only 1 and 0 (or yes and no):
 * its 0 rows are alternatives set aside, not bought. Undefined when there is none.
 */
function buyFlags(headerCells: readonly Cell[], sample: CellGrid, mapping: ColumnMapping): number | undefined {
  if (mapping.quantity === undefined) return undefined;
  const c = headerCells.findIndex((cell) => isBuyHeader(cellText(cell)));
  const flags = c < 0 ? [] : sample.map((row) => cellText(row?.[c]).trim().toLowerCase()).filter((t) => t !== '');
  const yesNo = flags.length >= 2 && flags.every((t) => /^(?:0|1|yes|no|y|n|s[ií]|ja|nein|oui|non)$/.test(t));
  return yesNo && !Object.values(mapping).includes(c) ? c : undefined;
}

/**
 * The columns the header names, as their content bears out: an item number is no part number (withoutIndex), and
 * "Units" is how many a purchase list buys when it holds counts; holding "ea" or "pcs" it is the unit of measure.
 */
function headerMapping(headerCells: readonly Cell[], sample: CellGrid): ColumnMapping {
  const mapping = withoutIndex(mapColumns(headerCells), sample);
  // "N.P." is not populated in an Italian list and the part number (número de parte) in a Spanish one: read as the
  // DNP column only over marks (X) and blanks.
  const np = mapping.dnp;
  if (np !== undefined && DOTTED_NP.test(cellText(headerCells[np])) && shareOf(sample, np, isMark) < 1)
    delete mapping.dnp;
  const units = mapping.quantity;
  if (
    units !== undefined &&
    /^\s*units\s*$/i.test(cellText(headerCells[units])) &&
    shareOf(sample, units, isCount) === 0
  )
    delete mapping.quantity;
  return mapping;
}

export function detectColumns(
  headerRow: number | null,
  headerCells: readonly Cell[],
  dataRows: CellGrid,
  sample: CellGrid,
): ColumnChoice {
  const fromHeader = headerRow === null ? {} : headerMapping(headerCells, sample);
  // Makers named "Vendor" beside their numbers (a company's release BOM): those are the part numbers, whatever
  // "Part Number" holds (the company's own).
  if (fromHeader.manufacturer === undefined) Object.assign(fromHeader, makersNamedVendors(headerCells, sample));
  settleReferenceColumns(fromHeader, headerCells, sample);
  // A part-number column whose cells are LCSC's codes (a hand-made list's "Part Number": C311073, C347229) holds that
  // shop's numbers (supplierPartColumns), never the maker's.
  const lcscPart = fromHeader.partNumber;
  if (lcscPart !== undefined && holdsLcscCodesOnly(sample, lcscPart)) delete fromHeader.partNumber;
  // KiCad's "Part" beside a "Value" is the schematic symbol's name, not a part number (symbolNameColumn).
  const symbol = symbolNameColumn(headerCells);
  if (fromHeader.partNumber !== undefined && fromHeader.partNumber === symbol) delete fromHeader.partNumber;
  const used = [
    ...BOM_FIELDS.map((f) => fromHeader[f]).filter((c): c is number => c !== undefined),
    ...neverPartNumberColumns(headerCells),
    ...sheetColumns(headerCells),
    ...(lcscPart !== undefined && fromHeader.partNumber === undefined ? [lcscPart] : []),
  ];
  const mapping: ColumnMapping = { ...fromHeader };
  const inferredFields: BomField[] = [];
  let mappingSource: BomReadResult['mappingSource'];
  if (fromHeader.partNumber !== undefined) {
    mappingSource = 'header';
    const counts = unnamedCountColumn(sample, headerCells, used, mapping.designators);
    if (mapping.quantity === undefined && counts !== undefined) {
      mapping.quantity = counts;
      inferredFields.push('quantity');
    }
    if (mapping.designators === undefined) {
      const guess = inferColumnsFromContent(dataRows, { exclude: used });
      if (guess.designators !== undefined) {
        mapping.designators = guess.designators;
        inferredFields.push('designators');
      }
    }
  } else {
    mappingSource = 'content';
    // A KiCad export that names each symbol in a column of its own (KiBoM's "Part" beside "Value") and carries
    // distributor columns is no JLCPCB-style list: its Value is what the schematic shows ("AUX1", "CFG0", "TL072"),
    // however many values look like part numbers, and its lines are bought by their distributor numbers.
    const schematicValue =
      symbolNameColumn(headerCells) !== undefined && supplierPartColumns(headerCells).length > 0
        ? valueColumn(headerCells)
        : undefined;
    const guess = inferColumnsFromContent(dataRows, { exclude: used, notPartNumber: isSymbolName });
    // A column named for a company's own number, an alternate or a price ("CPN", "Alt MPN") is never the part numbers.
    if (guess.partNumber !== undefined && namesOwnOrAlternateNumber(cellText(headerCells[guess.partNumber])))
      delete guess.partNumber;
    if (guess.partNumber !== undefined && (guess.partNumber === schematicValue || guess.partNumber === symbol))
      delete guess.partNumber;
    for (const f of BOM_FIELDS) {
      if (mapping[f] === undefined && guess[f] !== undefined) {
        mapping[f] = guess[f];
        inferredFields.push(f);
      }
    }
    // A JLCPCB-style BOM names no part-number column: its Comment/Value column is what the parts are known by,
    // when enough of its values look like part numbers. A schematic symbol's name (KiCad's "Conn_01x06_Pin",
    // written where nobody typed a value) is no such evidence: a value column of symbol names and resistances
    // is a schematic export of values, listed without part numbers.
    const value = schematicValue === undefined ? valueColumn(headerCells) : undefined;
    const partLike = (cell: Cell): boolean => looksLikePartNumber(cell) && !isSymbolName(cellText(cell));
    // A column left without a header whose filled cells are all makers' numbers ("GRM188R61A105KA61D" typed beside
    // KiCad's own columns, or one field past a header that names fewer than its rows hold): the part numbers, however
    // few rows have one, before any value column (which the rows without one fall back to, as to any column mostly
    // empty).
    if (mapping.partNumber === undefined && headerRow !== null) {
      const unnamed = unnamedPartNumberColumn(headerCells, sample, [...used, ...Object.values(mapping)], partLike);
      if (unnamed !== undefined) {
        mapping.partNumber = unnamed;
        inferredFields.push('partNumber');
      }
    }
    if (
      mapping.partNumber === undefined &&
      value !== undefined &&
      !Object.values(mapping).includes(value) &&
      shareOf(
        sample,
        value,
        (cell) => partLike(cell) || partLike(numberBeforeKind(cellText(cell))?.partNumber ?? ''),
      ) >= (jlcStyle(headerCells) ? 0.1 : 0.2)
    ) {
      mapping.partNumber = value;
      mappingSource = 'header';
    }
    if (mapping.partNumber === undefined && namesByNumbers(mapping.description, headerCells, sample, partLike)) {
      mapping.partNumber = mapping.description;
      delete mapping.description;
      mappingSource = 'header';
    }
    const libRef = libRefOfNumbers(mapping, headerCells, sample, partLike);
    if (libRef !== undefined) {
      mapping.partNumber = libRef;
      mappingSource = 'header';
    }
  }
  if (mappingSource === 'header' && mapping.partNumber !== undefined)
    correctShiftedColumns(mapping, inferredFields, sample, headerCells);
  nameTheThings(mapping, inferredFields, headerRow, headerCells, sample);
  const buy = mapping.dnp === undefined ? buyFlags(headerCells, sample, mapping) : undefined;
  if (buy !== undefined) mapping.dnp = buy;
  else if (mapping.dnp === undefined) {
    const taken = BOM_FIELDS.map((f) => mapping[f]).filter((c): c is number => c !== undefined);
    // A column named for something else (a build variant: "LowCost") is no DNP column, whatever it holds.
    for (const [c, cell] of headerCells.entries()) if (!carriesMarks(cellText(cell))) taken.push(c);
    const dnp = variantField(headerCells, sample) ?? dnpColumnByContent(dataRows, { exclude: taken });
    if (dnp !== undefined) {
      mapping.dnp = dnp;
      inferredFields.push('dnp');
    }
  }
  return { mapping, mappingSource, inferredFields };
}

/**
 * KiBoM's variant field ("variant", "config"): the builds a part is fitted in, or "DNP" where it is fitted in none. Read
 * as a DNP column of marks, when one of its cells is a whole DNP, DNF or DNI: a cell marks its line only when it is a
 * DNP column's word alone (isDnpColumnWord: "DNP", "NF", "NC", "Not fitted"), never a build's name or a note.
 */
function variantField(headerCells: readonly Cell[], sample: CellGrid): number | undefined {
  const c = headerCells.findIndex((cell) => /^(?:variants?|config)$/i.test(cellText(cell).trim()));
  return c >= 0 && sample.some((r) => /^(?:DNP|DNF|DNI)$/i.test(cellText(r?.[c]).trim())) ? c : undefined;
}

/**
 * A company library named by makers' numbers: Altium's LibRef, or EasyEDA Pro's Device, then holds the part numbers
 * the Comment or Value column does not ("GRM188R61C106MA73D" beside "10uF"). Its name never makes it the
 * part-number column; its content does, when it is mostly part numbers and clearly more so than the column taken. So
 * does a column whose name says nothing the reader knows (Altium's own parameter "Part Symbol"), when four in five of
 * its cells are makers' numbers, never a shop's nor a library's own names (a symbol's column too: its name says it
 * holds symbols, its content that they are named by makers' numbers). Its column, or undefined.
 */
function libRefOfNumbers(
  mapping: ColumnMapping,
  headerCells: readonly Cell[],
  sample: CellGrid,
  partLike: (cell: Cell) => boolean,
): number | undefined {
  // EasyEDA's Device beside its Footprint; never EAGLE's (beside a Package), which names library devices.
  const names = headerCells.map((cell) => cellText(cell).trim().toLowerCase());
  const device = names.includes('footprint') && !names.includes('package');
  const taken = mapping.partNumber === undefined ? 0 : shareOf(sample, mapping.partNumber, partLike);
  // A library's own names (EAGLE's "R-EU_R0603", "PINHD-1X2") are none of the makers' numbers it may hold.
  const share = (c: number): number =>
    shareOf(
      sample,
      c,
      (cell) =>
        partLike(cell) &&
        !isKindName(cellText(cell)) &&
        libraryNameReason(cellText(cell)) === null &&
        !isShopNumberCell(cellText(cell)),
    );
  const libRef = names.findIndex((name) => /^lib\s*ref$/.test(name) || (device && name === 'device'));
  if (libRef >= 0)
    return !Object.values(mapping).includes(libRef) && share(libRef) >= 0.6 && share(libRef) >= taken + 0.3
      ? libRef
      : undefined;
  // A symbol's column is judged by its content too ("Part Symbol": a symbol named by its maker's number), never one
  // that names the footprint ("Package Symbol", "PCB Symbol").
  const never = neverPartNumberColumns(headerCells).filter(
    (c) => !/^\s*(?:part\s*)?symbol\s*$/i.test(cellText(headerCells[c])),
  );
  const known = new Set([
    ...Object.values(mapping),
    ...never,
    ...supplierPartColumns(headerCells, sample),
    ...sheetColumns(headerCells),
    // A value column read for part numbers or not is the mapping's to choose (a KiBoM value beside its symbol's name).
    ...valueLikeColumns(headerCells, valueColumn(headerCells)),
  ]);
  let best: number | undefined;
  let bestShare = Math.max(0.8, taken + 0.3);
  headerCells.forEach((cell, c) => {
    const text = cellText(cell);
    // A header naming someone else's number or an alternate ("CPN", "Alt MPN", "Order Code") is known too.
    if (known.has(c) || typeof cell !== 'string' || text.trim() === '' || matchHeader(text) !== null) return;
    if (namesOthersNumber(text)) return;
    // Filled on most rows (an alternate's column filled on three rows in forty is none); a shop's catalogue numbers are
    // figures alone ("113336"), makers' numbers mostly carry letters.
    const filled = sample.filter((r) => cellText(r?.[c]).trim() !== '').length;
    const s = share(c);
    if (
      s >= bestShare &&
      filled * 5 >= sample.length * 3 &&
      shareOf(sample, c, (v) => /\p{L}/u.test(cellText(v))) >= 0.5
    )
      [best, bestShare] = [c, s];
  });
  return best;
}

/** A header that says the column names each thing (not one that describes it): "Name", "名称", "品名". */
// "Type" too: a French or Dutch list's type number ("Type | Qty": LM358DR, NE555P) is its part number.
const NAME_HEADER = /^(?:name|part\s*name|type|名称|名稱|品名|部品名|名前|nombre|nome)$/i;

/**
 * Whether a list names each part by its maker's number in its name column ("名称": KT-0603R, CL10A226MQ8NRNC), most
 * of its cells so: that column is then the part numbers.
 */
function namesByNumbers(
  column: number | undefined,
  headerCells: readonly Cell[],
  sample: CellGrid,
  partLike: (cell: Cell) => boolean,
): boolean {
  if (column === undefined || !NAME_HEADER.test(cellText(headerCells[column]).trim())) return false;
  return shareOf(sample, column, partLike) >= 0.6;
}

/**
 * A JLCPCB assembly BOM's header (Comment or Value, Designator, Footprint, an LCSC number column): its value column
 * is what the parts are known by even where most lines are passives, and its LCSC column is often left empty.
 */
function jlcStyle(headerCells: readonly Cell[]): boolean {
  return headerCells.some((cell) => LCSC_HEADER.test(cellText(cell)));
}

/** A header whose part numbers sit in a neighbouring column, or whose data is shifted by one from some column on. */
function correctShiftedColumns(
  mapping: ColumnMapping,
  inferredFields: BomField[],
  sample: CellGrid,
  headerCells: readonly Cell[],
): void {
  const better = betterPartNumberColumn(sample, mapping, headerCells);
  if (better !== undefined) mapping.partNumber = better;
  const from = misalignedFrom(sample, mapping, headerCells);
  if (from === undefined) return;
  for (const f of BOM_FIELDS) {
    const c = mapping[f];
    if (c !== undefined && c >= from) {
      mapping[f] = c + 1;
      inferredFields.push(f);
    }
  }
}

/** The warning that names the columns recognised by their content. */
export function contentMappingWarning(
  choice: ColumnChoice,
  headerRow: number | null,
  headerCells: readonly Cell[],
  headers: readonly string[],
): BomWarning {
  const described = choice.inferredFields.map((f) => {
    const c = choice.mapping[f] as number;
    const name =
      headerRow === null || isGenericHeaderRow(headerCells) || cellText(headerCells[c]) === ''
        ? ''
        : ` (${quote(headers[c], 30)})`;
    return `${FIELD_WORDS[f]} in column ${columnName(c)}${name}`;
  });
  return {
    row: null,
    code: 'content-mapping',
    message: `Columns recognised by their content: ${described.join(', ')}.`,
  };
}

/** Header words of columns that carry a line's marks (see RowReader.markColumns); headerTokens reads "ASSY" as board. */
const MARK_WORDS = new Set([
  'note',
  'notes',
  'remark',
  'remarks',
  'comment',
  'comments',
  'value',
  'values',
  'board',
  'info',
  'information',
  'status',
  'fit',
  'populate',
  // A shop's name column may say "np" (not placed) where it names no shop.
  'supplier',
]);

export function carriesMarks(header: string): boolean {
  const tokens = headerTokens(header);
  // EAGLE's "NP" attribute (not populated): a column of marks when its cells are marks (dnpColumnByContent).
  if (/^\s*NP\s*$/.test(header)) return true;
  return tokens.length === 0 || tokens.some((t) => MARK_WORDS.has(t)) || isPlaceholderColumnName(header);
}

/**
 * Whether column `c` of a header says what its part is (its package, footprint or type) or where it goes (its layer or
 * side): a whole cell "not fitted" in it marks the row, where in a column named for a build variant ("LowCost": "Leave
 * empty") it marks that build alone.
 */
export function describesPart(headerCells: readonly Cell[], c: number): boolean {
  // Asked of every short cell of every row: each header row is read once.
  let columns = describing.get(headerCells);
  if (columns === undefined) {
    // Where the part goes says whether it goes at all: a KiCad list's "Layer" of Top, Bottom and "DNP".
    const words = ['package', 'footprint', 'type', 'case', 'device', 'mount', 'layer', 'side', 'placement'];
    columns = headerCells.map((h) => headerTokens(cellText(h)).some((t) => words.includes(t)));
    describing.set(headerCells, columns);
  }
  return columns[c] ?? false;
}
const describing = new WeakMap<readonly Cell[], boolean[]>();
