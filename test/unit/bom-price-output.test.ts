import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { type BomFile, parseDelimited } from '../../cli/bomfile';
import { csvText, xlsxWorkbook, type WriteContext } from '../../cli/price-output';
import { jsonReport, renderTable } from '../../cli/price-report';
import { columnLetters } from '../../src/excel/address';
import type { XlsxBook } from '../../src/excel/xlsx-book';
import { type Cell, readBom } from '../../src/bom';
import { PRICED_BOM_COLUMNS, PRICED_BOM_HEADERS, type PricedColumnKey } from '../../src/purchase';
import { RateBook } from '../../src/pricing/rates';
import { priceBom } from '../../src/purchase/price-lines';
import type { ListAnswer, Offer, Part } from '../../src/catalog';
import { LookupScheduler, type ListPart, type ListSearchPort } from '../../src/lookup';
import { makeBreaks, makeOffer } from '../helpers/fake-parts';

const AS_OF = new Date(2024, 4, 1, 9, 15);

function offer(o: Partial<Offer>): Offer {
  return makeOffer({
    sourceCode: 'MARKETPLACE',
    sourceName: 'Marketplace',
    sourcePartId: 'X-1',
    breaks: makeBreaks([1, 0.5], [10, 0.25]),
    stock: 1000,
    leadTimeWeeks: 6,
    ...o,
  });
}

const PARTS: Record<string, Part> = {
  EVIL1: {
    itemId: 1,
    partNumber: 'EVIL1',
    manufacturerCode: 'EV',
    manufacturerName: '@Evil Corp',
    description: '=HYPERLINK("http://example.invalid","click")',
    packageType: '',
    category: '',
    status: '',
    compliance: {},
    datasheetUrl: null,
    resources: [],
    offers: [offer({ sourcePartId: '-12345', availabilityText: '+2 weeks' })],
  },
  GOOD1: {
    itemId: 2,
    partNumber: 'GOOD1',
    manufacturerCode: 'GD',
    manufacturerName: 'Good Parts',
    description: 'A plain part',
    packageType: '',
    category: '',
    status: '',
    compliance: {},
    datasheetUrl: null,
    resources: [],
    offers: [offer({ sourcePartId: 'G-1', currency: 'EUR' })],
  },
};

const port: ListSearchPort = {
  listUrl: () => 'http://fake/list',
  searchList: async (parts: ListPart[]): Promise<ListAnswer> => ({
    results: parts.map((p) => {
      const found = PARTS[p.partNumber.toUpperCase()];
      return {
        requestedPartNumber: p.partNumber,
        manufacturerFilter: null,
        numberFound: found ? 1 : 0,
        parts: found ? [found] : [],
      };
    }),
    partsRequested: parts.length,
    partsFound: 0,
    partsNotFound: 0,
    partsError: 0,
  }),
};

async function context(cells: Cell[][], file: Partial<BomFile> = {}, boards = 1): Promise<WriteContext> {
  const read = readBom(cells);
  const scheduler = new LookupScheduler({ port, windowMs: 0, now: () => AS_OF.getTime() });
  // GOOD1 sells in EUR: a rate the user gave (1 EUR = 1.1 USD) converts it.
  const rates = new RateBook({ probe: async () => [], given: { EUR: 1.1 }, now: () => AS_OF });
  const result = await priceBom(read, scheduler, { now: () => AS_OF, rates, boards });
  return { file: { format: 'csv', cells, delimiter: ',', warnings: [], ...file }, fileName: 'bom.csv', read, result };
}

/** The sheet column letter of a priced column, the priced block starting at column `first` (1 = A). */
function letter(key: PricedColumnKey, first = 4): string {
  return columnLetters(first - 1 + PRICED_BOM_COLUMNS.findIndex((c) => c.key === key));
}

/** The index of a priced column in a CSV row whose BOM had three columns. */
const at = (key: PricedColumnKey) => 3 + PRICED_BOM_COLUMNS.findIndex((c) => c.key === key);

