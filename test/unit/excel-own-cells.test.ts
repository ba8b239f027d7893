/**
 * The record of the results the pane wrote last, as the workbook keeps it: fingerprints small enough for the document
 * settings up to a 10,000-line BOM, cells recognised by them (a changed cell is not), and above the bound no record
 * at all, so a pane opened later falls back to knowing the results by their header row.
 */
import { PRICED_BOM_COLUMNS, PRICED_BOM_HEADERS } from '../../src/purchase/priced-layout';
import type { WriteCell } from '../../src/excel/workbook-port';
import { cellFingerprint, cellMark, fingerprintRow, readsAsWritten } from '../../src/excel/own-cells';
import { documentSettingsStore } from '../../taskpane/adapters/workbook-store';
import { MAX_KEPT_RESULT_ROWS, RESULTS_RECORD_KEY } from '../../taskpane/workbook-choices';
import { MemoryDocumentSettings } from '../../testing/excel/workbook';

/** A priced row as the pane writes it: status, part, maker, description, numbers, the quote-prefixed item id. */
function pricedRow(i: number): WriteCell[] {
  const row: WriteCell[] = PRICED_BOM_COLUMNS.map(() => null);
  const put = (key: string, value: WriteCell) => (row[PRICED_BOM_COLUMNS.findIndex((c) => c.key === key)] = value);
  put('status', 'priced');
  put('matchedPart', `TPS7A49${String(i).padStart(5, '0')}DGNR`);
  put('manufacturer', 'Texas Instruments');
  put('description', 'IC REG LINEAR POS ADJ 150MA 8MSOP');
  put('need', 2);
  put('unitPrice', 1.25 + i);
  put('currency', 'USD');
  put('stock', 12000 + i);
  put('itemId', `'00${i}`);
  return row;
}

const record = (lines: number) => ({
  address: `BOM!E1:Z${lines + 1}`,
  cells: [fingerprintRow(PRICED_BOM_HEADERS), ...Array.from({ length: lines }, (_, i) => fingerprintRow(pricedRow(i)))],
});

describe('the results record in the document settings', () => {
  test('a 10,000-line BOM: kept in under 750,000 characters and read back whole by a new store', async () => {
    const settings = new MemoryDocumentSettings();
    const kept = record(10_000);
    await documentSettingsStore(settings).saveResults(kept);
    expect(JSON.stringify(settings.snapshot()[RESULTS_RECORD_KEY]).length).toBeLessThan(750_000);
    expect(documentSettingsStore(settings).loadResults()).toEqual(kept);
  });

  test('cells read as written by their fingerprint: numbers as Excel reads them, the quote prefix dropped, a stale status by its mark; a changed cell does not', () => {
    const row = pricedRow(7);
    const marks = fingerprintRow(row);
    const at = (key: string) => PRICED_BOM_COLUMNS.findIndex((c) => c.key === key);
    expect(readsAsWritten(cellMark(marks, at('unitPrice')), 8.25)).toBe(true);
    expect(readsAsWritten(cellMark(marks, at('itemId')), '007')).toBe(true);
    // A Status marked stale reads as the add-in's by the stale mark the record keeps, never by its words.
    const stale = 'stale: BOM changed; price again (was: priced)';
    expect(readsAsWritten(cellMark(marks, 0), stale, cellFingerprint(stale))).toBe(true);
    expect(readsAsWritten(cellMark(marks, 0), stale)).toBe(false);
    expect(readsAsWritten(cellMark(marks, 0), `${stale} `, cellFingerprint(stale))).toBe(false);
    expect(readsAsWritten(cellMark(marks, at('description')), 'ask Ana about this one')).toBe(false);
    // A cell the pane left empty is never its own by fingerprint, whatever it reads now.
    expect(readsAsWritten(cellMark(marks, at('lifecycle')), '')).toBe(false);
    expect(cellMark(marks, PRICED_BOM_COLUMNS.length)).toBeUndefined();
  });

  test('over the bound, the earlier record is removed rather than left naming other cells', async () => {
    const settings = new MemoryDocumentSettings();
    const store = documentSettingsStore(settings);
    await store.saveResults(record(5));
    expect(store.loadResults()?.address).toBe('BOM!E1:Z6');
    await store.saveResults(record(MAX_KEPT_RESULT_ROWS));
    expect(settings.snapshot()).not.toHaveProperty(RESULTS_RECORD_KEY);
    expect(documentSettingsStore(settings).loadResults()).toBeNull();
  });

  test('a value that is not a record (damaged, or from another version) is ignored', () => {
    const settings = new MemoryDocumentSettings();
    for (const value of [
      'BOM!E1:Z6',
      { address: 'BOM!E1:Z6' },
      { address: 'BOM!E1:Z6', cells: [['priced']] },
      { address: 'BOM!E1:Z6', cells: ['abcd'] },
      { address: 'BOM!E1:Z6', cells: ['ab'] },
    ]) {
      settings.set(RESULTS_RECORD_KEY, value);
      expect(documentSettingsStore(settings).loadResults()).toBeNull();
    }
  });
});
