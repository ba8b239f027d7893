import { type Cell, readBom } from '../../src/bom';
import { parseSplitItems } from '../../src/purchase';
import { type PricedBomLine, priceBom } from '../../src/purchase/price-lines';
import { CatalogError, type ApiVersion, type ListAnswer, type Offer, type Part } from '../../src/catalog';
import { makeBreaks, makeOffer, makePart } from '../helpers/fake-parts';
import { LookupScheduler, type ListPart, type ListSearchPort } from '../../src/lookup';

const T0 = Date.UTC(2024, 4, 1, 8, 30);

const breaks = makeBreaks;

function offer(o: Partial<Offer> & Pick<Offer, 'sourcePartId'>): Offer {
  return makeOffer({ sourceCode: 'MARKETPLACE', sourceName: 'Marketplace', breaks: breaks([1, 0.1]), ...o });
}

function part(
  partNumber: string,
  manufacturerCode: string,
  manufacturerName: string,
  offers: Offer[],
  description = `${partNumber} part`,
): Part {
  return makePart(partNumber, offers, { manufacturerCode, manufacturerName, description });
}

const norm = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** A catalog in memory behind the list-search port, recording what is asked. */
class FakeCatalog implements ListSearchPort {
  readonly parts = new Map<string, Part[]>();
  readonly calls: Array<{ parts: ListPart[]; currency?: string; version?: ApiVersion }> = [];
  failFor = new Set<string>();

  add(...parts: Part[]): this {
    for (const p of parts) this.parts.set(norm(p.partNumber), [...(this.parts.get(norm(p.partNumber)) ?? []), p]);
    return this;
  }

  listUrl(parts: ListPart[]): string {
    return `http://fake/list?${parts.map((p) => encodeURIComponent(p.partNumber)).join('&')}`;
  }

  async searchList(parts: ListPart[], opts: { currency?: string; version?: ApiVersion }): Promise<ListAnswer> {
    this.calls.push({ parts, currency: opts.currency, version: opts.version });
    if (parts.some((p) => this.failFor.has(norm(p.partNumber))))
      throw new CatalogError('unavailable', 'The parts service is down (HTTP 503)');
    const results = parts.map((p) => {
      const found = this.parts.get(norm(p.partNumber)) ?? [];
      const converted = opts.currency
        ? found.map((f) => ({
            ...f,
            offers: f.offers.map((o) => (o.currency === 'USD' ? { ...o, currency: opts.currency! } : o)),
          }))
        : found;
      return {
        requestedPartNumber: p.partNumber,
        manufacturerFilter: p.manufacturer ?? null,
        numberFound: converted.length,
        parts: converted,
      };
    });
    const found = results.filter((r) => r.numberFound > 0).length;
    return {
      results,
      partsRequested: parts.length,
      partsFound: found,
      partsNotFound: parts.length - found,
      partsError: 0,
    };
  }

  askedFor(): string[] {
    return this.calls.flatMap((c) => c.parts.map((p) => p.partNumber));
  }
}

function scheduler(
  port: ListSearchPort,
  extra: Partial<ConstructorParameters<typeof LookupScheduler>[0]> = {},
): LookupScheduler {
  return new LookupScheduler({ port, windowMs: 0, now: () => T0, retry: { maxAttempts: 1 }, ...extra });
}

function catalog(): FakeCatalog {
  return new FakeCatalog().add(
    part('BAV99-7-F', 'DIO', 'Diodes Incorporated', [
      offer({ sourcePartId: 'M-BAV99', stock: 5000, breaks: breaks([1, 0.12], [10, 0.05], [100, 0.02]) }),
      offer({
        sourcePartId: 'R-BAV99',
        sourceCode: 'ACNA',
        sourceName: 'Americas',
        stock: 3000,
        breaks: breaks([1, 0.2]),
      }),
      offer({ sourcePartId: 'M-BAV99', stock: 5000, breaks: breaks([1, 0.12], [10, 0.05], [100, 0.02]) }),
    ]),
    part('LM358N', 'TI', 'Texas Instruments', [offer({ sourcePartId: 'TI-LM358N', breaks: breaks([1, 0.4]) })]),
    part('LM358N', 'STM', 'STMicroelectronics', [offer({ sourcePartId: 'ST-LM358N', breaks: breaks([1, 0.3]) })]),
    part('QUOTE1', 'ADI', 'Analog Devices', [offer({ sourcePartId: 'Q-1', breaks: [], quoteOnly: true, stock: 0 })]),
    part('EURONLY1', 'INF', 'Infineon Technologies', [
      offer({ sourcePartId: 'E-1', currency: 'EUR', breaks: breaks([1, 1.5]) }),
    ]),
    part('NOSTOCK1', 'TI', 'Texas Instruments', [
      offer({ sourcePartId: 'N-1', stock: 0, inStock: false, leadTimeWeeks: 14, breaks: breaks([1, 2]) }),
    ]),
    part('SHORT1', 'TI', 'Texas Instruments', [offer({ sourcePartId: 'S-1', stock: 30, breaks: breaks([1, 1]) })]),
    part('MOQPACK1', 'TI', 'Texas Instruments', [
      offer({ sourcePartId: 'MP-1', moq: 100, packSize: 50, breaks: breaks([1, 0.5], [250, 0.25]) }),
    ]),
  );
}

