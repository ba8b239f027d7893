/**
 * The OpenDocument reader (cli/ods.ts) against LibreOffice Calc, the program that writes the format
 * (scripts/ensure-libreoffice.sh installs it when missing; skipped with the reason in one line when it cannot be):
 * - a workbook written as XLSX, saved by LibreOffice as ODS, reads to the same cells, sheets and merged ranges, and
 *   saved as flat XML (.fods), to the same as the ODS;
 * - every real .ods export of the corpus, saved by LibreOffice as XLSX, reads to the same cells as the XLSX reader
 *   gives of the copy, sheet by sheet.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import ExcelJS from 'exceljs';
import { formatOf, parseXlsx } from '../../cli/bomfile';
import { parseOds } from '../../cli/ods';
import type { Cell } from '../../src/bom';
import { corpusFile, corpusNames } from '../helpers/bom-corpus';
import { convertAll, libreOfficeSuite } from '../helpers/libreoffice';

const { withOffice, officeSaid, soffice, dir } = libreOfficeSuite('partsheet-ods-');

/** A BOM workbook with what a hand-made one holds: a read-me sheet, a title, blank rows, a merged range, text. */
async function sampleWorkbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Read me').addRows([['Order from the BOM sheet'], [], ['Prices in EUR']]);
  const bom = book.addWorksheet('BOM (rev B)');
  bom.addRows([
    ['Keyboard controller, rev B'],
    [],
    ['Ref', 'Qty', 'MPN', 'Manufacturer', 'Note', 'Price'],
    ['U1', 1, 'STM32F302C6T6', 'ST', 'MCU\nLQFP-48', 5.14],
    ['R1, R2,  R3', 3, 'WR06X221 JTL', 'Walsin', 'two  spaces & "quotes" <tag>', 0.01],
    ['D1-D83', 83, '1N4148W RH', 'Taiwan Semi', null, 0.03],
    [],
    [],
    ['C1', 6, 'C0603C104M5RACTU', 'KEMET', 'Ω µ 10µF', 0.125],
  ]);
  bom.mergeCells('E6:E7');
  bom.getCell('F12').value = 65.85;
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Today's date (the machine's, as LibreOffice takes it) as the XLSX reader gives a date cell. */
const TODAY = ((d) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`)(
  new Date(),
);

/**
 * The cells of a sheet, for comparing with the XLSX copy's: without the zeros a formula left in the ODS that exceljs
 * drops from the copy as blank, numbers as shown, dates as the XLSX reader gives them, and with the copy's value where LibreOffice computed a TODAY() or NOW() again as it
 * opened the file (it does so whatever its settings say of other formulas): today's date, where the file holds the
 * day it was saved.
 */
function comparable(ods: Cell[][], xlsx: Cell[][]): Cell[][] {
  return ods.map((row, r) =>
    row
      .map((cell, c) => {
        const their = xlsx[r]?.[c] ?? null;
        // An empty text and an empty cell look alike.
        if ((cell === null || cell === 0 || cell === '') && (their === null || their === '')) return their;
        // A number to the 15 digits a spreadsheet shows: LibreOffice writes a result so (973.640000000001).
        if (typeof cell === 'number' && typeof their === 'number' && cell.toPrecision(15) === their.toPrecision(15))
          return their;
        if (typeof their === 'string' && their.startsWith(TODAY) && cell !== null) return their;
        // A date: the ODS reader gives it as the sheet shows it ("22/03/17 10:07"), the XLSX reader as ISO's date.
        const shownDate = typeof cell === 'string' && /^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}(?: \d\d:\d\d)?$/.test(cell);
        return shownDate && typeof their === 'string' && /^\d{4}-\d\d-\d\d(?: \d\d:\d\d)?$/.test(their) ? their : cell;
      })
      .filter((_, c, all) => all.slice(c).some((v) => v !== null)),
  );
}

withOffice(`ODS reader against ${officeSaid}`, () => {
  /** The sample workbook, and LibreOffice's copies of it as ODS and as flat XML (made once, for both tests). */
  let saved: Promise<{ original: Buffer; ods: Buffer; fods: string }> | undefined;
  const copies = (): Promise<{ original: Buffer; ods: Buffer; fods: string }> =>
    (saved ??= (async () => {
      const xlsx = join(dir(), 'sample.xlsx');
      const original = await sampleWorkbook();
      writeFileSync(xlsx, original);
      const [ods] = convertAll(soffice, [xlsx], join(dir(), 'ods'), 'ods');
      const [fods] = convertAll(soffice, [xlsx], join(dir(), 'fods'), 'fods');
      return { original, ods: readFileSync(ods), fods };
    })());

  test('a workbook saved by LibreOffice as ODS reads to the same sheets, cells and merged ranges', async () => {
    const { original, ods: buf } = await copies();
    const first = await parseOds(buf);
    expect(first.sheetNames).toEqual(['Read me', 'BOM (rev B)']);
    for (const sheet of first.sheetNames) {
      const fromOds = await parseOds(buf, { sheet });
      const fromXlsx = await parseXlsx(original, { sheet });
      expect({ sheet, cells: fromOds.cells, merged: fromOds.merged }).toEqual({
        sheet,
        cells: fromXlsx.cells,
        merged: fromXlsx.merged,
      });
    }
  }, 120_000);

  test('the same workbook saved as flat XML (.fods) reads as its .ods does, found by its bytes', async () => {
    const { ods, fods } = await copies();
    const flat = readFileSync(fods);
    expect(formatOf(fods, flat)).toBe('ods');
    expect(formatOf('saved.xml', flat)).toBe('ods');
    for (const sheet of ['Read me', 'BOM (rev B)'])
      expect(await parseOds(flat, { sheet })).toEqual(await parseOds(ods, { sheet }));
  }, 120_000);

  const exports = corpusNames().filter((n) => n.toLowerCase().endsWith('.ods'));
  (exports.length > 0 ? test : test.skip)(
    `the corpus's ${exports.length} .ods exports read as LibreOffice's XLSX copies of them do`,
    async () => {
      const copies = convertAll(
        soffice,
        exports.map((n) => corpusFile(n)),
        join(dir(), 'xlsx'),
        'xlsx',
        { recalculate: false },
      );
      for (const [i, name] of exports.entries()) {
        const buf = readFileSync(corpusFile(name));
        const copy = readFileSync(copies[i]);
        for (const sheet of (await parseOds(buf)).sheetNames) {
          const fromOds = await parseOds(buf, { sheet });
          // An XLSX sheet's name holds 31 characters at most: LibreOffice cuts a longer one so in the copy.
          const read = await parseXlsx(copy, { sheet: sheet.slice(0, 31) }).catch((e: unknown) =>
            e instanceof Error ? e : new Error(String(e)),
          );
          if (read instanceof Error) throw read;
          const fromXlsx = read;
          expect({ file: basename(name), sheet, cells: comparable(fromOds.cells, fromXlsx.cells) }).toEqual({
            file: basename(name),
            sheet,
            cells: fromXlsx.cells,
          });
        }
      }
    },
    300_000,
  );
});
