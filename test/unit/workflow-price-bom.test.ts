/**
 * The "price a BOM" workflow over in-memory ports: the pane's whole run is one call that looks up, plans,
 * summarises and writes the results, the total, the price breaks and the summary through the workbook port.
 */
import { readBom } from '../../src/bom';
import { PRICED_BOM_HEADERS } from '../../src/purchase';
import { type BomLookupPort, priceBom } from '../../src/purchase/price-lines';
import { CatalogError } from '../../src/catalog';
import { columnLetters, createWorkbookPort } from '../../src/excel';
import type { ResultsRecord } from '../../src/excel/own-cells';
import type { BomLocation } from '../../src/excel/priced-sheet';
import { LookupScheduler } from '../../src/lookup';
import { keepLastPrices, staleLineCount } from '../../src/workflows/last-prices';
import { type WorkbookRunRequest, priceIntoWorkbook, priceLines, priceOptionsOf } from '../../src/workflows/price-bom';
import { DEFAULT_SETTINGS } from '../../src/settings';
import { MemoryWorkbook } from '../../testing/excel';
import { FakeParts, makeBreaks, makeOffer, makePart } from '../helpers/fake-parts';

/** The last column of results written from E (one empty column right of the BOM's A:C). */
const LAST = columnLetters(4 + PRICED_BOM_HEADERS.length - 1);

const NOW = new Date(Date.UTC(2026, 10, 20, 9, 30));
const ROWS = [
  ['MPN', 'Manufacturer', 'Qty'],
  ['LM358', 'TI', 2],
  ['NE555', 'TI', 1],
  ['BAV99', 'Nexperia', 4],
];

function catalog(): FakeParts {
  return new FakeParts().add(
    makePart('LM358', [makeOffer({ sourcePartId: 'S-LM', breaks: makeBreaks([1, 0.5]) })], { manufacturerCode: 'TI' }),
    makePart('NE555', [makeOffer({ sourcePartId: 'S-NE', breaks: makeBreaks([1, 0.25]) })], { manufacturerCode: 'TI' }),
    makePart('BAV99', [makeOffer({ sourcePartId: 'S-BA', breaks: makeBreaks([1, 0.1]) })], {
      manufacturerCode: 'NEX',
      manufacturerName: 'Nexperia',
    }),
  );
}

/** The scheduler over `parts`, with the lookups of `failing` part numbers failing as a refused request does. */
function lookupOf(parts: FakeParts, failing: readonly string[] = []): BomLookupPort {
  const scheduler = new LookupScheduler({ port: parts, windowMs: 1 });
  return {
    lookupMany: async (requests, options) => {
      const results = await scheduler.lookupMany(requests, options);
      return results.map((r, i) =>
        failing.includes(requests[i].partNumber) ? new CatalogError('rejected', 'The service refused the key') : r,
      );
    },
  };
}

const LOCATION: BomLocation = { sheet: 'BOM', rowIndex: 0, columnIndex: 0, rowCount: 4, columnCount: 3, headerRow: 0 };

function setup() {
  const book = new MemoryWorkbook({ sheets: ['BOM'] });
  book.setValues('BOM', 'A1:C4', ROWS);
  const port = createWorkbookPort(book.host);
  const records: ResultsRecord[] = [];
  return { book, port, records };
}

function request(overrides: Partial<WorkbookRunRequest> = {}): WorkbookRunRequest {
  return {
    read: readBom(ROWS),
    location: LOCATION,
    bomAddress: 'BOM!A1:C4',
    quantities: null,
    options: { ...priceOptionsOf(DEFAULT_SETTINGS), boards: 10, now: () => NOW },
    earlier: { lines: [], record: null, resultsAddress: null, breaksAddress: null },
    cancelledReason: 'cancelled',
    signal: new AbortController().signal,
    ...overrides,
  };
}

