/**
 * Spreadsheet safety: text from the parts service that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`,
 * tab, carriage return) is written as text, never evaluated — in the workbook the task pane writes (the in-memory
 * workbook reads typed text as Excel does, so a formula that got through would show up as one), in the CSV export
 * (escaped with a leading apostrophe) and in the XLSX export (string cells, no formula).
 *
 * End to end: a catalog imported into the reference service with such text in every field it sends, priced by
 * the task pane's controller over the shared runtime and by `partsheet price`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { priceCommand } from '../../cli/price';
import {
  PRICED_BOM_COLUMNS,
  PRICE_BREAK_COLUMNS,
  isFormulaLike,
  type PriceBreakRow,
  type PricedLine,
} from '../../src/purchase';
import { CatalogClient, type Part } from '../../src/catalog';
import { createWorkbookPort, planPricedOutput, writePriceBreaks, writePricedResults } from '../../src/excel';
import { MemoryWorkbook, excelInput } from '../../testing/excel';
import { columnLetters } from '../../src/excel/address';
import {
  API_KEY,
  FORMULA_TEXTS,
  LOGIN,
  SERVICE_URL,
  inProcessService,
  paneOver,
  v4Entry,
  type HostileRecord,
  type InProcessService,
} from '../helpers/safety';

const COLUMN = Object.fromEntries(PRICED_BOM_COLUMNS.map((c, i) => [c.key, i])) as Record<
  (typeof PRICED_BOM_COLUMNS)[number]['key'],
  number
>;
const SERVICE_TEXT_COLUMNS = [
  'matchedPart',
  'manufacturer',
  'description',
  'lifecycle',
  'currency',
  'offerCurrency',
  'availability',
  'source',
  'itemId',
] as const;
/** The last column of a results block whose first column is `left`. */
const lastResultsColumn = (left: number): string => columnLetters(left + PRICED_BOM_COLUMNS.length - 1);
const never = async (): Promise<never> => {
  throw new Error('asked to overwrite');
};

/** Beyond the six of the issue: fullwidth signs some locales accept, and longer formulas. */
const MORE_TEXTS = [
  '\uFF1D1+1',
  '\uFF0B1',
  '\uFF0D1',
  '\uFF20A1',
  "=cmd|' /C calc'!A0",
  "=1+1'",
  '-',
  '+',
  '=',
  '@',
  '-0.5',
  '+44 20 7946 0000',
];

function line(overrides: Partial<PricedLine>): PricedLine {
  return {
    status: 'priced',
    statusReason: '',
    row: 1,
    matchedPart: 'BAV99',
    manufacturer: 'Nexperia',
    description: 'Diode array',
    lifecycle: 'Active',
    need: 10,
    share: 10,
    orderQty: 10,
    unitPrice: 0.1,
    extended: 1,
    currency: 'USD',
    offerPrice: 0.1,
    offerCurrency: 'USD',
    stock: 100,
    stockAll: 100,
    availability: 'In stock',
    leadTimeWeeks: 4,
    moq: 1,
    pack: 1,
    source: 'ACNA',
    itemId: 'E1',
    asOf: new Date(2026, 0, 2, 3, 4),
    ...overrides,
  };
}

describe('the in-memory workbook evaluates what Excel would', () => {
  test.each([...FORMULA_TEXTS, ...MORE_TEXTS.filter((t) => t.length > 1)])(
    '%j written raw to a General cell does not stay that text',
    (text) => {
      const cell = excelInput(text, undefined);
      if (Number.isFinite(Number(text))) expect(cell.value).toBe(Number(text));
      else expect(cell).toMatchObject({ value: '#NAME?', formula: text.trim() });
    },
  );

  test('a leading apostrophe keeps the rest as text, shown and read back without it', () => {
    for (const text of FORMULA_TEXTS)
      expect(excelInput(`'${text}`, undefined)).toEqual({ value: text, quotePrefix: true });
  });
});

