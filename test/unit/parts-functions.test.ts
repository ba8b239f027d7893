/**
 * functions/parts-functions.ts over a stand-in scheduler: the values and errors a cell shows, argument shapes, matching by
 * manufacturer, and how lookup failures read.
 */
import { RateBook } from '../../src/pricing/rates';
import { CatalogError, type CatalogErrorKind } from '../../src/catalog/errors';
import type { Manufacturer, Offer, Part, PriceBreak } from '../../src/catalog/model';
import type { LookupRequest, LookupResult } from '../../src/lookup';
import {
  createPartsFunctions,
  lookupFailureMessage,
  quantityOf,
  type CellErrorCode,
  type FunctionsContext,
} from '../../functions/parts-functions';
import { SettingsError } from '../../src/settings';

class CellError {
  constructor(
    readonly code: CellErrorCode,
    readonly message: string,
  ) {}
}

const tiers = (...t: Array<[number, number, number]>): PriceBreak[] =>
  t.map(([minQty, maxQty, price]) => ({ minQty, maxQty, price, vipPrice: false }));

function offer(o: Partial<Offer> & Pick<Offer, 'sourcePartId'>): Offer {
  const breaks = o.breaks ?? tiers([1, 99, 0.5], [100, 999, 0.4], [1000, Infinity, 0.3]);
  return {
    websites: ['partner.com'],
    sourceCode: 'ACNA',
    sourceName: 'Partner Americas',
    currency: 'USD',
    packSize: 1,
    moq: 1,
    breaks,
    quoteOnly: breaks.length === 0,
    stock: 1000,
    availabilityCode: 'INSTK',
    availabilityText: 'In Stock',
    pipeline: [],
    inStock: true,
    leadTimeWeeks: 12,
    shipsFrom: null,
    shipsIn: null,
    ncnr: false,
    npi: false,
    tariff: false,
    dateCode: '',
    eccn: 'EAR99',
    hts: null,
    countryOfOrigin: null,
    container: 'Reel',
    ...o,
  };
}

function part(p: Partial<Part> & Pick<Part, 'itemId' | 'partNumber'>): Part {
  return {
    manufacturerCode: 'TI',
    manufacturerName: 'Texas Instruments',
    description: 'IC OPAMP GP 2 CIRCUIT 8DIP',
    packageType: 'DIP-8',
    category: 'AMP',
    status: 'Active',
    compliance: { eurohs: 'Compliant', cnrohs: 'Unknown' },
    datasheetUrl: 'https://parts.example.com/ds/lm358.pdf',
    resources: [],
    offers: [offer({ sourcePartId: 'A1' })],
    ...p,
  };
}

const CATALOG: Record<string, Part[]> = {
  LM358N: [
    part({ itemId: 1, partNumber: 'LM358N' }),
    part({ itemId: 2, partNumber: 'LM358N', manufacturerCode: 'STM', manufacturerName: 'STMicroelectronics' }),
  ],
  BAV99: [
    part({
      itemId: 3,
      partNumber: 'BAV99',
      manufacturerCode: 'DIO',
      manufacturerName: 'Diodes Incorporated',
      offers: [
        offer({
          sourcePartId: 'M1',
          sourceCode: 'MARKETPLACE',
          stock: 500,
          moq: 10,
          packSize: 10,
          websites: ['Marketplace.com', 'partner.com'],
        }),
        offer({ sourcePartId: 'M1', sourceCode: 'MARKETPLACE', stock: 500, moq: 10, packSize: 10 }),
        offer({
          sourcePartId: 'N1',
          sourceCode: 'NAC',
          stock: 0,
          inStock: false,
          leadTimeWeeks: null,
          breaks: tiers([1, Infinity, 0.45]),
        }),
      ],
    }),
  ],
  QUOTE1: [part({ itemId: 4, partNumber: 'QUOTE1', offers: [offer({ sourcePartId: 'Q1', breaks: [], stock: 0 })] })],
  BIG1: [
    part({
      itemId: 5,
      partNumber: 'BIG1',
      offers: [offer({ sourcePartId: 'B1', breaks: tiers([100, Infinity, 1.2]) })],
    }),
  ],
  EUR1: [
    part({
      itemId: 6,
      partNumber: 'EUR1',
      offers: [offer({ sourcePartId: 'E1', currency: 'EUR', sourceCode: 'EUROPE' })],
    }),
  ],
  AOZ1: [
    part({ itemId: 8, partNumber: 'AOZ1', manufacturerCode: 'AOS', manufacturerName: 'Alpha & Omega Semiconductor' }),
  ],
  // A USD reel and a cheaper EUR offer: they compete once the EUR price is converted.
  MIX1: [
    part({
      itemId: 7,
      partNumber: 'MIX1',
      offers: [
        offer({ sourcePartId: 'U1', sourceCode: 'MARKETPLACE', breaks: tiers([1, Infinity, 0.5]) }),
        offer({ sourcePartId: 'E9', currency: 'EUR', sourceCode: 'EUROPE', breaks: tiers([1, Infinity, 0.4]) }),
      ],
    }),
  ],
  '2222': [part({ itemId: 7, partNumber: '2222', datasheetUrl: null, status: '', compliance: {} })],
};

