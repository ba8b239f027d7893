/**
 * The reading explained: which column was taken for what and why, the part-number columns not taken with their
 * evidence, and what became of every row of the sheet (a line, a DNP line, a line that cannot be priced, or a
 * row that is no line, each with its reason). `partsheet price --explain` prints it, `--json` carries it, and the
 * task pane's mapping step shows the same words beside the chosen columns.
 */
import { type PartNumberCandidate, candidateEvidence, candidateReasons } from './evidence';
import { BOM_FIELDS, type BomField } from './header';
import { type CellGrid, cellText, columnName, isBlankRow } from '../text/normalize';
import { type BomReadResult } from './read';
import { readByShopNumbers } from './shop-columns';

const FIELD_NAMES: Record<BomField, string> = {
  partNumber: 'MPN',
  manufacturer: 'Manufacturer',
  quantity: 'Quantity',
  designators: 'Designators',
  description: 'Description',
  dnp: 'DNP',
  offer: 'Pinned offer',
  replacement: 'Replacement',
};

/**
 * How a field's column was taken: by its header, by what its cells hold, for the part number by the evidence
 * weighed (the catalog's answers among it), or chosen by the buyer. The record the words are written from; the
 * task pane keeps it per field, so a column the reader found stays "found by its header" after the buyer chooses
 * another column by hand or a run reads the BOM again.
 */
export type ColumnOrigin =
  { by: 'header' } | { by: 'content' } | { by: 'evidence'; candidate: PartNumberCandidate } | { by: 'user' };
export type ColumnOrigins = Partial<Record<BomField, ColumnOrigin>>;

export interface FieldExplanation {
  field: BomField;
  /** 0-based column, or null when no column holds the field. */
  column: number | null;
  header: string;
  /** Why this column, in words made from its origin (originWords). */
  why: string;
}

function columnWords(read: BomReadResult, c: number): string {
  return `'${cellText(read.headers[c])}' (column ${columnName(c)})`;
}

/** How the reader took each mapped column of `read`: every one the buyer's when the mapping was given. */
export function columnOrigins(read: BomReadResult): ColumnOrigins {
  const out: ColumnOrigins = {};
  for (const field of BOM_FIELDS) {
    const c = read.mapping[field];
    if (c === undefined) continue;
    const taken = field === 'partNumber' ? read.partNumberCandidates.find((k) => k.column === c) : undefined;
    out[field] =
      read.mappingSource === 'user'
        ? { by: 'user' }
        : taken
          ? { by: 'evidence', candidate: taken }
          : read.inferredFields.includes(field)
            ? { by: 'content' }
            : { by: 'header' };
  }
  return out;
}

/** The words of an origin: "found by its header", "found by its content", "your choice", or the evidence. */
export function originWords(origin: ColumnOrigin): string {
  switch (origin.by) {
    case 'header':
      return 'found by its header';
    case 'content':
      return 'found by its content';
    case 'user':
      return 'your choice';
    case 'evidence':
      return candidateReasons(origin.candidate);
  }
}

/** Each field's column and the reason it was taken, in words: from `origins`, else as the reader took them. */
export function explainFields(read: BomReadResult, origins: ColumnOrigins = columnOrigins(read)): FieldExplanation[] {
  const out: FieldExplanation[] = [];
  const own = columnOrigins(read);
  for (const field of BOM_FIELDS) {
    const c = read.mapping[field];
    if (c === undefined) {
      if (field === 'partNumber' && read.supplierColumns.length > 0) {
        out.push({
          field,
          column: null,
          header: '',
          why: `none: ${readByShopNumbers(read.shopNumberUse, (s) => columnWords(read, s))}`,
        });
      }
      continue;
    }
    const origin = origins[field] ?? own[field]!;
    out.push({ field, column: c, header: cellText(read.headers[c]), why: originWords(origin) });
  }
  return out;
}

