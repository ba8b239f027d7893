/** What `partsheet price` prints: the priced table, the summary lines, and the JSON of --json. */
import { riskOf } from '../src/workflows/price-bom';
import { type SheetChoice, passedOverWords } from '../src/bom/sheets';
import { type BomReadResult, accountRows, candidateEvidence, columnName, explainFields } from '../src/bom';
import { PRICED_BOM_COLUMNS, statusText, terminalText, countsText, summaryText } from '../src/purchase';
import { type PriceBomResult, type PricedBomLine } from '../src/purchase/price-lines';
import { describeRate } from '../src/pricing/rates';
import { type SuggestResult } from '../src/suggest';
import { suggestionsJson } from './alternates';
import { type ScenarioTable } from '../src/purchase/scenarios';
import { riskCounts } from '../src/plan/risk-words';
import { clean, fit } from './terminal';
import { textTable } from '../src/text/table';

export function summaryLines(result: PriceBomResult): string[] {
  return [countsText(result.summary), ...summaryText(result.summary, result.boards)];
}

interface TableColumn {
  header: string;
  right?: boolean;
  max: number;
  cell(line: PricedBomLine): string;
}

/** The table's columns: the BOM row and part number, then the priced columns the command line shows, in their order. */
const TABLE: readonly TableColumn[] = [
  { header: 'Row', right: true, max: 7, cell: (l) => String(l.row + 1) },
  { header: 'Part number', max: 24, cell: (l) => l.partNumber },
  ...PRICED_BOM_COLUMNS.flatMap((column) =>
    column.terminal
      ? [
          {
            header: column.terminal.header,
            right: column.kind === 'integer' || column.kind === 'money',
            max: column.terminal.max,
            cell: (l: PricedBomLine) => terminalText(column, l),
          },
        ]
      : [],
  ),
];

/** The priced BOM as a table, then the reasons of the lines that have one, then the summary. */
export function renderTable(result: PriceBomResult): string[] {
  const rows = result.lines.map((line) => TABLE.map((c) => fit(c.cell(line), c.max)));
  const out = textTable(
    TABLE.map((c) => c.header),
    rows,
    (i) => TABLE[i].right === true,
  );
  const notes = result.lines.filter((l) => l.statusReason.trim() !== '');
  if (notes.length > 0) {
    out.push('', 'Notes:');
    for (const line of notes) out.push(`  Row ${line.row + 1}: ${clean(statusText(line))}`);
  }
  out.push('', ...summaryLines(result));
  return out;
}

/** How the BOM was read, for --json: the columns taken and why, the part-number candidates, every row's account. */
export function readingReport(read: BomReadResult, sheet?: string, sheetChoice?: SheetChoice): unknown {
  return {
    ...(sheet !== undefined ? { sheet } : {}),
    ...(sheetChoice !== undefined
      ? {
          sheets: sheetChoice.judged.map((j) => ({
            name: j.name,
            read: j.index === sheetChoice.chosen.index,
            lines: j.lines,
            withDesignators: j.withDesignators,
            namedBom: j.namedBom,
            ...(j.passedOver !== undefined ? { passedOver: passedOverWords(j.passedOver) } : {}),
            ...(sheetChoice.rival?.index === j.index ? { close: true } : {}),
          })),
        }
      : {}),
    headerRow: read.headerRow === null ? null : read.headerRow + 1,
    columns: explainFields(read).map((f) => ({
      field: f.field,
      column: f.column === null ? null : columnName(f.column),
      header: f.header,
      why: f.why,
    })),
    partNumberCandidates: read.partNumberCandidates.map((c) => ({
      column: columnName(c.column),
      header: c.header,
      taken: c.column === read.mapping.partNumber,
      lookLike: c.lookLike,
      sampled: c.sampled,
      internalCodes: c.internalCodes,
      ...(c.known !== undefined ? { known: c.known, asked: c.asked } : {}),
      evidence: candidateEvidence(c),
    })),
    rows: accountRows(read),
  };
}

/** The risk table as --json gives it: the counts per level, and a row per part with its BOM sheet rows. */
function riskJson(result: PriceBomResult): unknown {
  const rows = riskOf(result);
  return { counts: riskCounts(rows), rows: rows.map((r) => ({ ...r, sheetRows: r.rows.map((row) => row + 1) })) };
}

/** The JSON of --json: the lines with their sheet row number, the summary, and how the BOM was read. */
export function jsonReport(
  result: PriceBomResult,
  file: string,
  warnings: string[],
  reading?: unknown,
  suggestions?: SuggestResult,
  scenarios?: ScenarioTable,
  schedule?: unknown,
  schedulesByQuantity?: unknown[],
): Record<string, unknown> {
  return {
    ...(scenarios ? { scenarios } : {}),
    ...(schedule !== undefined ? { schedule } : {}),
    ...(schedulesByQuantity !== undefined ? { clearToBuildByQuantity: schedulesByQuantity } : {}),
    risk: riskJson(result),
    ...(suggestions !== undefined ? { suggestions: suggestionsJson(suggestions) } : {}),
    file,
    ...(reading !== undefined ? { reading } : {}),
    boards: result.boards,
    pricedAt: result.pricedAt.toISOString(),
    currency: result.currency,
    lines: result.lines.map((line) => ({ sheetRow: line.row + 1, ...line })),
    summary: result.summary,
    rates: result.rates.rates.map(describeRate),
    warnings,
  };
}