const MANUFACTURERS: Manufacturer[] = [
  { id: 1, code: 'TI', name: 'Texas Instruments', alternateName: 'TI' },
  { id: 2, code: 'STM', name: 'STMicroelectronics', alternateName: 'ST' },
  { id: 3, code: 'DIO', name: 'Diodes Incorporated', alternateName: '' },
];

function setup(options: { context?: Partial<FunctionsContext>; fail?: CatalogErrorKind; contextError?: Error } = {}) {
  const requests: LookupRequest[] = [];
  const lookup = {
    async lookup(request: LookupRequest): Promise<LookupResult> {
      requests.push(request);
      if (options.fail) throw new CatalogError(options.fail, `raw ${options.fail} failure`);
      const key = request.partNumber.toUpperCase().replace(/[^A-Z0-9]/g, '');
      const parts = CATALOG[key] ?? [];
      return {
        key,
        asOf: 0,
        fromCache: false,
        result: { requestedPartNumber: request.partNumber, manufacturerFilter: null, numberFound: parts.length, parts },
      };
    },
  };
  const fns = createPartsFunctions({
    context: async () => {
      if (options.contextError) throw options.contextError;
      return { lookup, currency: '', version: 'v4', sources: [], ...options.context };
    },
    manufacturers: async () => MANUFACTURERS,
    makeError: (code, message) => new CellError(code, message),
  });
  return { fns, requests };
}

describe("one cell, the plan's offer choice and conversion", () => {
  test('a maker spelled as BOMs spell it is the same maker in a cell as on a BOM line', async () => {
    const { fns } = setup();
    expect(await fns.manufacturer([['AOZ1']], 'Alpha and Omega')).toEqual([['Alpha & Omega Semiconductor']]);
    expect(await fns.manufacturer([['AOZ1']], 'AOS')).toEqual([['Alpha & Omega Semiconductor']]);
    // The only maker found, named otherwise, is the part a BOM line would price (with a note there).
    expect(await fns.manufacturer([['AOZ1']], 'Texas Instruments')).toEqual([['Alpha & Omega Semiconductor']]);
    expect(await cell(fns.manufacturer([['LM358N']], 'Alpha and Omega'))).toEqual(
      expect.objectContaining({ code: '#N/A' }),
    );
  });

  test('a cheaper EUR offer wins in USD once converted; without a rate it does not compete', async () => {
    const rates = new RateBook({ probe: async () => [], given: { EUR: 1.1 } });
    const { fns } = setup({ context: { rates } });
    // 0.4 EUR × 1.1 = 0.44 USD < 0.5 USD.
    expect(await fns.price([['MIX1']], [[10]], null, null)).toEqual([[0.44]]);
    expect(await fns.itemId([['MIX1']], [[10]], null, null)).toEqual([['E9']]);
    const without = setup();
    expect(await without.fns.price([['MIX1']], [[10]], null, null)).toEqual([[0.5]]);
    expect(await without.fns.itemId([['MIX1']], [[10]], null, null)).toEqual([['U1']]);
  });

  test('cells that show no price (description, maker, stock, status, datasheet, compliance, breaks) never wait for a rate', async () => {
    let probes = 0;
    const rates = new RateBook({ probe: async () => (probes++, []) });
    const { fns } = setup({ context: { rates } });
    expect(await fns.description([['MIX1']], null)).toEqual([[expect.any(String)]]);
    expect(await fns.manufacturer([['MIX1']], null)).toEqual([['Texas Instruments']]);
    await cell(fns.stock([['MIX1']], null));
    await cell(fns.status([['MIX1']], null));
    await cell(fns.datasheet([['MIX1']], null));
    await cell(fns.compliance([['MIX1']], 'eurohs', null));
    await cell(fns.breaks('MIX1', null, null));
    expect(probes).toBe(0);
    // A price does need the EUR offer's rate: it is asked for.
    await cell(fns.price([['MIX1']], [[10]], null, null));
    expect(probes).toBeGreaterThan(0);
  });

  test("USD is asked without utm_currency, so the cells share the pane's lookups; another currency is asked for", async () => {
    const { fns, requests } = setup();
    await fns.price([['MIX1']], [[1]], null, null);
    await fns.price([['MIX1']], [[1]], null, 'EUR');
    expect(requests.map((r) => r.currency)).toEqual([null, 'EUR']);
  });
});