/** The explanation as lines of text: "MPN: 'Manufacture P/N' (column G) — 104 of 106 known to the catalog; …". */
export function explainReading(
  read: BomReadResult,
  where: {
    sheet?: string;
    /** The sheet row of the cells' first row: 1 for a file, lower for a pane's selection. */
    firstRowNumber?: number;
    /** How each column was taken, where it is known better than the read alone says (the pane's record). */
    origins?: ColumnOrigins;
  } = {},
): string[] {
  const lines: string[] = [];
  if (where.sheet !== undefined) lines.push(`Sheet: '${where.sheet}'`);
  lines.push(
    read.headerRow === null
      ? 'Header row: none (columns recognised by their content)'
      : `Header row: ${read.headerRow + (where.firstRowNumber ?? 1)}`,
  );
  for (const f of explainFields(read, where.origins)) {
    lines.push(
      f.column === null
        ? `${FIELD_NAMES[f.field]}: ${f.why}`
        : `${FIELD_NAMES[f.field]}: ${columnWords(read, f.column)} — ${f.why}`,
    );
    if (f.field === 'partNumber') {
      for (const other of read.partNumberCandidates)
        if (other.column !== f.column) lines.push(`  not taken: ${candidateEvidence(other)}`);
    }
  }
  if (read.supplierColumns.length > 0 && read.mapping.partNumber !== undefined) {
    lines.push(
      `Distributor numbers (to confirm a match, or to look up a line without an MPN): ${read.supplierColumns.map((c) => columnWords(read, c)).join(', ')}`,
    );
  }
  const rows = accountRows(read);
  const count = (kind: RowKind): number => rows.filter((r) => r.kind === kind).length;
  lines.push(
    `Rows: ${count('line')} lines, ${count('incomplete')} lines without a part number, ${count('dnp')} not placed, ${count('not-purchase')} rows that are no purchases (the board, PCB features, schematic symbols), ${count('not-a-line')} rows that are no lines, ${count('outside')} rows outside the table`,
  );
  return lines;
}

/** What a row of the sheet is to the reader. */
export type RowKind = 'header' | 'line' | 'incomplete' | 'dnp' | 'not-purchase' | 'not-a-line' | 'outside';

export interface RowAccount {
  /** 1-based row of the sheet or file (firstRowNumber 1). */
  sheetRow: number;
  kind: RowKind;
  reason: string;
}

/**
 * Every row that holds something, accounted for: the header, each line, each line without a part number, each
 * DNP line, each row that is no line (with the reader's reason), and the rows outside the table (titles above the
 * header, a footer below it). Blank rows are left out.
 */
export function accountRows(read: BomReadResult, firstRowNumber = 1): RowAccount[] {
  const byRow = new Map<number, Omit<RowAccount, 'sheetRow'>>();
  for (const line of read.lines) {
    const from =
      line.partNumberFrom === 'supplier'
        ? ' (by its distributor number)'
        : line.partNumberFrom === 'value'
          ? ' (from its value)'
          : line.partNumberFrom === 'link'
            ? ' (from its product link)'
            : '';
    byRow.set(line.row, { kind: 'line', reason: `${line.quantityPerBoard} × ${line.partNumber}${from}` });
  }
  for (const skip of read.skipped) {
    const kind: RowKind =
      skip.reason === 'dnp'
        ? 'dnp'
        : skip.reason === 'incomplete'
          ? 'incomplete'
          : skip.reason === 'not-purchase'
            ? 'not-purchase'
            : 'not-a-line';
    byRow.set(skip.row, { kind, reason: skip.detail });
  }
  const cells: CellGrid = read.cells;
  const out: RowAccount[] = [];
  for (let r = 0; r < cells.length; r++) {
    if (isBlankRow(cells[r])) continue;
    const known = byRow.get(r);
    if (known) out.push({ sheetRow: r + firstRowNumber, ...known });
    else if (r === read.headerRow) out.push({ sheetRow: r + firstRowNumber, kind: 'header', reason: 'the header row' });
    else if (read.headerRow !== null && r < read.headerRow)
      out.push({ sheetRow: r + firstRowNumber, kind: 'outside', reason: 'above the header row (a title or note)' });
    else if (r > read.tableEnd)
      out.push({
        sheetRow: r + firstRowNumber,
        kind: 'outside',
        reason: 'after the table (a footer: totals or notes)',
      });
    else out.push({ sheetRow: r + firstRowNumber, kind: 'outside', reason: 'before the first line (a title)' });
  }
  return out;
}
