/**
 * A table whose cells each hold a product's fields as labelled lines, as a shop's cart page lays out each product
 * in one cell ("Mouser No: 913-4816M16A2TG6AGTR", "Mfr. No: MT48LC16M16A2TG-6A:GTR", "Manufacturer: Alliance
 * Memory", "Desc.: DRAM …"): each label a column of its own, named on the header row, so that the maker's number is
 * read as any other part-number column is. Only where a label names the maker's number or a shop's: a description
 * written as labelled lines ("Voltage: 5V", "Package: SOIC-8") is left as it is. The cell itself is kept.
 */
import { type Cell, type CellGrid, cellText } from '../text/normalize';
import type { BomWarning } from './read-result';
import { plural } from '../text/plural';
import { isSupplierPartHeader, matchHeader } from './header-words';

/** A line "Label: value": a label of a few words, then its value on the same line. */
const LABELLED_LINE = /^([\p{L}][\p{L}\d .#/&-]{0,30}?)\s*:\s*(\S.*)$/u;
/** At least this many rows must hold such cells; each cell at least two labelled lines. */
const MIN_ROWS = 3;
/** At most this many labels become columns. */
const MAX_LABELS = 8;

/** A cell's labelled lines, by label; null when it has fewer than two. */
function fieldsOf(cell: Cell): { fields: Map<string, string> } | null {
  if (typeof cell !== 'string' || !cell.includes('\n') || cell.length > 4000) return null;
  const fields = new Map<string, string>();
  for (const line of cell.split('\n')) {
    const m = LABELLED_LINE.exec(line.trim());
    if (m !== null && !fields.has(m[1])) fields.set(m[1], m[2].trim());
  }
  return fields.size >= 2 ? { fields } : null;
}

/**
 * The grid with each column of labelled cells spread into columns of its labels (those on half its cells or more),
 * added after the table's last column; null when no column holds such cells on three rows or more.
 */
export function spreadLabelledCells(cells: CellGrid): { cells: CellGrid; labels: string[] } | null {
  // One cheap pass first: the columns with a cell of several lines and a colon (none in most lists).
  let width = 0;
  const candidates = new Set<number>();
  for (const row of cells) {
    if (!row) continue;
    width = Math.max(width, row.length);
    row.forEach((v, c) => {
      if (typeof v === 'string' && v.includes('\n') && v.includes(':')) candidates.add(c);
    });
  }
  for (const c of [...candidates].sort((a, b) => a - b)) {
    const read = cells.map((row) => fieldsOf(row?.[c] ?? null));
    const rows = read.flatMap((f, r) => (f === null ? [] : [r]));
    if (rows.length < MIN_ROWS) continue;
    // The header: the nearest row above the first such cell that names two columns or more.
    let header = rows[0] - 1;
    while (header >= 0 && (cells[header] ?? []).filter((x) => cellText(x) !== '').length < 2) header--;
    if (header < 0) continue;
    const counts = new Map<string, number>();
    for (const r of rows) for (const label of read[r]!.fields.keys()) counts.set(label, (counts.get(label) ?? 0) + 1);
    const labels = [...counts].filter(([, n]) => n * 2 >= rows.length).map(([label]) => label);
    // A product's fields name its maker's number or a shop's; a description's ("Voltage: 5V", "Package: SOIC-8") none.
    if (labels.length < 2 || !labels.some((l) => matchHeader(l)?.field === 'partNumber' || isSupplierPartHeader(l)))
      continue;
    const kept = labels.slice(0, MAX_LABELS);
    const spread = cells.map((row, r) => {
      const out: Cell[] = [...(row ?? [])];
      while (out.length < width) out.push(null);
      const f = read[r];
      if (r === header) out.push(...kept);
      else if (f !== null) out.push(...kept.map((label) => f.fields.get(label) ?? null));
      return out;
    });
    return { cells: spread, labels: kept };
  }
  return null;
}

/** The warning that says which labels were read as columns. */
export function labelledCellsWarning(labels: readonly string[]): BomWarning {
  return {
    row: null,
    code: 'labelled-cells',
    message: `Each product's fields were written as labelled lines in one cell; the ${plural(labels.length, 'label', 'labels')} ${labels.map((l) => `"${l}"`).join(', ')} were read as columns.`,
  };
}