/** The cell's outcome: its grid, or the error it threw. */
async function cell(promise: Promise<unknown[][]>): Promise<unknown[][] | CellError> {
  try {
    return await promise;
  } catch (e) {
    if (e instanceof CellError) return e;
    throw e;
  }
}

const err = (code: CellErrorCode, message: string | RegExp) =>
  expect.objectContaining({ code, message: typeof message === 'string' ? message : expect.stringMatching(message) });

describe('values', () => {
  const { fns } = setup();

  test('PRICE is the unit price at the order quantity; ORDERQTY and MOQ come from the same offer', async () => {
    expect(await fns.price([['LM358N']], [[150]], 'TI', null)).toEqual([[0.4]]);
    // MARKETPLACE: MOQ 10, pack 10, so a need of 1 orders 10 at the first tier.
    expect(await fns.orderQty([['BAV99']], [[1]], null, null)).toEqual([[10]]);
    expect(await fns.moq([['BAV99']], null, null, null)).toEqual([[10]]);
    // 1000 wanted, 500 in stock (N1 has none): the plan buys the 500 there are, at the 500 break.
    expect(await fns.price([['BAV99']], [[1000]], null, null)).toEqual([[0.4]]);
    expect(await fns.orderQty([['BAV99']], [[1000]], null, null)).toEqual([[500]]);
  });

  test('STOCK counts a source part id once, however many websites publish it', async () => {
    expect(await fns.stock([['BAV99']], null)).toEqual([[500]]);
  });

  test('text fields', async () => {
    expect(await fns.description([['LM358N']], 'TI')).toEqual([['IC OPAMP GP 2 CIRCUIT 8DIP']]);
    expect(await fns.manufacturer([['LM358N']], 'stm')).toEqual([['STMicroelectronics']]);
    expect(await fns.availability([['BAV99']], null, null, null)).toEqual([['In Stock']]);
    expect(await fns.datasheet([['LM358N']], 'TI')).toEqual([['https://parts.example.com/ds/lm358.pdf']]);
    expect(await fns.status([['LM358N']], 'TI')).toEqual([['Active']]);
    expect(await fns.compliance([['LM358N']], 'EU RoHS', 'TI')).toEqual([['Compliant']]);
    expect(await fns.compliance([['LM358N']], 'China RoHS', 'TI')).toEqual([['Unknown']]);
    expect(await fns.itemId([['BAV99']], [[5000]], null, null)).toEqual([['M1']]);
    expect(await fns.leadTime([['LM358N']], null, 'TI', null)).toEqual([[12]]);
  });

  test('a number typed as a part number is looked up as text', async () => {
    expect(await fns.manufacturer([[2222]], null)).toEqual([['Texas Instruments']]);
  });

  test('BREAKS and OFFERS spill tables under a header row', async () => {
    const breaks = await fns.breaks('BAV99', null, null);
    expect(breaks[0]).toEqual(['Source', 'Min qty', 'Max qty', 'Price', 'Currency']);
    expect(breaks.slice(1)).toEqual([
      ['MARKETPLACE', 1, 99, 0.5, 'USD'],
      ['MARKETPLACE', 100, 999, 0.4, 'USD'],
      ['MARKETPLACE', 1000, '', 0.3, 'USD'],
      ['NAC', 1, '', 0.45, 'USD'],
    ]);
    const offers = await fns.offers('BAV99', 5, null, null);
    expect(offers).toHaveLength(3);
    const header = offers[0];
    const best = Object.fromEntries(header.map((h, i) => [h, offers[1][i]]));
    expect(best).toMatchObject({ Source: 'MARKETPLACE', 'Order qty': 10, 'Unit price': 0.5, Extended: 5, Best: true });
    expect(offers[2].slice(0, 3)).toEqual(['NAC', 'N1', 0]);
    const quote = await fns.offers('QUOTE1', null, null, null);
    expect(quote[1][header.indexOf('Unit price')]).toBe('');
    expect(quote[1][header.indexOf('Best')]).toBe(false);
  });

  test('MANUFACTURERS filters by code, name or alias', async () => {
    expect(await fns.manufacturers(null)).toEqual([
      ['Code', 'Name'],
      ['DIO', 'Diodes Incorporated'],
      ['STM', 'STMicroelectronics'],
      ['TI', 'Texas Instruments'],
    ]);
    expect(await fns.manufacturers('texas instruments inc.')).toEqual([
      ['Code', 'Name'],
      ['TI', 'Texas Instruments'],
    ]);
    expect(await cell(fns.manufacturers('acme'))).toEqual(err('#N/A', 'Not found: no manufacturer matches "acme"'));
  });
});

