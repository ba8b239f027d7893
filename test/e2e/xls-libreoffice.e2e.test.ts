/**
 * The old-style workbook reader (cli/xls.ts: BIFF8 of Excel 97 and later, BIFF5 of Excel 5.0 and 95) against
 * LibreOffice Calc (scripts/ensure-libreoffice.sh installs it when missing; skipped with the reason in one line when
 * it cannot be): every real .xls export of the corpus, saved by LibreOffice as XLSX, reads to the same cells as the
 * XLSX reader gives of the copy, sheet by sheet.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import ExcelJS from 'exceljs';
import { parseXlsx } from '../../cli/bomfile';
import { parseXls } from '../../cli/xls';
import type { Cell } from '../../src/bom';
import { corpusFile, corpusNames } from '../helpers/bom-corpus';
import { convertAll, libreOfficeSuite, rowsAsShown } from '../helpers/libreoffice';

const { withOffice, officeSaid, soffice, dir } = libreOfficeSuite('partsheet-xls-');

/** Rows as a spreadsheet shows them (rowsAsShown), without the empty rows at the end. */
function shown(rows: Cell[][]): (string | null)[][] {
  const out = rowsAsShown(rows);
  while (out.length > 0 && out[out.length - 1].length === 0) out.pop();
  return out;
}

const DATE = /^\d{4}-\d\d-\d\d(?: \d\d:\d\d)?$/;

/**
 * The cells of each sheet of LibreOffice's copy that hold a formula, as `row,column` (0-based), by sheet name:
 * LibreOffice computes an .xls file's formulas again when Excel did not save it (it has no setting against it), in
 * its own locale ("0,32" text times 2 is #VALUE! there, 0.64 in the German Excel that saved 0.64), where the reader
 * gives the result the file holds, which is what a spreadsheet shows on opening it.
 */
async function formulaCells(copy: Buffer): Promise<Map<string, Set<string>>> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(copy as unknown as ArrayBuffer);
  const out = new Map<string, Set<string>>();
  for (const sheet of book.worksheets) {
    const cells = new Set<string>();
    sheet.eachRow((row, r) =>
      row.eachCell((cell, c) => {
        if (cell.type === ExcelJS.ValueType.Formula) cells.add(`${r - 1},${c - 1}`);
      }),
    );
    out.set(sheet.name, cells);
  }
  return out;
}

withOffice(`XLS reader against ${officeSaid}`, () => {
  const exports = corpusNames().filter((n) => n.toLowerCase().endsWith('.xls'));
  (exports.length > 0 ? test : test.skip)(
    `the corpus's ${exports.length} .xls exports read as LibreOffice's XLSX copies of them do`,
    async () => {
      const binary = exports.filter((n) => readFileSync(corpusFile(n)).subarray(0, 4).toString('hex') === 'd0cf11e0');
      const copies = convertAll(
        soffice,
        binary.map((n) => corpusFile(n)),
        join(dir(), 'xlsx'),
        'xlsx',
      );
      for (const [i, name] of binary.entries()) {
        const buf = readFileSync(corpusFile(name));
        const copy = readFileSync(copies[i]);
        const computed = await formulaCells(copy);
        for (const sheet of parseXls(buf).sheetNames) {
          const ours = shown(parseXls(buf, { sheet }).cells);
          const theirs = shown((await parseXlsx(copy, { sheet: sheet.slice(0, 31) })).cells);
          // A date: the XLS reader gives Excel's serial number where the XLSX reader gives the date (and LibreOffice
          // computes a TODAY() or NOW() again as it opens the file): neither is a BOM's part, count or mark. A
          // formula's result of 0 is one exceljs leaves out of the copy's reading (a known gap of the XLSX reader).
          ours.forEach((row, r) =>
            row.forEach((cell, c) => {
              const their = theirs[r]?.[c] ?? null;
              const date = their !== null && DATE.test(their) && /^\d+(?:\.\d+)?$/.test(cell ?? '');
              // A text made of today's date ("last updated: 05.12.2026") is computed again too.
              const dated = (t: string | null) => (t ?? '').replace(/\d{1,4}[./-]\d{1,2}[./-]\d{1,4}/g, 'DATE');
              const sameButDate = cell !== their && cell !== null && their !== null && dated(cell) === dated(their);
              const recomputed = cell !== their && computed.get(sheet.slice(0, 31))?.has(`${r},${c}`) === true;
              if (!date && !sameButDate && !recomputed && !(cell === '0' && their === null)) return;
              row[c] = null;
              if (theirs[r] !== undefined) theirs[r][c] = null;
            }),
          );
          for (const rows of [ours, theirs])
            for (const row of rows) while (row.length > 0 && row[row.length - 1] === null) row.pop();
          expect({ file: basename(name), sheet, cells: ours }).toEqual({ file: basename(name), sheet, cells: theirs });
        }
      }
    },
    600_000,
  );
});
