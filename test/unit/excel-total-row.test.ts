/**
 * The total row under the priced results is known by the results record (its row and the fingerprint of its cells),
 * not by its words: a total in other words is still the add-in's, a user's row that reads like one never is, a total
 * the user typed into is theirs, and a workbook whose record predates the total's is read once by its words.
 */
import { createWorkbookPort, columnLetters } from '../../src/excel';
import { PRICED_BOM_COLUMNS } from '../../src/purchase/priced-layout';
import { cellFingerprint, fingerprintRow } from '../../src/excel/own-cells';
import { markTotalStale, writeResultsTotal } from '../../src/excel/total-row';
import type { SummaryEntry } from '../../src/purchase/summary-entries';
import { MemoryWorkbook } from '../../testing/excel';

const ADDRESS = 'BOM!D1:AA3';
const WIDTH = PRICED_BOM_COLUMNS.length;
const STATUS = 'D';
const LAST = columnLetters(3 + WIDTH - 1);
const total = (boards: number, value: number): SummaryEntry => ({
  label: `Total for ${boards} boards`,
  value,
  kind: 'money',
  text: value.toFixed(2),
});

function book(): { book: MemoryWorkbook; port: ReturnType<typeof createWorkbookPort> } {
  const memory = new MemoryWorkbook({ sheets: ['BOM'] });
  memory.setValues('BOM', 'A1:B3', [
    ['MPN', 'Qty'],
    ['A', 1],
    ['B', 2],
  ]);
  return { book: memory, port: createWorkbookPort(memory.host) };
}

const row = (b: MemoryWorkbook, n: number) => b.getValues('BOM', `${STATUS}${n}:${LAST}${n}`)[0];