describe('priceLines', () => {
  it('prices at one quantity as priceBom does, and at several with a table of each', async () => {
    const read = readBom(ROWS);
    // One scheduler: the second run is answered from its cache, so both see the same answers.
    const lookup = lookupOf(catalog());
    const one = await priceLines(read, lookup, { boards: 10, now: () => NOW });
    const plain = await priceBom(read, lookup, { boards: 10, now: () => NOW });
    expect(one.scenarios).toBeNull();
    expect(one.result.lines).toEqual(plain.lines);
    expect(one.result.summary).toEqual(plain.summary);

    const several = await priceLines(read, lookupOf(catalog()), { boards: 10, now: () => NOW }, [100, 10, 1]);
    expect(several.result.boards).toBe(10);
    expect(several.result.summary.totalPerBuild).toBe(plain.summary.totalPerBuild);
    expect(several.scenarios?.quantities.map((q) => q.boards)).toEqual([1, 10, 100]);
  });

  it('applies settleLines to the BOM sheet quantity only, and summarises what it returns', async () => {
    const read = readBom(ROWS);
    const seen: number[] = [];
    const { result } = await priceLines(
      read,
      lookupOf(catalog()),
      {
        boards: 10,
        now: () => NOW,
        settleLines: (lines) => {
          seen.push(lines.length);
          return lines.map((l) =>
            l.partNumber === 'NE555' ? { ...l, status: 'not found' as const, extended: null } : l,
          );
        },
      },
      [1, 10],
    );
    expect(seen).toEqual([3]);
    expect(result.summary.notFound).toBe(1);
    // 20 × 0.50 + 40 × 0.10: the NE555 line no longer counts.
    expect(result.summary.totalPerBuild).toBeCloseTo(14, 6);
  });
});

describe('priceIntoWorkbook', () => {
  it('writes the priced columns, the total, the price breaks and the summary, and keeps the record', async () => {
    const { book, port, records } = setup();
    let writing = 0;
    const run = await priceIntoWorkbook(
      {
        book: port,
        lookup: lookupOf(catalog()),
        confirm: async () => 'cancel',
        keepResults: async (r) => void records.push(r),
      },
      request({ onWriting: () => writing++ }),
    );
    if (run.outcome !== 'written') throw new Error(`not written: ${run.outcome}`);
    expect(writing).toBe(1);
    expect(run.written.address).toBe(`BOM!E1:${LAST}4`);
    expect(book.getValues('BOM', `E1:${LAST}1`)[0]).toEqual([...PRICED_BOM_HEADERS]);
    expect(run.lines.map((l) => l.status)).toEqual(['priced', 'priced', 'priced']);
    // 20 × 0.50 + 10 × 0.25 + 40 × 0.10
    expect(run.summary.totalPerBuild).toBeCloseTo(16.5, 6);
    // Kept as soon as the lines are written, then again with the total row under them (row 5), which the next run
    // finds by this record.
    expect(records).toHaveLength(2);
    expect(records[0].address).toBe(run.written.address);
    expect(records[0].cells).toHaveLength(4);
    expect(records[0].total).toBeUndefined();
    expect(records[1]).toEqual({
      ...records[0],
      total: expect.objectContaining({ row: 4, text: 'Total for 10 boards (USD)' }),
    });
    expect(book.sheetNames()).toEqual(expect.arrayContaining(['BOM', 'Price breaks', 'Summary']));
    expect(run.summaryAddress).toMatch(/Summary/);
    expect(run.breaksAddress).toMatch(/Price breaks/);
    expect(run.scenariosAddress).toBeNull();
    expect(book.getValues('BOM', 'A1:A4').map((r) => r[0])).toEqual(['MPN', 'LM358', 'NE555', 'BAV99']);
  });

  it('writes the Scenarios sheet when several quantities are compared', async () => {
    const { book, port } = setup();
    const run = await priceIntoWorkbook(
      { book: port, lookup: lookupOf(catalog()), confirm: async () => 'cancel', keepResults: async () => undefined },
      request({ quantities: [1, 10, 100] }),
    );
    if (run.outcome !== 'written') throw new Error(`not written: ${run.outcome}`);
    expect(run.scenarios?.quantities).toHaveLength(3);
    expect(run.scenariosAddress).toMatch(/Scenarios/);
    expect(book.sheetNames()).toContain('Scenarios');
  });

  it('a failed lookup keeps the last values of the line, and the summary counts them once', async () => {
    const { port } = setup();
    const ports = { book: port, confirm: async () => 'cancel' as const, keepResults: async () => undefined };
    const first = await priceIntoWorkbook({ ...ports, lookup: lookupOf(catalog()) }, request());
    if (first.outcome !== 'written') throw new Error('first run not written');
    const cheaper = catalog();
    cheaper.reprice(2);
    const second = await priceIntoWorkbook(
      { ...ports, lookup: lookupOf(cheaper, ['NE555']) },
      request({
        earlier: { lines: first.lines, record: null, resultsAddress: first.written.address, breaksAddress: null },
      }),
    );
    if (second.outcome !== 'written') throw new Error('second run not written');
    const ne = second.lines.find((l) => l.partNumber === 'NE555')!;
    expect(ne.stale).toMatch(/last values kept/);
    expect(ne.extended).toBe(first.lines.find((l) => l.partNumber === 'NE555')!.extended);
    expect(second.failures).toHaveLength(1);
    // Doubled prices for the others, the kept 2.50 for NE555.
    expect(second.summary.totalPerBuild).toBeCloseTo(2 * 20 * 0.5 + 2.5 + 2 * 40 * 0.1, 6);
  });

  it('writes nothing when not one lookup answered', async () => {
    const { book, port, records } = setup();
    const run = await priceIntoWorkbook(
      {
        book: port,
        lookup: lookupOf(catalog(), ['LM358', 'NE555', 'BAV99']),
        confirm: async () => 'cancel',
        keepResults: async (r) => void records.push(r),
      },
      request(),
    );
    expect(run.outcome).toBe('nothing-answered');
    expect(records).toHaveLength(0);
    expect(book.sheetNames()).toEqual(['BOM']);
    expect(
      book
        .getValues('BOM', `E1:${LAST}4`)
        .flat()
        .every((v) => v === '' || v === null || v === undefined),
    ).toBe(true);
  });
});