describe('errors a cell shows', () => {
  const { fns, requests } = setup();

  test('not found, quote only, no price at the quantity, no price in the currency', async () => {
    expect(await cell(fns.price([['XYZ-1']], null, null, null))).toEqual(err('#N/A', 'Not found: XYZ-1'));
    expect(await cell(fns.price([['QUOTE1']], null, null, null))).toEqual(err('#N/A', 'No price: quote only'));
    // No price for 5: the plan buys 100, where the breaks start, as a BOM line would.
    expect(await cell(fns.price([['BIG1']], [[5]], null, null))).toEqual([[1.2]]);
    expect(await cell(fns.orderQty([['BIG1']], [[5]], null, null))).toEqual([[100]]);
    expect(await cell(fns.price([['EUR1']], null, null, 'usd'))).toEqual(
      err('#N/A', 'No price: offered only in EUR, with no rate into USD'),
    );
    expect(await cell(fns.leadTime([['BAV99']], [[1]], null, null))).toEqual([[12]]);
    expect(await cell(fns.datasheet([['2222']], null))).toEqual(err('#N/A', 'No datasheet for 2222'));
    expect(await cell(fns.status([['2222']], null))).toEqual(err('#N/A', /^No lifecycle status/));
    expect(await cell(fns.compliance([['2222']], 'eurohs', null))).toEqual(
      err('#N/A', /^No "eurohs" compliance for 2222/),
    );
    expect(await cell(fns.compliance([['LM358N']], '', 'TI'))).toEqual(err('#VALUE!', /compliance label/));
    expect(await cell(fns.breaks('QUOTE1', null, null))).toEqual(err('#N/A', 'No price: quote only'));
    expect(await cell(fns.breaks('', null, null))).toEqual(err('#VALUE!', 'Give a part number'));
  });

  test('quantity must be a whole number ≥ 1, and no lookup is made for one that is not', async () => {
    const before = requests.length;
    for (const q of [0, -1, 1.5, 'ten', '1.5', true, Number.NaN]) {
      expect(await cell(fns.price([['BAV99']], [[q]], null, null))).toEqual(
        err('#VALUE!', 'Quantity must be a whole number ≥ 1'),
      );
    }
    expect(requests.length).toBe(before);
    expect(quantityOf('1,000')).toBe(1000);
    expect(quantityOf(' 25 ')).toBe(25);
    expect(quantityOf(null)).toBe(1);
    expect(quantityOf('')).toBe(1);
  });

  test('entities and formatted numbers as part or quantity count by their basic value, as Excel shows them', async () => {
    // The shapes Excel passes to an `any` parameter when functions.json sets allowCustomDataForDataTypeAny.
    const entity = {
      type: 'Entity',
      text: 'BAV99',
      basicType: 'Error',
      basicValue: '#VALUE!',
      properties: { Maker: { type: 'String', basicValue: 'Diodes' } },
    };
    const linked = {
      type: 'LinkedEntity',
      text: 'BAV99',
      basicValue: '#VALUE!',
      id: { culture: 'en-US', domainId: 'parts', entityId: 'bav99' },
    };
    const formatted = { type: 'FormattedNumber', basicValue: 150, basicType: 'Double', numberFormat: '#,##0' };
    const double = { type: 'Double', basicValue: 250, numberFormat: '0' };
    const text = { type: 'String', basicValue: 'BAV99' };
    expect(await fns.orderQty([[entity]], [[formatted]], null, null)).toEqual([[150]]);
    expect(await fns.orderQty([[linked], [text], ['BAV99']], [[double], [formatted], [7]], null, null)).toEqual([
      [250],
      [150],
      [10],
    ]);
    expect(await fns.price([[entity]], [[{ type: 'Double', basicValue: 100 }]], null, null)).toEqual(
      await fns.price([['BAV99']], [[100]], null, null),
    );
    expect(await fns.offers(entity, formatted, null, null)).toEqual(await fns.offers('BAV99', 150, null, null));
    expect(quantityOf({ type: 'FormattedNumber', basicValue: 12.5, numberFormat: '0.0' })).toEqual(
      expect.objectContaining({ code: '#VALUE!' }),
    );
    expect(await cell(fns.price([[{ type: 'Entity', properties: {} }]], null, null, null))).toEqual(
      err('#VALUE!', 'Part number must be text: the cell holds a data type (Entity) that shows none'),
    );
  });

  test('a part number must have letters or digits and fit the service', async () => {
    expect(await cell(fns.price([['---']], null, null, null))).toEqual(err('#VALUE!', /no letters or digits/));
    expect(await cell(fns.price([['A'.repeat(101)]], null, null, null))).toEqual(err('#VALUE!', /longer than 100/));
    expect(await cell(fns.price([[true]], null, null, null))).toEqual(err('#VALUE!', 'Part number must be text'));
  });

  test('several manufacturers: ambiguous until one is named; a manufacturer that does not make it', async () => {
    expect(await cell(fns.price([['LM358N']], null, null, null))).toEqual(
      err('#N/A', 'Ambiguous: LM358N is made by Texas Instruments and STMicroelectronics — give the manufacturer'),
    );
    expect(await cell(fns.price([['LM358N']], null, 'Acme', null))).toEqual(
      err('#N/A', 'Not found: LM358N from Acme (made by Texas Instruments and STMicroelectronics)'),
    );
    expect(await fns.price([['LM358N']], null, 'Texas Instruments Inc.', null)).toEqual([[0.5]]);
  });

  test('a bad currency argument is #VALUE!', async () => {
    expect(await cell(fns.price([['BAV99']], null, null, 'dollars'))).toEqual(err('#VALUE!', /three-letter code/));
  });
});