describe('service text through the gateway into the workbook', () => {
  const texts = [...FORMULA_TEXTS, ...MORE_TEXTS];

  test.each(SERVICE_TEXT_COLUMNS.flatMap((key) => texts.map((text) => [key, text] as const)))(
    '%s %j is written as text',
    async (key, text) => {
      const book = new MemoryWorkbook({ sheets: ['BOM'] });
      book.setValues('BOM', 'A1:B2', [
        ['MPN', 'Qty'],
        ['X1', 1],
      ]);
      const gateway = createWorkbookPort(book.host);
      const location = { sheet: 'BOM', rowIndex: 0, columnIndex: 0, rowCount: 2, columnCount: 2, headerRow: 0 };
      const lines = [line({ [key]: text })];
      // Twice: the first write meets cells without the text format, the second cells that have it.
      for (let pass = 0; pass < 2; pass++) {
        await writePricedResults(gateway, location, lines, { confirm: never });
        const address = `${columnLetters(3 + COLUMN[key])}2`;
        const cell = book.cell('BOM', address)!;
        expect(cell.formula).toBeUndefined();
        expect(cell.value).toBe(text);
        expect(book.formulas('BOM')).toEqual([]);
        const read = await gateway.readRange('BOM', address);
        expect(read.values).toEqual([[text]]);
      }
    },
  );

  test.each(texts)('price breaks: part, manufacturer, source and item id %j are written as text', async (text) => {
    const book = new MemoryWorkbook({ sheets: ['BOM'] });
    const gateway = createWorkbookPort(book.host);
    const row: PriceBreakRow = {
      lineRow: 2,
      part: text,
      manufacturer: text,
      source: text,
      itemId: text,
      currency: 'USD',
      minQty: 1,
      maxQty: 9,
      unitPrice: 0.5,
    };
    await writePriceBreaks(gateway, [row], { confirm: never });
    expect(book.formulas('Price breaks')).toEqual([]);
    const textColumns = PRICE_BREAK_COLUMNS.map((c, i) => [c, i] as const).filter(([c]) =>
      ['part', 'manufacturer', 'source', 'itemId'].includes(c.key),
    );
    for (const [, i] of textColumns) expect(book.cell('Price breaks', `${columnLetters(i)}2`)?.value).toBe(text);
  });

  test('the status text quoting a candidate with a formula-like part number stays text', async () => {
    const book = new MemoryWorkbook({ sheets: ['BOM'] });
    const gateway = createWorkbookPort(book.host);
    const location = { sheet: 'BOM', rowIndex: 0, columnIndex: 0, rowCount: 2, columnCount: 2, headerRow: 0 };
    await writePricedResults(
      gateway,
      location,
      [line({ status: 'ambiguous', statusReason: '=A1 (=Evil), @B2 (+Other)', matchedPart: null })],
      { confirm: never },
    );
    expect(book.formulas('BOM')).toEqual([]);
    expect(book.cell('BOM', `${columnLetters(3 + COLUMN.status)}2`)?.value).toBe(
      'ambiguous: =A1 (=Evil), @B2 (+Other)',
    );
  });

  test('every text cell the plan holds is either plain or carries the quote prefix', () => {
    const location = { sheet: 'BOM', rowIndex: 0, columnIndex: 0, rowCount: 2, columnCount: 2, headerRow: 0 };
    for (const text of texts) {
      const plan = planPricedOutput(location, [
        line(Object.fromEntries(SERVICE_TEXT_COLUMNS.map((key) => [key, text]))),
      ]);
      for (const cell of plan.values[1]) if (typeof cell === 'string') expect(isFormulaLike(cell)).toBe(false);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------
// End to end over the reference service

const PREFIX = ['=', '+', '-', '@', '\t', '\r'];

/** Description, manufacturer name, availability and item id from the service, one formula-like text per part. */
const FIELD_RECORDS: HostileRecord[] = FORMULA_TEXTS.map((text, i) => ({
  partNum: `SAFE-${i + 1}00`,
  mfrCd: `EV${i}`,
  mfrName: text,
  desc: text,
  availability: text,
  sourcePartId: `${PREFIX[i]}ID-${i}`,
}));

/** Part numbers that are formulas; the BOM names them by their letters and digits, as a list search matches. */
const PART_RECORDS: Array<HostileRecord & { bom: string }> = [
  { partNum: '=HYPERLINK("http://evil","x")', bom: 'HYPERLINK-HTTP-EVIL-X' },
  { partNum: '+1+1', bom: '11' },
  { partNum: '-2', bom: '2' },
  { partNum: '@SUM(A1)', bom: 'SUM-A1' },
].map((p, i) => ({
  ...p,
  mfrCd: `PN${i}`,
  mfrName: `Maker ${i}`,
  desc: 'Plain part',
  availability: 'In Stock',
  sourcePartId: `PN-SP-${i}`,
}));

/** Two parts with one part number, for the choice the pane writes back into the BOM. */
const AMBIGUOUS: HostileRecord[] = [
  { partNum: '=AMB1', mfrCd: 'AMA', mfrName: '=Evil Corp', desc: 'A', availability: 'In Stock', sourcePartId: 'AMB-A' },
  { partNum: '@AMB1', mfrCd: 'AMB', mfrName: '-Other Inc', desc: 'B', availability: 'In Stock', sourcePartId: 'AMB-B' },
];

const BOM_PARTS = [...FIELD_RECORDS.map((r) => r.partNum), ...PART_RECORDS.map((r) => r.bom)];

let svc: InProcessService;
/** The parts as the service sends them, by the BOM's part number. */
const served = new Map<string, Part>();
let dir: string;

beforeAll(async () => {
  svc = await inProcessService([...FIELD_RECORDS, ...PART_RECORDS, ...AMBIGUOUS].map(v4Entry), { [LOGIN]: API_KEY });
  expect(svc.imported.skipped).toEqual([]);
  const client = new CatalogClient({ itemBaseUrl: SERVICE_URL, login: LOGIN, apikey: API_KEY, fetch: svc.fetch });
  const answer = await client.searchList(BOM_PARTS.map((partNumber) => ({ partNumber })));
  answer.results.forEach((r, i) => {
    expect(r.parts).toHaveLength(1);
    served.set(BOM_PARTS[i], r.parts[0]);
  });
  dir = mkdtempSync(join(tmpdir(), 'partsheet-safety-'));
});

afterAll(async () => {
  await svc?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/**
 * Formula-like fields the service sends for the BOM: manufacturer, description and availability of the six
 * FIELD_RECORDS, four of their item ids (the client trims the tab and CR ones), and the four part numbers.
 */
const HOSTILE_FIELDS = 6 * 3 + 4 + 4;

function hostileCount(): number {
  return [...served.values()].reduce((n, p) => n + hostileFields(p).length, 0);
}

/** What the service sent that the tests expect back as text, and where in the results it goes. */
function hostileFields(part: Part): Array<{ key: (typeof SERVICE_TEXT_COLUMNS)[number]; text: string }> {
  const offer = part.offers[0];
  const fields = [
    { key: 'matchedPart' as const, text: part.partNumber },
    { key: 'manufacturer' as const, text: part.manufacturerName },
    { key: 'description' as const, text: part.description },
    { key: 'availability' as const, text: offer.availabilityText },
    { key: 'itemId' as const, text: offer.sourcePartId },
  ];
  return fields.filter((f) => isFormulaLike(f.text));
}

describe('end to end: a catalog imported with formula-like text, priced by the task pane', () => {
  test('the service sends the text as it was imported (the client trims a leading tab or CR, leaving "=1")', () => {
    const descriptions = FIELD_RECORDS.map((r) => served.get(r.partNum)!.description);
    expect(descriptions).toEqual(FORMULA_TEXTS.map((t) => t.trim()));
    expect(descriptions.every(isFormulaLike)).toBe(true);
    expect(hostileCount()).toBe(HOSTILE_FIELDS);
  });

  test('every such text lands in its cell as text; nothing in the workbook is a formula', async () => {
    const pane = await paneOver(svc.fetch, {});
    const { book, controller } = pane;
    book.setValues('BOM', `A1:C${BOM_PARTS.length + 1}`, [
      ['Ref', 'Qty', 'MPN'],
      ...BOM_PARTS.map((mpn, i) => [`R${i + 1}`, 1, mpn]),
    ]);
    book.select('BOM', 'A1');
    await controller.useSelection();
    await controller.price();
    const state = controller.getState();
    expect(state.notices.map((n) => n.title)).toEqual(['Prices written']);
    expect(state.pricing?.lines.every((l) => l.status === 'priced')).toBe(true);

    for (const name of book.sheetNames())
      expect({ name, formulas: book.formulas(name) }).toEqual({ name, formulas: [] });
    const read = await pane.services.book.readRange('BOM', `E2:${lastResultsColumn(4)}${BOM_PARTS.length + 1}`);
    BOM_PARTS.forEach((mpn, i) => {
      for (const { key, text } of hostileFields(served.get(mpn)!)) {
        const address = `${columnLetters(4 + COLUMN[key])}${i + 2}`;
        expect({ address, cell: book.cell('BOM', address) }).toMatchObject({ address, cell: { value: text } });
        expect(book.cell('BOM', address)?.formula).toBeUndefined();
        expect(read.values[i][COLUMN[key]]).toBe(text);
      }
    });
    const breaks = book.getValues('Price breaks', `A1:I${1 + 2 * BOM_PARTS.length}`);
    const described = FIELD_RECORDS.map((r) => served.get(r.partNum)!.manufacturerName);
    for (const name of described) expect(breaks.some((row) => row[2] === name)).toBe(true);
  });

  test('choosing between candidates writes a formula-like part number and maker into the BOM as text', async () => {
    const pane = await paneOver(svc.fetch, {});
    const { book, controller } = pane;
    book.setValues('BOM', 'A1:D2', [
      ['Ref', 'Qty', 'MPN', 'Manufacturer'],
      ['U1', 1, 'AMB1', ''],
    ]);
    book.select('BOM', 'A1');
    await controller.useSelection();
    await controller.price();
    const ambiguous = controller.getState().pricing!.lines[0];
    expect(ambiguous.status).toBe('ambiguous');
    const evil = ambiguous.candidates.find((c) => c.partNumber === '=AMB1')!;
    await controller.pick(ambiguous, evil);
    expect(book.cell('BOM', 'C2')).toMatchObject({ value: '=AMB1' });
    expect(book.cell('BOM', 'D2')).toMatchObject({ value: '=Evil Corp' });
    for (const name of book.sheetNames()) expect(book.formulas(name)).toEqual([]);
    expect(controller.getState().pricing!.lines[0]).toMatchObject({
      status: 'priced',
      matchedPart: '=AMB1',
      manufacturer: '=Evil Corp',
    });
  });
});

describe('end to end: partsheet price exports', () => {
  let realFetch: typeof fetch;
  beforeAll(() => {
    realFetch = globalThis.fetch;
    globalThis.fetch = svc.fetch;
  });
  afterAll(() => {
    globalThis.fetch = realFetch;
  });

  function bomFile(): string {
    const file = join(dir, 'bom.csv');
    writeFileSync(file, ['Ref,Qty,MPN', ...BOM_PARTS.map((mpn, i) => `R${i + 1},1,${mpn}`)].join('\r\n'));
    return file;
  }

  async function price(out: string): Promise<{ code: number; out: string[]; err: string[] }> {
    const lines = { out: [] as string[], err: [] as string[] };
    const code = await priceCommand(
      [bomFile(), '--out', out, '--url', SERVICE_URL, '--login', LOGIN, '--apikey', API_KEY],
      {
        out: (s) => lines.out.push(s),
        err: (s) => lines.err.push(s),
      },
      {},
    );
    return { code, ...lines };
  }

  test('CSV: each formula-like text is escaped with a leading apostrophe, and reads back as that', async () => {
    const out = join(dir, 'priced.csv');
    const r = await price(out);
    expect(r).toMatchObject({ code: 0, err: [] });
    const rows = Papa.parse<string[]>(readFileSync(out, 'utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    const header = rows[0];
    BOM_PARTS.forEach((mpn, i) => {
      const row = rows[i + 1];
      for (const { key, text } of hostileFields(served.get(mpn)!)) {
        const column = header.indexOf(PRICED_BOM_COLUMNS[COLUMN[key]].header);
        expect({ mpn, key, field: row[column] }).toEqual({ mpn, key, field: `'${text}` });
      }
      for (const field of row) expect(isFormulaLike(field)).toBe(false);
    });
  });

  test('XLSX: each formula-like text is a string cell without a formula, in the BOM sheet and in Price breaks', async () => {
    const out = join(dir, 'priced.xlsx');
    const r = await price(out);
    expect(r).toMatchObject({ code: 0, err: [] });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(out);
    const sheet = wb.getWorksheet('BOM')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    let checked = 0;
    BOM_PARTS.forEach((mpn, i) => {
      for (const { key, text } of hostileFields(served.get(mpn)!)) {
        const cell = sheet.getRow(i + 2).getCell(header.indexOf(PRICED_BOM_COLUMNS[COLUMN[key]].header) + 1);
        expect({ mpn, key, type: cell.type, formula: cell.formula }).toEqual({
          mpn,
          key,
          type: ExcelJS.ValueType.String,
          formula: undefined,
        });
        // XML keeps a carriage return only when escaped; either way the cell holds the text, not a formula.
        expect(String(cell.value).replace(/\n/g, '\r')).toBe(text.replace(/\n/g, '\r'));
        checked++;
      }
    });
    expect(checked).toBe(HOSTILE_FIELDS);
    for (const ws of wb.worksheets) {
      ws.eachRow((row) =>
        row.eachCell((cell) => {
          expect({ sheet: ws.name, address: cell.address, type: cell.type }).not.toMatchObject({
            type: ExcelJS.ValueType.Formula,
          });
        }),
      );
    }
  });
});