describe('the total row, by its record', () => {
  test('written and recorded; the next run replaces it by the record, even in other words', async () => {
    const { book: b, port } = book();
    const first = await writeResultsTotal(port, ADDRESS, total(10, 7.5), 'USD', { known: null });
    expect(first.address).toBe(`BOM!D4:${LAST}4`);
    expect(first.record).toEqual({ row: 3, cells: fingerprintRow(row(b, 4)), text: 'Total for 10 boards (USD)' });
    // As a version that words its total otherwise wrote it: cell and record agree.
    const words = 'Summe für 10 Platinen (USD)';
    b.setValues('BOM', `${STATUS}4`, [[words]]);
    const record = { address: ADDRESS, total: { ...first.record!, cells: fingerprintRow(row(b, 4)), text: words } };
    // A shorter block (two rows): the earlier total at row 4 goes, the new one is under the new block.
    const again = await writeResultsTotal(port, 'BOM!D1:AA2', total(2, 1.5), 'USD', { known: record });
    expect(again.address).toBe(`BOM!D3:${LAST}3`);
    expect(row(b, 4).every((v) => v === '' || v === null || v === undefined)).toBe(true);
  });

  test("a user's row that reads like a total is never the add-in's, nor is a total the user typed into", async () => {
    const { book: b, port } = book();
    b.setValues('BOM', `${STATUS}4:E4`, [['Total for 10 boards (USD)', 'ask Ana']]);
    // The record says the last run wrote no total: the row is the user's, kept whole, and no total is written over it.
    const none = await writeResultsTotal(port, ADDRESS, total(10, 7.5), 'USD', {
      known: { address: ADDRESS, total: null },
    });
    expect(none).toEqual({ address: null, record: null });
    expect(b.getValues('BOM', `${STATUS}4:E4`)).toEqual([['Total for 10 boards (USD)', 'ask Ana']]);

    const { book: c, port: p2 } = book();
    const first = await writeResultsTotal(p2, ADDRESS, total(10, 7.5), 'USD', { known: null });
    // The user writes their own figure over the total's amount: the row is theirs now, and stays.
    const extended = columnLetters(3 + PRICED_BOM_COLUMNS.findIndex((col) => col.key === 'extended'));
    c.setValues('BOM', `${extended}4`, [[8]]);
    const again = await writeResultsTotal(p2, 'BOM!D1:AA2', total(2, 1.5), 'USD', {
      known: { address: ADDRESS, total: first.record },
    });
    expect(again.address).toBe(`BOM!D3:${LAST}3`);
    expect(c.getValues('BOM', `${extended}4`)[0][0]).toBe(8);
  });

  test('marked stale: the mark is recorded, and the stale total is still replaced by the next run', async () => {
    const { book: b, port } = book();
    const first = await writeResultsTotal(port, ADDRESS, total(10, 7.5), 'USD', { known: null });
    const known = { address: ADDRESS, total: first.record };
    const marked = await markTotalStale(port, ADDRESS, 'priced for 10 boards, Boards now says 2', known);
    const text = 'stale: priced for 10 boards, Boards now says 2 (was: Total for 10 boards (USD))';
    expect(row(b, 4)[0]).toBe(text);
    expect(marked).toEqual({ ...first.record, stale: cellFingerprint(text) });
    const again = await writeResultsTotal(port, ADDRESS, total(2, 1.5), 'USD', {
      known: { address: ADDRESS, total: marked },
    });
    expect(again.address).toBe(`BOM!D4:${LAST}4`);
    expect(row(b, 4)[0]).toBe('Total for 2 boards (USD)');
    // Without the mark in the record, the stale total would read as the user's: nothing is written over it.
    await markTotalStale(port, ADDRESS, 'priced for 2 boards, Boards now says 3', {
      address: ADDRESS,
      total: again.record,
    });
    const unmarked = await writeResultsTotal(port, ADDRESS, total(3, 2), 'USD', {
      known: { address: ADDRESS, total: again.record },
    });
    expect(unmarked.address).toBeNull();
  });

  test('a workbook whose record predates the total: found once by its words, then recorded', async () => {
    const { book: b, port } = book();
    // An earlier version's total under a longer block, and its record without a total.
    const blank = Array.from({ length: WIDTH }, () => '');
    const old = [...blank];
    old[0] = 'Total for 10 boards (USD)';
    b.setValues('BOM', `${STATUS}6:${LAST}6`, [old]);
    const written = await writeResultsTotal(port, ADDRESS, total(2, 1.5), 'USD', { known: { address: 'BOM!D1:AA5' } });
    expect(row(b, 6).every((v) => v === '' || v === null || v === undefined)).toBe(true);
    expect(written.record).toMatchObject({ row: 3, text: 'Total for 2 boards (USD)' });
  });

  test('a recorded total row emptied since is no total: nothing fails, nothing is marked', async () => {
    const { book: b, port } = book();
    const first = await writeResultsTotal(port, ADDRESS, total(10, 7.5), 'USD', { known: null });
    b.setValues('BOM', `${STATUS}4:${LAST}4`, [Array.from({ length: WIDTH }, () => '')]);
    const known = { address: ADDRESS, total: first.record };
    await expect(markTotalStale(port, ADDRESS, 'why', known)).resolves.toBeNull();
    const again = await writeResultsTotal(port, ADDRESS, total(2, 1.5), 'USD', { known });
    expect(again.address).toBe(`BOM!D4:${LAST}4`);
  });

  test('rows inserted above the total since: the total is found where it moved, by its recorded cells', async () => {
    const { book: b, port } = book();
    const first = await writeResultsTotal(port, ADDRESS, total(10, 7.5), 'USD', { known: null });
    await port.insertRows('BOM', 0, 1);
    // The block is one row lower now; its record still names the rows where it was written.
    const known = { address: ADDRESS, total: first.record };
    const marked = await markTotalStale(port, 'BOM!D2:AA4', 'why', known);
    expect(marked?.row).toBe(4);
    const again = await writeResultsTotal(port, 'BOM!D2:AA4', total(2, 1.5), 'USD', {
      known: { address: 'BOM!D2:AA4', total: marked },
    });
    expect(again.address).toBe(`BOM!D5:${LAST}5`);
    expect(row(b, 5)[0]).toBe('Total for 2 boards (USD)');
  });

  test("an earlier version's totals found by their words: the one under the block is the one recorded", async () => {
    const { book: b, port } = book();
    const old = (text: string) => [text, ...Array.from({ length: WIDTH - 1 }, () => '')];
    b.setValues('BOM', `${STATUS}4:${LAST}4`, [old('Total for 10 boards (USD)')]);
    b.setValues('BOM', `${STATUS}20:${LAST}20`, [old('Total for 3 boards (USD)')]);
    const marked = await markTotalStale(port, ADDRESS, 'why', { address: ADDRESS });
    expect(marked?.row).toBe(3);
  });
});