describe('ranges', () => {
  test('spill one result per part, in the shape of the part range; failures stay in their row', async () => {
    const { fns } = setup();
    const result = await fns.price([['BAV99'], ['XYZ-1'], [''], ['QUOTE1']], [[1000]], null, null);
    expect(result).toEqual([[0.4], [err('#N/A', 'Not found: XYZ-1')], [''], [err('#N/A', 'No price: quote only')]]);
    expect(result[1][0]).toBeInstanceOf(CellError);
    // BAV99 has one maker, so naming another still finds it (as on a BOM line); LM358N's two makers are not Acme.
    const row = await fns.stock([['BAV99', 'LM358N']], 'Acme');
    expect(row).toEqual([
      [500, err('#N/A', 'Not found: LM358N from Acme (made by Texas Instruments and STMicroelectronics)')],
    ]);
  });

  test('quantities: one for all, one per part, one per row, or a #VALUE! for a mismatch', async () => {
    const { fns } = setup();
    expect(await fns.orderQty([['BAV99'], ['BAV99']], [[15], [31]], null, null)).toEqual([[20], [40]]);
    expect(await fns.orderQty([['BAV99', 'BAV99']], [[11]], null, null)).toEqual([[20, 20]]);
    expect(
      await fns.orderQty(
        [
          ['BAV99', 'BAV99'],
          ['BAV99', 'BAV99'],
        ],
        [[1], [21]],
        null,
        null,
      ),
    ).toEqual([
      [10, 10],
      [30, 30],
    ]);
    expect(await cell(fns.orderQty([['BAV99'], ['BAV99']], [[1], [2], [3]], null, null))).toEqual(
      err('#VALUE!', /one per part/),
    );
    expect(await fns.orderQty([['BAV99'], ['BAV99']], [[1], ['x']], null, null)).toEqual([
      [10],
      [err('#VALUE!', 'Quantity must be a whole number ≥ 1')],
    ]);
  });

  test('a single blank part is a blank cell, not an error', async () => {
    const { fns, requests } = setup();
    expect(await fns.price([['']], null, null, null)).toEqual([['']]);
    expect(await fns.price(null, null, null, null)).toEqual([['']]);
    expect(requests).toHaveLength(0);
  });
});

