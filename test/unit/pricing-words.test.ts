/** What the priced columns say to a buyer: lead times that are not published, ambiguous lines, the Status width. */
import { readBom } from '../../src/bom';
import { PRICED_BOM_COLUMNS, pricedRow } from '../../src/purchase';
import { priceBom } from '../../src/purchase/price-lines';
import { createWorkbookPort, writePricedResults } from '../../src/excel';
import { MemoryWorkbook } from '../../testing/excel';
import { LookupScheduler } from '../../src/lookup';
import { FakeParts, makeBreaks, makeOffer, makePart } from '../helpers/fake-parts';

const col = (key: string) => PRICED_BOM_COLUMNS.findIndex((c) => c.key === key);

function catalog() {
  return new FakeParts().add(
    // Out of stock, sold on the marketplace, which publishes a lead time of 0 weeks: that is no lead time.
    makePart('MP-ONLY', [
      makeOffer({
        sourcePartId: 'MP-1',
        sourceCode: 'MARKETPLACE',
        stock: 0,
        inStock: false,
        leadTimeWeeks: 0,
        breaks: makeBreaks([1, 0.2]),
      }),
    ]),
    makePart('AMB-1', [makeOffer({ sourcePartId: 'A-1' })], {
      manufacturerCode: 'TI',
      manufacturerName: 'Texas Instruments',
    }),
    makePart('AMB-1', [makeOffer({ sourcePartId: 'A-2' })], {
      manufacturerCode: 'ONS',
      manufacturerName: 'ON Semiconductor',
    }),
  );
}

async function priced(options: { ambiguousFix?: string } = {}) {
  const read = readBom([
    ['MPN', 'Qty'],
    ['MP-ONLY', 4],
    ['AMB-1', 1],
  ]);
  const scheduler = new LookupScheduler({ port: catalog(), windowMs: 1 });
  return priceBom(read, scheduler, options);
}

describe('words in the priced columns', () => {
  test('an out-of-stock line with a lead time of 0 weeks says none is published, and its Lead time cell stays empty', async () => {
    const { lines } = await priced();
    const line = lines.find((l) => l.partNumber === 'MP-ONLY')!;
    expect(line.status).toBe('short');
    expect(line.statusReason).toContain('out of stock at MARKETPLACE; no lead time published at MARKETPLACE');
    expect(line.statusReason).not.toMatch(/lead time 0 weeks/);
    expect(pricedRow(line)[col('leadTimeWeeks')]).toBe('');
  });

  test('an ambiguous line tells the CLI user to give the manufacturer, and the pane user where the picker is', async () => {
    const cli = (await priced()).lines.find((l) => l.status === 'ambiguous')!;
    expect(cli.statusReason).toMatch(/; give the manufacturer to choose$/);
    const pane = (
      await priced({ ambiguousFix: 'choose the part in the Partsheet pane, or give the manufacturer' })
    ).lines.find((l) => l.status === 'ambiguous')!;
    expect(pane.statusReason).toMatch(/; choose the part in the Partsheet pane, or give the manufacturer$/);
  });

  test('the Status column is wide enough for the reasons (64 characters)', async () => {
    const book = new MemoryWorkbook({ sheets: ['BOM'] });
    const gateway = createWorkbookPort(book.host);
    const { lines } = await priced();
    await writePricedResults(
      gateway,
      { sheet: 'BOM', rowIndex: 0, columnIndex: 0, rowCount: 3, columnCount: 2, headerRow: 0 },
      lines,
      { confirm: async () => 'cancel' },
    );
    expect(PRICED_BOM_COLUMNS[0].width).toBe(64);
    expect(book.columnWidth('BOM', 3)).toBe(Math.round(64 * 6.5));
  });
});