const BOM: Cell[][] = [
  ['Project X', '', ''],
  ['MPN', 'Qty', 'Note'],
  ['EVIL1', '12', '=1+2'],
  ['GOOD1', '3', '-'],
  ['NOPE1', '1', '-5'],
  ['GOOD1', 'DNP', ''],
];

async function roundTrip(workbook: XlsxBook): Promise<ExcelJS.Workbook> {
  const copy = new ExcelJS.Workbook();
  await copy.xlsx.load((await workbook.bytes()).buffer as ArrayBuffer);
  return copy;
}

describe('XLSX output', () => {
  test('the BOM as it was, the priced columns beside it on the header row, text from the service as text', async () => {
    const wb = await roundTrip(await xlsxWorkbook(await context(BOM)));
    expect(wb.worksheets.map((s) => s.name)).toEqual(['BOM', 'Price breaks', 'Summary', 'Risk', 'Partsheet sheets']);
    const ws = wb.getWorksheet('BOM')!;
    expect(ws.getCell('A1').value).toBe('Project X');
    const header = ws.getRow(2).values as unknown[];
    expect(header.slice(1)).toEqual(['MPN', 'Qty', 'Note', ...PRICED_BOM_HEADERS]);
    // Whole numbers from a CSV become numbers; other text stays text, a formula-like note included.
    expect(ws.getCell('B3').value).toBe(12);
    expect(ws.getCell('C3').value).toBe('=1+2');
    expect(ws.getCell('C3').type).toBe(ExcelJS.ValueType.String);
    // D.. holds the priced columns.
    expect(ws.getCell('D3').value).toBe('priced');
    expect(ws.getCell('E3').value).toBe('EVIL1');
    expect(ws.getCell('F3').value).toBe('@Evil Corp');
    expect(ws.getCell('G3').value).toBe('=HYPERLINK("http://example.invalid","click")');
    expect(ws.getCell('G3').type).toBe(ExcelJS.ValueType.String);
    expect(ws.getCell(`${letter('availability')}3`).value).toBe('+2 weeks');
    expect(ws.getCell(`${letter('itemId')}3`).value).toBe('-12345');
    expect(ws.getCell(`${letter('itemId')}3`).type).toBe(ExcelJS.ValueType.String);
    expect(ws.getCell(`${letter('unitPrice')}3`).value).toBe(0.25);
    expect(ws.getCell(`${letter('unitPrice')}3`).numFmt).toBe('0.00000');
    expect(ws.getCell(`${letter('extended')}3`).numFmt).toBe('#,##0.00');
    expect(ws.getCell(`${letter('need')}3`).numFmt).toBe('#,##0');
    expect(ws.getCell(`${letter('asOf')}3`).numFmt).toBe('yyyy-mm-dd hh:mm');
    // GOOD1's EUR offer, converted: 3 × 0.5 EUR = 1.50 EUR = 1.65 USD.
    expect(ws.getCell(`${letter('extended')}4`).value).toBe(1.65);
    expect(ws.getCell(`${letter('offerPrice')}4`).value).toBe(0.5);
    expect(ws.getCell(`${letter('offerCurrency')}4`).value).toBe('EUR');
    expect(ws.getCell(`${letter('currency')}4`).value).toBe('USD');
    expect(ws.getCell('D5').value).toBe('not found');
    expect(ws.getCell('D6').value).toBe('skipped: not placed (quantity "DNP")');
    expect(ws.getCell('D1').value).toBeNull();
    for (let c = 1; c <= ws.columnCount; c++) {
      ws.getColumn(c).eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula));
    }
  });

  /** A BOM with no header row: two lines, part number first. */
  const HEADERLESS: Cell[][] = [
    ['GOOD1', '2', 'C1, C2'],
    ['EVIL1', '1', 'R1'],
  ];

  test('a BOM without a header row gets one on top for the priced headers', async () => {
    const ctx = await context(HEADERLESS);
    expect(ctx.read.headerRow).toBeNull();
    const wb = await roundTrip(await xlsxWorkbook(ctx));
    const ws = wb.getWorksheet('BOM')!;
    expect(ws.getCell('A1').value).toBeNull();
    expect((ws.getRow(1).values as unknown[]).slice(4)).toEqual(PRICED_BOM_HEADERS);
    expect(ws.getCell('A2').value).toBe('GOOD1');
    expect(ws.getCell('E2').value).toBe('GOOD1');
    expect(ws.getCell('A3').value).toBe('EVIL1');
    expect(ws.getCell('E3').value).toBe('EVIL1');
    const breaks = wb.getWorksheet('Price breaks')!;
    const lineRows = new Set<number>();
    breaks.eachRow((row, n) => {
      if (n > 1) lineRows.add(row.getCell(1).value as number);
    });
    expect(lineRows).toEqual(new Set([2, 3]));
  });

  test('a BOM without a header row gets one on top in CSV and TSV too: every line keeps its row and result', async () => {
    const ctx = await context(HEADERLESS);
    expect(ctx.read.headerRow).toBeNull();
    for (const delimiter of [',', '\t'] as const) {
      const rows = parseDelimited(csvText({ ...ctx, delimiter }).slice(1)).cells;
      expect(rows[0]).toEqual(['', '', '', ...PRICED_BOM_HEADERS]);
      expect(rows.slice(1, 3).map((r) => [r[0], r[at('matchedPart')], String(r[at('status')]).split(':')[0]])).toEqual([
        ['GOOD1', 'GOOD1', 'priced'],
        ['EVIL1', 'EVIL1', 'priced'],
      ]);
    }
  });

  test('a BOM sheet named like an output sheet is renamed', async () => {
    const wb = await roundTrip(await xlsxWorkbook(await context(BOM, { format: 'xlsx', sheetName: 'Summary' })));
    expect(wb.worksheets.map((s) => s.name)).toEqual([
      'Summary BOM',
      'Price breaks',
      'Summary',
      'Risk',
      'Partsheet sheets',
    ]);
  });

  test("the Summary sheet has the summary's entries: totals in one currency, per source, spares, counts, the rate and its as of", async () => {
    const ctx = await context(BOM, {}, 4);
    const wb = await roundTrip(await xlsxWorkbook(ctx));
    const rows = new Map<string, unknown[]>();
    wb.getWorksheet('Summary')!.eachRow((row) => {
      const values = (row.values as unknown[]).slice(1);
      if (typeof values[0] === 'string') rows.set(values[0], values.slice(1));
    });
    expect(rows.get('Boards')).toEqual([4]);
    expect(rows.get('Lines')).toEqual([4]);
    expect(rows.get('Priced')).toEqual([2]);
    expect(rows.get('Not found')).toEqual([1]);
    expect(rows.get('Skipped')).toEqual([1]);
    expect(rows.get('Currency')).toEqual(['USD']);
    // 48 × 0.25 USD + 12 × 0.25 EUR at 1.1.
    // One line not found: the totals say they leave it out.
    expect(rows.get('Total for 4 boards (partial: 2 of 3 lines priced)')).toEqual([15.3]);
    expect(rows.get('Total per board (partial: 2 of 3 lines priced)')).toEqual([3.825]);
    expect(rows.get('Lines covered')).toEqual(['2 of 3 lines priced; left out: 1 not found; 1 skipped']);
    expect(rows.get('Rate EUR → USD')).toEqual([
      '1 EUR = 1.1 USD (set by the user, as of 2024-05-01 ' + AS_OF.toISOString().slice(11, 16) + ' UTC)',
    ]);
    expect(ctx.result.summary.totalsPerBuild).toEqual({ USD: 15.3 });
  });
});