describe('lookups', () => {
  test('ask by part number alone, in the call currency or the settings currency, with the settings version', async () => {
    const { fns, requests } = setup({ context: { currency: 'EUR', version: 'v3' } });
    await cell(fns.price([['LM358N']], null, 'TI', null));
    await cell(fns.price([['LM358N']], null, 'TI', 'gbp'));
    expect(requests).toEqual([
      { partNumber: 'LM358N', currency: 'EUR', version: 'v3' },
      { partNumber: 'LM358N', currency: 'GBP', version: 'v3' },
    ]);
  });

  test('only the sources of the settings compete', async () => {
    const { fns } = setup({ context: { sources: ['NAC'] } });
    expect(await fns.stock([['BAV99']], null)).toEqual([[0]]);
    expect(await fns.price([['BAV99']], [[1000]], null, null)).toEqual([[0.45]]);
    expect(await cell(fns.price([['LM358N']], null, 'TI', null))).toEqual(err('#N/A', 'No price: no offer from NAC'));
  });

  test.each<[CatalogErrorKind, string]>([
    ['unreachable', 'Service unreachable: the parts service cannot be reached'],
    ['auth', 'Quota or login refused: API key rejected — open Partsheet settings'],
    ['timeout', 'Service unreachable: no answer in time — recalculate to try again'],
    ['rate-limited', 'Rate limited — retry shortly'],
    ['unavailable', 'Service unreachable: the parts service is failing — try again later'],
    ['cancelled', 'Lookup cancelled — recalculate to try again'],
    ['malformed', 'Service unreachable: its answer was unreadable — try again later'],
    ['rejected', 'raw rejected failure'],
  ])('a lookup failing as %s reads "%s", in every cell of a range', async (kind, message) => {
    const { fns } = setup({ fail: kind });
    expect(await cell(fns.price([['BAV99']], null, null, null))).toEqual(err('#N/A', message));
    expect(await fns.stock([['BAV99'], ['LM358N']], null)).toEqual([[err('#N/A', message)], [err('#N/A', message)]]);
    expect(lookupFailureMessage(new CatalogError(kind, `raw ${kind} failure`))).toBe(message);
  });

  test('settings that cannot be used fail the call with their own words', async () => {
    const { fns } = setup({
      contextError: new SettingsError(
        'itemBaseUrl',
        'Give the production parts service address (https://…) in Partsheet settings',
      ),
    });
    expect(await cell(fns.price([['BAV99']], null, null, null))).toEqual(
      err('#N/A', 'Give the production parts service address (https://…) in Partsheet settings'),
    );
  });
});