describe('last prices', () => {
  it('keeps the last values of a failed line of the same part only', async () => {
    const read = readBom(ROWS);
    const before = (await priceBom(read, lookupOf(catalog()), { boards: 10, now: () => NOW })).lines;
    const now = (await priceBom(read, lookupOf(catalog(), ['LM358']), { boards: 10, now: () => NOW })).lines;
    const kept = keepLastPrices(now, before);
    expect(kept[0]).toMatchObject({
      status: 'priced',
      extended: before[0].extended,
      stale: expect.stringMatching(/kept/),
    });
    expect(kept[1]).toBe(now[1]);
    const other = keepLastPrices(now, [{ ...before[0], partNumber: 'OTHER' }]);
    expect(other[0]).toMatchObject({ status: now[0].status, matchedPart: null, stale: expect.stringMatching(/kept/) });
  });

  it('counts the lines older than the cache time, and those never priced unless skipped', async () => {
    const read = readBom(ROWS);
    const lines = (await priceBom(read, lookupOf(catalog()), { boards: 10, now: () => NOW })).lines;
    const asOf = Math.max(...lines.map((l) => new Date(l.asOf!).getTime()));
    const first = Math.min(...lines.map((l) => new Date(l.asOf!).getTime()));
    expect(staleLineCount(lines, 10, new Date(first + 9 * 60_000))).toBe(0);
    expect(staleLineCount(lines, 10, new Date(asOf + 10 * 60_000))).toBe(3);
    expect(staleLineCount([{ ...lines[0], asOf: null }], 10, NOW)).toBe(1);
    expect(staleLineCount([{ ...lines[0], asOf: null, status: 'skipped' }], 10, NOW)).toBe(0);
  });
});