describe('CSV output', () => {
  test('the BOM columns then the priced columns; formula-like text escaped, numbers and signs left alone', async () => {
    const text = csvText(await context(BOM));
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
    // The table, a blank row, then the summary's entries (KiCost writes its totals below the table too).
    expect(rows[6].every((c) => c === '')).toBe(true);
    expect(rows.slice(7, 9).map((r) => r[0])).toEqual([
      'Summary (4 lines: 2 priced, 0 short, 1 not found, 0 ambiguous, 0 no price, 1 skipped)',
      'Currency',
    ]);
    expect(rows.find((r) => r[0] === 'Total for 1 board (partial: 2 of 3 lines priced)')?.[1]).toBe('4.65');
    expect(rows[0]).toEqual(['Project X', '', '', ...PRICED_BOM_HEADERS.map(() => '')]);
    expect(rows[1]).toEqual(['MPN', 'Qty', 'Note', ...PRICED_BOM_HEADERS]);
    const evil = rows[2];
    expect(evil.slice(0, 3)).toEqual(['EVIL1', '12', "'=1+2"]);
    expect(evil[3]).toMatch(/^priced/);
    expect(evil[5]).toBe("'@Evil Corp");
    expect(evil[6]).toBe(`'=HYPERLINK("http://example.invalid","click")`);
    expect(evil[at('availability')]).toBe("'+2 weeks");
    expect(evil[at('itemId')]).toBe("'-12345");
    expect(evil[at('asOf')]).toBe('2024-05-01 09:15');
    expect(rows[3].slice(0, 3)).toEqual(['GOOD1', '3', '-']);
    expect(rows[4].slice(0, 3)).toEqual(['NOPE1', '1', '-5']);
    expect(rows[4][3]).toBe('not found');
  });

  test('the output delimiter is the one asked for, whatever the BOM used', async () => {
    const fromSemicolons = await context(BOM, { delimiter: ';' });
    const comma = parseDelimited(csvText(fromSemicolons).slice(1));
    expect(comma.delimiter).toBe(',');
    expect(comma.cells[1].slice(0, 4)).toEqual(['MPN', 'Qty', 'Note', 'Status']);
    const tab = parseDelimited(csvText({ ...fromSemicolons, delimiter: '\t' }).slice(1));
    expect(tab.delimiter).toBe('\t');
    expect(tab.cells[1].slice(0, 4)).toEqual(['MPN', 'Qty', 'Note', 'Status']);
  });
});

