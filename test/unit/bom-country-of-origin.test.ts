/**
 * The country of origin of the offers a line buys from, in every output of `partsheet price`: a column of the CSV and
 * of the XLSX's BOM sheet, a column of the terminal table, a field of --json. One offer: its country; a split: each
 * offer's, joined as Source joins them; an offer that does not say: "Unknown", never blank. A line that buys nothing
 * (not found, skipped) has no country, as it has no source.
 */
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { csvText, xlsxWorkbook, type WriteContext } from '../../cli/price-output';
import { jsonReport, renderTable } from '../../cli/price-report';
import { type Cell, readBom } from '../../src/bom';
import { PRICED_BOM_COLUMNS, PRICED_BOM_HEADERS } from '../../src/purchase';
import { priceBom } from '../../src/purchase/price-lines';
import { columnLetters } from '../../src/excel/address';
import { LookupScheduler } from '../../src/lookup';
import { FakeParts, makeBreaks, makeOffer, makePart } from '../helpers/fake-parts';

const AS_OF = new Date(2026, 10, 20, 9, 0);

const catalog = new FakeParts().add(
  makePart('TPS7A4901DGNR', [
    makeOffer({ sourcePartId: 'A-1', sourceCode: 'ACNA', countryOfOrigin: 'MY', breaks: makeBreaks([1, 1.2]) }),
  ]),
  makePart('LM358DR', [makeOffer({ sourcePartId: 'A-2', sourceCode: 'ACNA', countryOfOrigin: null })]),
  // 300 needed, 200 and 150 in stock: both offers are bought.
  makePart('BAV99,215', [
    makeOffer({ sourcePartId: 'A-3', sourceCode: 'ACNA', stock: 200, countryOfOrigin: 'CN' }),
    makeOffer({ sourcePartId: 'E-3', sourceCode: 'EUROPE', stock: 150, countryOfOrigin: null }),
  ]),
);

const BOM: Cell[][] = [
  ['MPN', 'Qty'],
  ['TPS7A4901DGNR', '1'],
  ['LM358DR', '2'],
  ['BAV99,215', '300'],
  ['NOSUCHPART', '1'],
  ['LM358DR', 'DNP'],
];

async function priced(): Promise<WriteContext> {
  const read = readBom(BOM);
  const scheduler = new LookupScheduler({ port: catalog, windowMs: 0, now: () => AS_OF.getTime() });
  const result = await priceBom(read, scheduler, { now: () => AS_OF });
  return { file: { format: 'csv', cells: BOM, delimiter: ',', warnings: [] }, fileName: 'bom.csv', read, result };
}

/** What each BOM row says of its country, by row: the offer's, "Unknown", a split's, none (not found, skipped). */
const EXPECTED = [
  ['priced', 'MY'],
  ['priced', 'Unknown'],
  ['priced', 'CN + Unknown'],
  ['not found', ''],
  ['skipped', ''],
];

const COUNTRY = PRICED_BOM_COLUMNS.findIndex((c) => c.key === 'countryOfOrigin');

describe('country of origin', () => {
  test('is a priced column after Source, with its header, as text', () => {
    expect(COUNTRY).toBe(PRICED_BOM_HEADERS.indexOf('Source') + 1);
    expect(PRICED_BOM_COLUMNS[COUNTRY]).toMatchObject({ header: 'Country of origin', kind: 'text', numberFormat: '@' });
  });

  test('the lines carry it, and --json has it as a field of each line', async () => {
    const { result } = await priced();
    expect(result.lines.map((l) => [l.status, l.countryOfOrigin ?? ''])).toEqual(EXPECTED);
    // The split names its offers' countries in the order of its sources.
    expect(result.lines[2].source).toBe('ACNA + EUROPE');
    const json = JSON.parse(JSON.stringify(jsonReport(result, 'bom.csv', [])));
    expect(json.lines.map((l: { countryOfOrigin: string | null }) => l.countryOfOrigin)).toEqual([
      'MY',
      'Unknown',
      'CN + Unknown',
      null,
      null,
    ]);
  });

  test('CSV: a column of the priced block, under its header', async () => {
    const rows = Papa.parse<string[]>(csvText(await priced()).slice(1), { skipEmptyLines: true }).data;
    const at = 2 + COUNTRY;
    expect(rows[0][at]).toBe('Country of origin');
    expect(rows.slice(1, 6).map((r) => [r[2].split(':')[0], r[at]])).toEqual(EXPECTED);
  });

  test('XLSX: a column of the priced block on the BOM sheet, as text', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await (await xlsxWorkbook(await priced())).bytes()).buffer as ArrayBuffer);
    const ws = book.getWorksheet('BOM')!;
    // The BOM's A:B, then the priced columns from C.
    const letter = columnLetters(2 + COUNTRY);
    expect(ws.getCell(`${letter}1`).value).toBe('Country of origin');
    const cells = [2, 3, 4, 5, 6].map((r) => [
      String(ws.getCell(`C${r}`).value).split(':')[0],
      ws.getCell(`${letter}${r}`).value,
    ]);
    expect(cells).toEqual(EXPECTED.map(([status, country]) => [status, country === '' ? null : country]));
    expect(ws.getCell(`${letter}2`).numFmt).toBe('@');
  });

  test('the terminal table shows it as Origin', async () => {
    const lines = renderTable((await priced()).result);
    const header = lines[0];
    expect(header).toMatch(/\bLead\s+Origin\s+Item id$/);
    const origin = header.indexOf('Origin');
    const cell = (row: number) => lines[row].slice(origin, origin + 'CN + Unknown'.length).trim();
    expect([1, 2, 3, 4, 5].map(cell)).toEqual(EXPECTED.map(([, country]) => country));
  });
});
