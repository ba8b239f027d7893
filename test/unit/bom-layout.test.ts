import { readBom } from '../../src/bom';
import {
  PRICED_BOM_COLUMNS,
  PRICED_BOM_HEADERS,
  PRICE_BREAK_COLUMNS,
  type PricedLine,
  escapeForCsv,
  excelSerial,
  isFormulaLike,
  priceBreakRow,
  pricedRow,
  safeText,
  skippedPricedLine,
  summarize,
} from '../../src/purchase';
import { DNP_SPELLINGS } from '../fixtures/bom/layouts';

function priced(overrides: Partial<PricedLine> = {}): PricedLine {
  return {
    status: 'priced',
    statusReason: '',
    row: 6,
    matchedPart: 'BAV99,215',
    manufacturer: 'Nexperia',
    description: 'DIODE ARRAY GP 100V 215MA SOT23',
    lifecycle: 'Active',
    need: 500,
    share: 500,
    orderQty: 3000,
    unitPrice: 0.01234,
    extended: 37.02,
    currency: 'USD',
    offerPrice: 0.01234,
    offerCurrency: 'USD',
    stock: 120000,
    stockAll: 150000,
    availability: 'In stock',
    leadTimeWeeks: 12,
    moq: 3000,
    pack: 3000,
    source: 'Americas',
    countryOfOrigin: 'MY',
    itemId: 'E02:0323_00012345',
    asOf: new Date(2024, 4, 1, 10, 30),
    ...overrides,
  };
}

/** The index of a priced column by its key. */
function col(key: string): number {
  return PRICED_BOM_COLUMNS.findIndex((c) => c.key === key);
}

describe('priced-BOM layout', () => {
  it('has the 23 columns in order with their formats', () => {
    expect(PRICED_BOM_HEADERS).toEqual([
      'Status',
      'Matched part',
      'Manufacturer',
      'Description',
      'Lifecycle',
      'Need',
      'Buy for line',
      'Order qty',
      'Unit price',
      'Extended',
      'Currency',
      'Offer price',
      'Offer currency',
      'Stock',
      'Stock (all sources)',
      'Availability',
      'Lead time (weeks)',
      'MOQ',
      'Pack',
      'Source',
      'Country of origin',
      'Item id',
      'As of',
    ]);
    const byHeader = Object.fromEntries(PRICED_BOM_COLUMNS.map((c) => [c.header, c]));
    expect(byHeader['Need']).toMatchObject({ kind: 'integer', numberFormat: '#,##0' });
    expect(byHeader['Unit price']).toMatchObject({ kind: 'money', numberFormat: '0.00000' });
    expect(byHeader['Extended']).toMatchObject({ kind: 'money', numberFormat: '#,##0.00' });
    expect(byHeader['As of']).toMatchObject({ kind: 'date', numberFormat: 'yyyy-mm-dd hh:mm' });
    expect(byHeader['Item id']).toMatchObject({ kind: 'text', numberFormat: '@' });
    expect(byHeader['Offer price']).toMatchObject({ kind: 'money', numberFormat: '0.00000' });
    expect(byHeader['Country of origin']).toMatchObject({ key: 'countryOfOrigin', kind: 'text', numberFormat: '@' });
    expect(new Set(PRICED_BOM_COLUMNS.map((c) => c.key)).size).toBe(23);
  });

  it('writes a priced line as cells in column order', () => {
    const serial = excelSerial(new Date(2024, 4, 1, 10, 30));
    expect(serial).toBeCloseTo(45413 + 10.5 / 24, 9);
    expect(pricedRow(priced())).toEqual([
      'priced',
      'BAV99,215',
      'Nexperia',
      'DIODE ARRAY GP 100V 215MA SOT23',
      'Active',
      500,
      500,
      3000,
      0.01234,
      37.02,
      'USD',
      0.01234,
      'USD',
      120000,
      150000,
      'In stock',
      12,
      3000,
      3000,
      'Americas',
      'MY',
      'E02:0323_00012345',
      serial,
    ]);
  });

  it('writes absent values as empty text for Excel and CSV, null for typed writers', () => {
    const line = priced({
      status: 'not found',
      statusReason: 'no part matches BAV99X',
      matchedPart: null,
      unitPrice: null,
      extended: null,
      asOf: null,
    });
    const excel = pricedRow(line);
    expect(excel[0]).toBe('not found: no part matches BAV99X');
    expect(excel[1]).toBe('');
    expect(excel[col('unitPrice')]).toBe('');
    expect(excel[col('asOf')]).toBe('');
    const typed = pricedRow(line, { target: 'typed' });
    expect(typed[1]).toBeNull();
    expect(typed[col('asOf')]).toBeNull();
  });

  it('writes dates as text for CSV', () => {
    expect(pricedRow(priced(), { target: 'csv' })[col('asOf')]).toBe('2024-05-01 10:30');
    expect(pricedRow(priced({ asOf: 'not a date' }), { target: 'csv' })[col('asOf')]).toBe('not a date');
  });

  it('makes formula-like service text safe', () => {
    const line = priced({
      description: '=HYPERLINK("http://evil.example","click")',
      manufacturer: '+cmd|',
      availability: '-2 weeks',
      matchedPart: '@SUM(A1)',
      source: '\tTab',
      statusReason: '',
    });
    const excel = pricedRow(line);
    expect(excel[1]).toBe("'@SUM(A1)");
    expect(excel[2]).toBe("'+cmd|");
    expect(excel[3]).toBe('\'=HYPERLINK("http://evil.example","click")');
    expect(excel[col('availability')]).toBe("'-2 weeks");
    expect(excel[col('source')]).toBe("'\tTab");
    expect(pricedRow(line, { target: 'csv' })[3]).toBe('\'=HYPERLINK("http://evil.example","click")');
    expect(pricedRow(line, { target: 'typed' })[3]).toBe('=HYPERLINK("http://evil.example","click")');
    expect(pricedRow(priced({ unitPrice: -1 }))[col('unitPrice')]).toBe(-1);
  });

  it('tells formula-like text', () => {
    for (const t of ['=1+1', '+1', '-1', '@A1', '\t=1', '\r=1', '\uFF1D1']) expect(isFormulaLike(t)).toBe(true);
    for (const t of ['', 'BAV99', ' =1', "'=1", '1-2']) expect(isFormulaLike(t)).toBe(false);
    expect(escapeForCsv('=1+1')).toBe("'=1+1");
    expect(escapeForCsv('BAV99')).toBe('BAV99');
    expect(safeText(null)).toBe('');
    expect(safeText('x'.repeat(40000))).toHaveLength(32766);
  });

  it('gives every skipped BOM row a status row', () => {
    const result = readBom(DNP_SPELLINGS);
    const row = pricedRow(skippedPricedLine(result.skipped[0]));
    expect(row[0]).toBe('skipped: not placed (DNP column: "X")');
    expect(row.slice(1).every((c) => c === '')).toBe(true);
  });

  it('has the price-break sheet columns, with the open-ended tier empty', () => {
    expect(PRICE_BREAK_COLUMNS.map((c) => c.header)).toEqual([
      'Line row',
      'Part',
      'Manufacturer',
      'Source',
      'Item id',
      'Currency',
      'Min qty',
      'Max qty',
      'Unit price',
    ]);
    const cells = priceBreakRow({
      lineRow: 7,
      part: 'BAV99,215',
      manufacturer: 'Nexperia',
      source: 'Americas',
      itemId: 'E02:0323_00012345',
      currency: 'USD',
      minQty: 3000,
      maxQty: Infinity,
      unitPrice: 0.01234,
    });
    expect(cells).toEqual([7, 'BAV99,215', 'Nexperia', 'Americas', 'E02:0323_00012345', 'USD', 3000, '', 0.01234]);
  });
});