describe('terminal and JSON', () => {
  test('the table shows each row, the reasons after it, then the totals per currency', async () => {
    const lines = renderTable((await context(BOM, {}, 2)).result);
    expect(lines[0]).toMatch(
      /^Row\s+Part number\s+Status\s+Matched part\s+Manufacturer\s+Life\s+Need\s+Buy\s+Order\s+Unit\s+Extended\s+Cur\s+Offer\s+Stock\s+Lead\s+Origin\s+Item id$/,
    );
    expect(lines.find((l) => /^\s+3\s+EVIL1\s+priced\s+EVIL1/.test(l))).toBeDefined();
    expect(lines).toContain('Notes:');
    expect(lines).toContain('  Row 6: skipped: not placed (quantity "DNP")');
    const summary = lines.slice(
      lines.indexOf('4 lines: 2 priced, 0 short, 1 not found, 0 ambiguous, 0 no price, 1 skipped'),
    );
    // GOOD1: 6 needed, but 10 at the next break (2.50 EUR) cost less than 6 (3.00 EUR): 2.75 USD; EVIL1 24 × 0.25.
    expect(summary.slice(1, 4).map((l) => l.replace(/\s+/g, ' '))).toEqual([
      'Currency: USD',
      'Total per board (partial: 2 of 3 lines priced): 4.38 USD',
      'Total for 2 boards (partial: 2 of 3 lines priced): 8.75 USD',
    ]);
    expect(summary.at(-1)).toMatch(
      /^Rate EUR → USD: +1 EUR = 1\.1 USD \(set by the user, as of 2024-05-01 \d\d:\d\d UTC\)$/,
    );
  });

  test('JSON has the lines with their sheet row and the summary', async () => {
    const ctx = await context(BOM);
    const json = JSON.parse(JSON.stringify(jsonReport(ctx.result, 'bom.csv', ['a warning'])));
    expect(json.file).toBe('bom.csv');
    expect(json.lines.map((l: any) => [l.sheetRow, l.status])).toEqual([
      [3, 'priced'],
      [4, 'priced'],
      [5, 'not found'],
      [6, 'skipped'],
    ]);
    expect(json.lines[0].asOf).toBe(AS_OF.toISOString());
    expect(json.summary).toEqual(ctx.result.summary);
    expect(json.warnings).toEqual(['a warning']);
  });
});
