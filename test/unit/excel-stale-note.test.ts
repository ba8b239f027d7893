/**
 * The stale note right of the Price breaks header is known as the add-in's by the fingerprint the results record
 * keeps of it, not by its words: a note in other words is still cleared, a user's "stale: …" text in that cell is
 * never taken, and a record kept before notes were recorded knows an earlier version's note once by its words.
 */
import { createWorkbookPort, columnLetters } from '../../src/excel';
import { PRICE_BREAK_COLUMNS } from '../../src/purchase/priced-layout';
import { cellFingerprint } from '../../src/excel/own-cells';
import { clearBreaksStale, markBreaksStale } from '../../src/excel/stale-sheets';
import { MemoryWorkbook } from '../../testing/excel';
import { writePriceBreaks } from '../../src/excel/price-breaks-sheet';

const HEADERS = PRICE_BREAK_COLUMNS.map((c) => c.header);
const NOTE = `${columnLetters(HEADERS.length)}1`;
const ADDRESS = `'Price breaks'!A1:${columnLetters(HEADERS.length - 1)}3`;

/** A Price breaks sheet the add-in wrote (its record of sheets knows it), its header row alone. */
async function sheet() {
  const book = new MemoryWorkbook({ sheets: ['BOM'] });
  const port = createWorkbookPort(book.host);
  await writePriceBreaks(port, [], { confirm: async () => 'cancel' });
  expect(book.getValues('Price breaks', `A1:${columnLetters(HEADERS.length - 1)}1`)).toEqual([HEADERS]);
  return { book, port };
}

const note = (b: MemoryWorkbook) => b.getValues('Price breaks', NOTE)[0][0] ?? '';

describe('the Price breaks stale note, by its record', () => {
  test("marked and recorded; cleared by the record whatever its words; a user's text is never taken", async () => {
    const { book, port } = await sheet();
    const mark = await markBreaksStale(port, ADDRESS, 'priced for 1 board, Boards now says 5', null);
    expect(note(book)).toBe('stale: priced for 1 board, Boards now says 5');
    expect(mark).toBe(cellFingerprint('stale: priced for 1 board, Boards now says 5'));
    // As a version that words its note otherwise wrote it: the cell and the record agree.
    book.setValues('Price breaks', NOTE, [['veraltet: für 1 Platine berechnet']]);
    await clearBreaksStale(port, ADDRESS, cellFingerprint('veraltet: für 1 Platine berechnet'));
    expect(note(book)).toBe('');
    // The user's own note there, whatever it says, stays and is not marked over.
    book.setValues('Price breaks', NOTE, [['stale: ask Ana for the new quote']]);
    expect(await markBreaksStale(port, ADDRESS, 'why', null)).toBeNull();
    await clearBreaksStale(port, ADDRESS, null);
    expect(note(book)).toBe('stale: ask Ana for the new quote');
  });

  test("a record kept before notes were recorded knows an earlier version's note by its words, once", async () => {
    const { book, port } = await sheet();
    book.setValues('Price breaks', NOTE, [['stale: priced for 1 board, Boards now says 5']]);
    await clearBreaksStale(port, ADDRESS, undefined);
    expect(note(book)).toBe('');
  });
});