describe('summarize', () => {
  const lines: PricedLine[] = [
    priced({ extended: 37.02, currency: 'USD' }),
    priced({ extended: 0.1, currency: 'USD' }),
    priced({ extended: 0.2, currency: 'usd' }),
    priced({ extended: 12.5, currency: 'EUR', source: 'EUROPE' }),
    priced({ status: 'not found', extended: null, currency: null }),
    priced({ status: 'ambiguous', extended: 99, currency: 'USD' }),
    priced({ status: 'no price', extended: null }),
    priced({ status: 'skipped', extended: null }),
    priced({ status: 'skipped', extended: null }),
  ];

  it('counts by status and totals by currency, never mixing currencies', () => {
    expect(summarize(lines, 4)).toEqual({
      lines: 9,
      priced: 4,
      short: 0,
      notFound: 1,
      ambiguous: 1,
      noPrice: 1,
      skipped: 2,
      // Lines priced in two currencies (say, two runs) are never added: the main total is the currency most lines use.
      currency: 'USD',
      totalPerBuild: 37.32,
      totalPerBoard: 9.33,
      bySource: [{ source: 'Americas', total: 37.32, lines: 3 }],
      excess: 0,
      notActive: 0,
      overbuys: 0,
      overbuySpares: 0,
      rates: [],
      missingRates: [],
      totalsPerBuild: { EUR: 12.5, USD: 37.32 },
      totalsPerBoard: { EUR: 3.125, USD: 9.33 },
    });
  });

  it('adds spares, sources of split lines and not-Active lifecycles', () => {
    const s = summarize(
      [
        priced({
          extended: 10,
          spareCost: 4,
          lifecycle: 'NRND',
          sourceCosts: [
            { source: 'MARKETPLACE', extended: 6 },
            { source: 'ACNA', extended: 4 },
          ],
        }),
        priced({ status: 'short', extended: 2, source: 'ACNA', lifecycle: 'Obsolete' }),
        priced({ status: 'no price', extended: null, lifecycle: 'Active' }),
      ],
      1,
    );
    expect(s).toMatchObject({ priced: 1, short: 1, noPrice: 1, totalPerBuild: 12, excess: 4, notActive: 2 });
    expect(s.bySource).toEqual([
      { source: 'ACNA', total: 6, lines: 2 },
      { source: 'MARKETPLACE', total: 6, lines: 1 },
    ]);
  });

  it('refuses a build of no boards', () => {
    expect(() => summarize(lines, 0)).toThrow(expect.objectContaining({ kind: 'bad-option' }));
  });
});
