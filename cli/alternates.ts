/**
 * The suggestions of `partsheet price --suggest` as the CLI gives them: an "Alternates" section under the table, an
 * "Alternates" sheet in an XLSX output, and `suggestions` in --json. Suggestions are never applied: the BOM stays as
 * written, and the buyer puts a chosen part in a "Replacement MPN" column to price it.
 */
import type { XlsxBook, XlsxSheet } from '../src/excel/xlsx-book';
import { FIT_WORDS, type LineSuggestions, type SuggestResult } from '../src/suggest';
import { groupedCount, plural } from '../src/text/plural';

export const ALTERNATES_SHEET = 'Alternates';

const COLUMNS: Array<{ header: string; width: number }> = [
  { header: 'Line row', width: 9 },
  { header: 'BOM part number', width: 22 },
  { header: 'Problem', width: 18 },
  { header: 'Line parameters', width: 26 },
  { header: 'Rank', width: 6 },
  { header: 'Candidate', width: 22 },
  { header: 'Manufacturer', width: 20 },
  { header: 'Match', width: 28 },
  { header: 'Differs in', width: 40 },
  { header: 'Candidate parameters', width: 26 },
  { header: 'Lifecycle', width: 10 },
  { header: 'Stock', width: 10 },
  { header: 'Buy qty', width: 9 },
  { header: 'Total at need', width: 13 },
  { header: 'Currency', width: 9 },
  { header: 'Found by', width: 18 },
];

type CellValue = string | number | null;

type Candidate = LineSuggestions['candidates'][number];

/** A candidate's columns from Candidate on: `rank` null for a part of another value (listed apart, unranked). */
function candidateCells(c: Candidate, rank: number | null): CellValue[] {
  return [
    rank,
    c.partNumber,
    c.manufacturer,
    c.fit === 'same' ? c.matchClass : `${c.matchClass} (${FIT_WORDS[c.fit]})`,
    c.differences.join('; ') || null,
    c.parameters || null,
    c.lifecycle || null,
    c.stock,
    c.quote.bought,
    c.quote.total,
    c.quote.currency,
    c.foundBy,
  ];
}

/**
 * One row per candidate (a line without any: one row saying so), then one per part of another value found, unranked
 * and marked "different value", in the columns above.
 */
export function alternatesRows(result: SuggestResult, firstRowNumber = 1): CellValue[][] {
  const rows: CellValue[][] = [];
  for (const line of result.lines) {
    const head: CellValue[] = [
      line.row + firstRowNumber,
      line.partNumber,
      line.problems.join(', '),
      line.lineParameters || null,
    ];
    if (line.candidates.length === 0)
      rows.push([
        ...head,
        null,
        'no candidate found',
        ...new Array<CellValue>(COLUMNS.length - head.length - 2).fill(null),
      ]);
    line.candidates.forEach((c, i) => rows.push([...head, ...candidateCells(c, i + 1)]));
    for (const c of line.otherValues) rows.push([...head, ...candidateCells(c, null)]);
  }
  return rows;
}

/** The "Alternates" section printed under the table. */
export function alternatesText(result: SuggestResult, firstRowNumber = 1): string[] {
  const out = [
    '',
    `Alternates (suggestions, not applied): ${result.lines.length} problem ${plural(result.lines.length, 'line')}, ${result.requests} list ${plural(result.requests, 'search', 'searches')}`,
  ];
  for (const line of result.lines) {
    out.push(
      `  row ${line.row + firstRowNumber} ${line.partNumber} (${line.problems.join(', ')})${line.lineParameters ? ` — ${line.lineParameters}` : ''}`,
    );
    if (line.candidates.length === 0) out.push('    no candidate found');
    line.candidates.forEach((c, i) => {
      const price =
        c.quote.total === null
          ? 'no price'
          : `${c.quote.total.toFixed(2)} ${c.quote.currency} for ${groupedCount(c.quote.bought)}`;
      const differs = c.differences.length > 0 ? `; differs: ${c.differences.join('; ')}` : '';
      out.push(
        `    ${i + 1}. ${c.partNumber} (${c.manufacturer}) — ${c.matchClass}${c.fit === 'same' ? '' : ` (${FIT_WORDS[c.fit]})`}${differs}; ${c.lifecycle || 'lifecycle not given'}, stock ${groupedCount(c.stock)}, ${price}`,
      );
    });
    if (line.otherValues.length > 0)
      out.push(
        `    of another value, not the line's part: ${line.otherValues.map((c) => `${c.partNumber} (${c.differences.join('; ')})`).join(', ')}`,
      );
  }
  return out;
}

/** The "Alternates" sheet of an XLSX output. */
export function addAlternatesSheet(workbook: XlsxBook, result: SuggestResult, firstRowNumber = 1): XlsxSheet {
  const sheet = workbook.addWorksheet(ALTERNATES_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  COLUMNS.forEach((c, i) => (sheet.getColumn(i + 1).width = c.width));
  sheet.addRow(COLUMNS.map((c) => c.header)).font = { bold: true };
  for (const values of alternatesRows(result, firstRowNumber)) {
    const row = sheet.addRow(values);
    row.getCell(14).numFmt = '#,##0.00';
    if (typeof values[7] === 'string' && values[7].includes('differs'))
      row.getCell(8).font = { color: { argb: 'FF9C0006' } };
  }
  return sheet;
}

/** The suggestions in --json. */
export function suggestionsJson(result: SuggestResult, firstRowNumber = 1): unknown {
  return {
    requests: result.requests,
    prefixes: result.prefixes,
    failedPrefixes: result.failed,
    lines: result.lines.map((l) => ({ sheetRow: l.row + firstRowNumber, ...l })),
  };
}