function byRow(lines: PricedBomLine[], row: number): PricedBomLine {
  const line = lines.find((l) => l.row === row);
  if (!line) throw new Error(`no line for row ${row}`);
  return line;
}

describe('priceBom', () => {
  const grid: Cell[][] = [
    ['Designator', 'Qty', 'Manufacturer', 'MPN'],
    ['D1, D2', 2, 'Diodes Inc', 'BAV99-7-F'],
    ['U1', 1, '', 'LM358N'],
    ['U2', 1, 'TI', 'LM358N'],
    ['R1', 1, '', 'NOSUCHPART1'],
    ['R2', 'DNP', '', 'RC0603FR-0710KL'],
    ['U3', 1, '', 'QUOTE1'],
    ['', '', '', ''],
    ['D3', 1, 'diodes incorporated', 'bav99 7f'],
  ];

  test('every row but a blank one has a status, in row order, and skipped rows are kept', async () => {
    const read = readBom(grid);
    const result = await priceBom(read, scheduler(catalog()), { boards: 5 });
    expect(result.lines.map((l) => [l.row, l.status])).toEqual([
      [1, 'priced'],
      [2, 'ambiguous'],
      [3, 'priced'],
      [4, 'not found'],
      [5, 'skipped'],
      [6, 'no price'],
      [8, 'priced'],
    ]);
    expect(byRow(result.lines, 5).statusReason).toBe('not placed (quantity "DNP")');
    expect(result.summary).toMatchObject({ lines: 7, priced: 3, notFound: 1, ambiguous: 1, noPrice: 1, skipped: 1 });
    expect(result.boards).toBe(5);
  });

  test('sources to use: only offers from those sources compete', async () => {
    const read = readBom(grid);
    const regional = await priceBom(read, scheduler(catalog()), { sources: ['acna'], boards: 10 });
    expect(byRow(regional.lines, 1)).toMatchObject({
      status: 'priced',
      source: 'ACNA',
      itemId: 'R-BAV99',
      unitPrice: 0.2,
    });
    const none = await priceBom(read, scheduler(catalog()), { sources: ['EUROPE'], boards: 10 });
    expect(byRow(none.lines, 1).status).toBe('no price');
    expect(byRow(none.lines, 1).statusReason).toBe('no offer from EUROPE');
    const all = await priceBom(read, scheduler(catalog()), { sources: [], boards: 10 });
    expect(byRow(all.lines, 1).source).toBe('MARKETPLACE');
  });

  test('duplicate lines share one lookup; each distinct part is asked for once', async () => {
    const fake = catalog();
    const s = scheduler(fake);
    const result = await priceBom(readBom(grid), s);
    expect(fake.askedFor().sort()).toEqual(['BAV99-7-F', 'LM358N', 'NOSUCHPART1', 'QUOTE1']);
    expect(fake.calls).toHaveLength(1);
    expect(result.lookups).toBe(4);
    expect(s.stats()).toMatchObject({ requests: 1, partsSent: 4 });
    const [first, again] = [byRow(result.lines, 1), byRow(result.lines, 8)];
    expect(again.itemId).toBe(first.itemId);
    expect(again.need).toBe(1);
    expect(first.need).toBe(2);
  });

  test("a priced line carries the offer, its share of the part, the order quantity and the chosen offer's stock", async () => {
    const result = await priceBom(readBom(grid), scheduler(catalog()), { boards: 10 });
    const line = byRow(result.lines, 1);
    // Rows 1 and 8 are one part: needs 20 + 10 bought together, 30 at 0.05.
    expect(line).toMatchObject({
      status: 'priced',
      matchedPart: 'BAV99-7-F',
      manufacturer: 'Diodes Incorporated',
      description: 'BAV99-7-F part',
      lifecycle: 'Active',
      need: 20,
      share: 20,
      orderQty: 30,
      unitPrice: 0.05,
      extended: 1,
      currency: 'USD',
      offerPrice: 0.05,
      offerCurrency: 'USD',
      // The chosen offer's stock; across sources 5000 (listed twice, counted once) + 3000.
      stock: 5000,
      stockAll: 8000,
      availability: 'In Stock',
      leadTimeWeeks: 8,
      moq: 1,
      pack: 1,
      source: 'MARKETPLACE',
      itemId: 'M-BAV99',
      partNumber: 'BAV99-7-F',
      bomManufacturer: 'Diodes Inc',
      candidates: [],
      lookupError: null,
    });
    expect(line.asOf).toEqual(new Date(T0));
    expect(byRow(result.lines, 8)).toMatchObject({ need: 10, share: 10, orderQty: 30, extended: 0.5 });
    expect(line.statusReason).toBe('bought with row 9: 30 for a need of 30');
  });

  test('ambiguous lines list their candidates; a manufacturer alias picks one', async () => {
    const result = await priceBom(readBom(grid), scheduler(catalog()));
    const ambiguous = byRow(result.lines, 2);
    expect(ambiguous.candidates.map((c) => [c.partNumber, c.manufacturer, c.manufacturerCode])).toEqual([
      ['LM358N', 'Texas Instruments', 'TI'],
      ['LM358N', 'STMicroelectronics', 'STM'],
    ]);
    expect(ambiguous.statusReason).toBe(
      '2 candidates: LM358N (Texas Instruments), LM358N (STMicroelectronics); give the manufacturer to choose',
    );
    expect(ambiguous.matchedPart).toBeNull();
    expect(ambiguous.unitPrice).toBeNull();
    const chosen = byRow(result.lines, 3);
    expect(chosen).toMatchObject({
      status: 'priced',
      manufacturer: 'Texas Instruments',
      itemId: 'TI-LM358N',
      unitPrice: 0.4,
    });
  });

  test('manufacturers match by code, name, alias and leading words', async () => {
    const rows: Cell[][] = [['MPN', 'Manufacturer', 'Qty']];
    for (const m of [
      'STM',
      'ST Micro',
      'stmicroelectronics N.V.',
      'STMicroelectronics International',
      'Texas Instruments Inc.',
      'TEXAS INSTR',
    ])
      rows.push(['LM358N', m, 1]);
    const result = await priceBom(readBom(rows), scheduler(catalog()));
    expect(result.lines.map((l) => l.itemId)).toEqual([
      'ST-LM358N',
      'ST-LM358N',
      'ST-LM358N',
      'ST-LM358N',
      'TI-LM358N',
      'TI-LM358N',
    ]);
  });

  test('a maker bought by one of two competing makers picks that one, with a note', async () => {
    const result = await priceBom(
      readBom([
        ['MPN', 'Manufacturer'],
        ['LM358N', 'National Semiconductor'],
      ]),
      scheduler(catalog()),
    );
    expect(result.lines[0]).toMatchObject({ status: 'priced', manufacturer: 'Texas Instruments' });
    expect(result.lines[0].statusReason).toMatch(/^BOM says National Semiconductor; matched Texas Instruments/);
  });

  test('two competing makers and a BOM naming neither is ambiguous', async () => {
    const result = await priceBom(
      readBom([
        ['MPN', 'Manufacturer'],
        ['LM358N', 'Murata'],
      ]),
      scheduler(catalog()),
    );
    expect(result.lines[0]).toMatchObject({ status: 'ambiguous', matchedPart: null });
    expect(result.lines[0].statusReason).toBe(
      'manufacturer "Murata" matches none of 2 candidates: LM358N (Texas Instruments), LM358N (STMicroelectronics)',
    );
  });

  test("a distributor part number on the line settles which maker's part it is", async () => {
    const result = await priceBom(
      readBom([
        ['MPN', 'Qty', 'Mouser #'],
        ['LM358N', 1, 'ST-LM358N'],
      ]),
      scheduler(catalog()),
    );
    expect(result.lines[0]).toMatchObject({
      status: 'priced',
      manufacturer: 'STMicroelectronics',
      itemId: 'ST-LM358N',
    });
  });

  test('one candidate whose maker the BOM does not name is priced, with a note naming both makers', async () => {
    const result = await priceBom(
      readBom([
        ['MPN', 'Manufacturer'],
        ['BAV99-7-F', 'Nexperia'],
      ]),
      scheduler(catalog()),
    );
    expect(result.lines[0]).toMatchObject({ status: 'priced', matchedPart: 'BAV99-7-F' });
    expect(result.lines[0].statusReason).toMatch(/^BOM says Nexperia; matched Diodes Incorporated/);
    expect(result.lines[0].candidates).toHaveLength(0);
  });

  test('several parts of one manufacturer: the one written exactly wins, otherwise ambiguous', async () => {
    const fake = new FakeCatalog().add(
      part('AB-12', 'TI', 'Texas Instruments', [offer({ sourcePartId: 'AB-dash' })]),
      part('AB12', 'TI', 'Texas Instruments', [offer({ sourcePartId: 'AB-plain' })]),
    );
    const result = await priceBom(readBom([['MPN'], ['ab12'], ['AB 12']]), scheduler(fake));
    expect(result.lines[0]).toMatchObject({ status: 'priced', itemId: 'AB-plain' });
    expect(result.lines[1].status).toBe('ambiguous');
    expect(result.lines[1].statusReason).toBe('2 candidates: AB-12 (Texas Instruments), AB12 (Texas Instruments)');
  });

  test('no price: quote only, and an offer in a currency without a rate', async () => {
    const rows: Cell[][] = [['MPN'], ['QUOTE1'], ['EURONLY1'], ['BAV99-7-F']];
    const fake = catalog();
    const result = await priceBom(readBom(rows), scheduler(fake), { currency: 'gbp' });
    expect(fake.calls[0].currency).toBe('GBP');
    expect(result.lines[0]).toMatchObject({
      status: 'no price',
      statusReason: 'quote only',
      matchedPart: 'QUOTE1',
      manufacturer: 'Analog Devices',
      itemId: null,
    });
    expect(result.lines[1]).toMatchObject({
      status: 'no price',
      statusReason: 'offered only in EUR, with no rate into GBP',
      matchedPart: 'EURONLY1',
    });
    expect(result.lines[2]).toMatchObject({ status: 'priced', currency: 'GBP' });
    expect(Object.keys(result.summary.totalsPerBuild)).toEqual(['GBP']);
    expect(result.summary).toMatchObject({ currency: 'GBP', totalPerBuild: 0.12 });
  });

  test("every amount is in the user's currency (USD by default); no total mixes currencies", async () => {
    const rows: Cell[][] = [
      ['MPN', 'Qty'],
      ['EURONLY1', 2],
      ['BAV99-7-F', 10],
      ['LM358N', 1],
    ];
    const result = await priceBom(readBom(rows), scheduler(catalog()), { boards: 2 });
    expect(result.currency).toBe('USD');
    expect(result.lines.map((l) => [l.status, l.currency, l.extended])).toEqual([
      ['no price', null, null],
      ['priced', 'USD', 1],
      ['ambiguous', null, null],
    ]);
    expect(result.summary.totalsPerBuild).toEqual({ USD: 1 });
    expect(result.summary).toMatchObject({ currency: 'USD', totalPerBuild: 1, totalPerBoard: 0.5 });
  });

  test('order quantity from MOQ and pack size, and a larger break bought when it costs less in all', async () => {
    const result = await priceBom(
      readBom([
        ['MPN', 'Qty'],
        ['MOQPACK1', 120],
      ]),
      scheduler(catalog()),
    );
    const line = result.lines[0];
    expect(line).toMatchObject({
      status: 'priced',
      need: 120,
      share: 120,
      orderQty: 250,
      unitPrice: 0.25,
      extended: 62.5,
      moq: 100,
      pack: 50,
    });
    expect(line.statusReason).toBe('250 for 120: buying 250 costs 62.50 instead of 75.00 USD (saves 12.50; 130 spare)');
    expect(result.summary.excess).toBe(32.5);
    const moq = await priceBom(
      readBom([
        ['MPN', 'Qty'],
        ['MOQPACK1', 20],
      ]),
      scheduler(catalog()),
    );
    expect(moq.lines[0]).toMatchObject({ orderQty: 100, extended: 50 });
    // 80 spares bought for a need of 20 cost 80 % of the line and over 10.00: an overbuy, said first.
    expect(moq.lines[0].statusReason).toBe(
      "overbuy: 40.00 USD of spares (80 % of the line's cost); 100 for 20: minimum order 100 (80 spare)",
    );
  });

  test('out of stock and short of need: what is there is bought, the shortfall and lead time are said', async () => {
    const rows: Cell[][] = [
      ['MPN', 'Qty'],
      ['NOSTOCK1', 5],
      ['SHORT1', 50],
      ['SHORT1', 10],
    ];
    const result = await priceBom(readBom(rows), scheduler(catalog()));
    expect(result.lines[0]).toMatchObject({ status: 'short', stock: 0, orderQty: 0, extended: 0, leadTimeWeeks: 14 });
    expect(result.lines[0].statusReason).toBe(
      '5 of 5 not bought: out of stock at MARKETPLACE; lead time 14 weeks at MARKETPLACE, about 10.00 USD for 5',
    );
    // SHORT1 on two lines: 60 needed, 30 in stock, all bought; the first line gets them.
    expect(result.lines[1]).toMatchObject({ status: 'short', stock: 30, orderQty: 30, share: 30, extended: 30 });
    expect(result.lines[1].statusReason).toBe(
      'bought with row 4: 30 for a need of 60; 30 of 60 not bought: 30 in stock across offers; lead time 8 weeks at MARKETPLACE; this line gets 30 of 50',
    );
    expect(result.lines[2]).toMatchObject({ status: 'short', share: 0, extended: 0 });
    expect(result.summary.short).toBe(3);
    // The summary's sources name what is bought: one line buys 30 from MARKETPLACE; the others buy nothing.
    expect(result.summary.bySource).toEqual([{ source: 'MARKETPLACE', total: 30, lines: 1 }]);
  });

  test('a part split across two offers: both item ids with their quantities, which the order flow reads back', async () => {
    const fake = new FakeCatalog().add(
      part('SPLIT1', 'TI', 'Texas Instruments', [
        offer({ sourcePartId: 'A-1', stock: 200, breaks: breaks([1, 0.01]) }),
        offer({
          sourcePartId: 'B-1',
          sourceCode: 'ACNA',
          sourceName: 'Americas',
          stock: 500,
          breaks: breaks([1, 0.02]),
        }),
      ]),
    );
    const result = await priceBom(
      readBom([
        ['MPN', 'Qty'],
        ['SPLIT1', 600],
      ]),
      scheduler(fake),
    );
    const line = result.lines[0];
    expect(line).toMatchObject({
      status: 'priced',
      orderQty: 600,
      share: 600,
      source: 'ACNA + MARKETPLACE',
      extended: 10,
      offerPrice: null,
    });
    expect(parseSplitItems(line.itemId!)).toEqual([
      { itemId: 'B-1', qty: 400 },
      { itemId: 'A-1', qty: 200 },
    ]);
    expect(line.sourceCosts).toEqual([
      { source: 'ACNA', extended: 8 },
      { source: 'MARKETPLACE', extended: 2 },
    ]);
    expect(result.summary.bySource).toEqual([
      { source: 'ACNA', total: 8, lines: 1 },
      { source: 'MARKETPLACE', total: 2, lines: 1 },
    ]);
  });

  test('a failed lookup leaves its lines "no price" with the service error; other lines are priced', async () => {
    const fake = catalog();
    fake.failFor.add('LM358N');
    const result = await priceBom(readBom(grid), scheduler(fake, { maxBatch: 1 }));
    const failed = result.lines.filter((l) => l.lookupError !== null);
    expect(failed.map((l) => l.row)).toEqual([2, 3]);
    for (const line of failed) {
      expect(line).toMatchObject({
        status: 'no price',
        statusReason: 'service error: The parts service is down (HTTP 503)',
        lookupError: 'unavailable',
      });
    }
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0]).toMatchObject({ partNumber: 'LM358N', rows: [2, 3] });
    expect(result.failures[0].error).toBeInstanceOf(CatalogError);
    expect(byRow(result.lines, 1).status).toBe('priced');
  });

  test('part numbers the service cannot search are not looked up', async () => {
    const long = `A${'1'.repeat(120)}`;
    const fake = catalog();
    const result = await priceBom(
      readBom([
        ['MPN', 'Qty'],
        ['#*#', 1],
        [long, 1],
        ['BAV99-7-F', 1],
      ]),
      scheduler(fake),
    );
    expect(result.lines[0]).toMatchObject({
      status: 'not found',
      statusReason: 'the part number has no letters or digits; not looked up',
    });
    expect(result.lines[1]).toMatchObject({
      status: 'not found',
      statusReason: 'the part number is longer than 100 characters; not looked up',
    });
    expect(fake.askedFor()).toEqual(['BAV99-7-F']);
  });

  test('the price breaks of the chosen offer, one row per tier, with the sheet row of the line', async () => {
    const result = await priceBom(readBom(grid), scheduler(catalog()), { firstRowNumber: 3 });
    const rowsOf = (lineRow: number) => result.breaks.filter((b) => b.lineRow === lineRow);
    // Per part, at the part's first line (rows 1 and 8 are one part: one set of breaks).
    expect(rowsOf(4)).toEqual([
      {
        lineRow: 4,
        part: 'BAV99-7-F',
        manufacturer: 'Diodes Incorporated',
        source: 'MARKETPLACE',
        itemId: 'M-BAV99',
        currency: 'USD',
        minQty: 1,
        maxQty: 9,
        unitPrice: 0.12,
      },
      {
        lineRow: 4,
        part: 'BAV99-7-F',
        manufacturer: 'Diodes Incorporated',
        source: 'MARKETPLACE',
        itemId: 'M-BAV99',
        currency: 'USD',
        minQty: 10,
        maxQty: 99,
        unitPrice: 0.05,
      },
      {
        lineRow: 4,
        part: 'BAV99-7-F',
        manufacturer: 'Diodes Incorporated',
        source: 'MARKETPLACE',
        itemId: 'M-BAV99',
        currency: 'USD',
        minQty: 100,
        maxQty: null,
        unitPrice: 0.02,
      },
    ]);
    expect(rowsOf(6)).toHaveLength(1);
    expect(rowsOf(11)).toHaveLength(0);
    expect(new Set(result.breaks.map((b) => b.lineRow))).toEqual(new Set([4, 6]));
  });

  test('progress counts distinct parts; the version is passed on', async () => {
    const fake = catalog();
    const seen: Array<[number, number]> = [];
    await priceBom(readBom(grid), scheduler(fake), {
      version: 'v3',
      onProgress: (done, total) => seen.push([done, total]),
    });
    expect(seen[0]).toEqual([0, 4]);
    expect(seen.at(-1)).toEqual([4, 4]);
    expect(fake.calls[0].version).toBe('v3');
  });

  test('pricedAt comes from the clock given', async () => {
    const at = new Date(Date.UTC(2024, 0, 2, 3, 4));
    const result = await priceBom(readBom(grid), scheduler(catalog()), { now: () => at });
    expect(result.pricedAt).toBe(at);
  });

  test('cancelling rejects with a cancelled CatalogError', async () => {
    const controller = new AbortController();
    const slow: ListSearchPort = {
      listUrl: () => 'http://fake/list',
      searchList: (_parts, opts) =>
        new Promise((_resolve, reject) =>
          opts.signal?.addEventListener('abort', () => reject(new CatalogError('cancelled', 'aborted'))),
        ),
    };
    const pending = priceBom(readBom(grid), scheduler(slow), { signal: controller.signal });
    setTimeout(() => controller.abort(), 5);
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled' });
    const before = new AbortController();
    before.abort();
    await expect(priceBom(readBom(grid), scheduler(slow), { signal: before.signal })).rejects.toMatchObject({
      kind: 'cancelled',
    });
  });

  test('a BOM with only skipped rows needs no lookup', async () => {
    const fake = catalog();
    const result = await priceBom(
      readBom([
        ['MPN', 'Qty'],
        ['BAV99-7-F', 'DNP'],
      ]),
      scheduler(fake),
    );
    expect(result.lines.map((l) => l.status)).toEqual(['skipped']);
    expect(fake.calls).toHaveLength(0);
    expect(result.summary.totalsPerBuild).toEqual({});
  });
});
