/**
 * Totals that say what they cover: "N of M lines priced" and what is left out, on every total (the summary's
 * entries, the terminal's lines, the Summary sheet's rows and fills, the total row under the results); a total that
 * leaves lines out is never shown like a complete one.
 */
import type { PricedLine } from '../../src/purchase/priced-layout';
import { summarize } from '../../src/purchase/summarize';
import { STATUS_FILLS, createWorkbookPort } from '../../src/excel';
import { writeSummarySheet } from '../../src/excel/summary-sheet';
import { writeResultsTotal } from '../../src/excel/total-row';
import { buildTotal, coverageText, summaryEntries, summarySheetRows, summaryText } from '../../src/purchase';
import { MemoryWorkbook } from '../../testing/excel';

function line(status: PricedLine['status'], extended: number | null = null): PricedLine {
  return {
    status,
    statusReason: '',
    matchedPart: status === 'priced' || status === 'short' ? 'P' : null,
    manufacturer: null,
    description: null,
    need: 10,
    orderQty: extended === null ? null : 10,
    unitPrice: extended === null ? null : extended / 10,
    extended,
    currency: extended === null ? null : 'USD',
    stock: null,
    availability: null,
    leadTimeWeeks: null,
    moq: null,
    pack: null,
    source: extended === null ? null : 'ACNA',
    itemId: null,
    asOf: null,
  };
}

const complete = summarize([line('priced', 5), line('priced', 2.5), line('skipped')], 10);
const partial = summarize(
  [
    line('priced', 5),
    line('priced', 2.5),
    line('short', 1),
    line('not found'),
    line('not found'),
    line('no price'),
    line('ambiguous'),
    line('skipped'),
  ],
  10,
);

describe('totals say what they cover', () => {
  test('a complete BOM: plain totals and "all N lines priced"; skipped lines are said, not counted against it', () => {
    expect(coverageText(complete)).toBe('all 2 lines priced; 1 skipped');
    const total = buildTotal(complete, 10);
    expect(total).toMatchObject({ label: 'Total for 10 boards', value: 7.5 });
    expect(total.partial).toBeUndefined();
    expect(summaryEntries(complete, 10).find((e) => e.label === 'Lines covered')?.value).toBe(
      'all 2 lines priced; 1 skipped',
    );
  });

  test('lines left out: every total is labelled partial with "N of M lines priced", and what is left out is counted by why', () => {
    expect(coverageText(partial)).toBe(
      '2 of 7 lines priced; left out: 2 not found, 1 no price, 1 short (bought in part), 1 ambiguous; 1 skipped',
    );
    const entries = summaryEntries(partial, 10);
    const totals = entries.filter((e) => e.label.startsWith('Total'));
    expect(totals.map((e) => [e.label, e.partial])).toEqual([
      ['Total per board (partial: 2 of 7 lines priced)', true],
      ['Total for 10 boards (partial: 2 of 7 lines priced)', true],
    ]);
    const text = summaryText(partial, 10);
    expect(text.some((t) => /^Total for 10 boards \(partial: 2 of 7 lines priced\):\s+8\.50 USD$/.test(t))).toBe(true);
    expect(text.some((t) => /^Lines covered:\s+2 of 7 lines priced; left out: 2 not found/.test(t))).toBe(true);
    const rows = summarySheetRows(partial, 10, { pricedAt: new Date(0) });
    expect(rows.filter((r) => r.partial).map((r) => r.label)).toEqual([
      'Total per board (partial: 2 of 7 lines priced)',
      'Total for 10 boards (partial: 2 of 7 lines priced)',
    ]);
  });

  test('the Summary sheet and the total row under the results get the "short of need" fill only when the total is partial', async () => {
    for (const [summary, fill] of [
      [partial, STATUS_FILLS.shortOfNeed.color],
      [complete, undefined],
    ] as const) {
      const book = new MemoryWorkbook({ sheets: ['BOM'] });
      const gateway = createWorkbookPort(book.host);
      const rows = summarySheetRows(summary, 10, { pricedAt: new Date(0) });
      await writeSummarySheet(gateway, rows, { confirm: async () => 'replace' });
      const totalRow = rows.findIndex((r) => r.label.startsWith('Total for'));
      expect(book.cell('Summary', `A${totalRow + 1}`)?.fill ?? undefined).toBe(fill);
      book.setValues('BOM', 'A1:A2', [['x'], ['y']]);
      const written = await writeResultsTotal(gateway, 'BOM!A1:Z2', buildTotal(summary, 10), 'USD');
      expect(written.address).not.toBeNull();
      expect(book.cell('BOM', 'A3')?.fill ?? undefined).toBe(fill);
      expect(String(book.cell('BOM', 'A3')?.value)).toBe(
        summary === partial ? 'Total for 10 boards (partial: 2 of 7 lines priced) (USD)' : 'Total for 10 boards (USD)',
      );
    }
  });
});
