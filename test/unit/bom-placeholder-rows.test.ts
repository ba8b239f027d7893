/**
 * Placeholders a list leaves where a part or a count is not chosen yet: an Altium library code for a footprint kept
 * without a part ("CC0603_NO-VALUE", its value "Undefined") is nothing to buy; a count written as a letter ("Xst",
 * "n pcs") leaves the count to the buyer, the line still listed. Made-up tables; the real exports are in the corpus
 * tests.
 */
import { type Cell, readBom } from '../../src/bom';
import { parseQuantity, partNumberSaysDnp } from '../../src/bom/quantity';

describe('placeholders for a part or a count not chosen', () => {
  test('a reserved footprint with a no-value library code is not placed, the rows beside it read', () => {
    const rows: Cell[][] = [
      ['Comment', 'Designator', 'Manufacturer', 'Manufacturer Part Number', 'Quantity'],
      ['10nF', 'C1, C2', 'Murata', 'GRM155R71C103KA01D', 2],
      ['Undefined', 'C72A, C72B', 'Undefined', 'CC0603_NO-VALUE', 2],
      ['Undefined', 'R150', 'Undefined', 'R0603_NOVALUE', 1],
      ['10k', 'R1', 'Yageo', 'RC0402FR-0710KL', 1],
    ];
    const r = readBom(rows);
    expect(r.lines.map((l) => [l.row + 1, l.partNumber])).toEqual([
      [2, 'GRM155R71C103KA01D'],
      [5, 'RC0402FR-0710KL'],
    ]);
    expect(r.skipped.map((s) => [s.row + 1, s.reason])).toEqual([
      [3, 'dnp'],
      [4, 'dnp'],
    ]);
    // A part number that merely contains the words is a part.
    expect(partNumberSaysDnp('NOVALUE-1')).toBe(false);
    expect(partNumberSaysDnp('CC0603_NO-VALUE')).toBe(true);
  });

  test('a count written as a letter is the buyer\u2019s to say; a bare X is no count in words', () => {
    expect(parseQuantity('Xst')).toMatchObject({ kind: 'bad', inWords: true });
    expect(parseQuantity('n pcs')).toMatchObject({ kind: 'bad', inWords: true });
    expect(parseQuantity('X')).not.toMatchObject({ inWords: true });
    const r = readBom([
      ['Antal', 'Komponent', 'Länk'],
      ['2st', 'Temperaturgivare', 'https://shop.example/itm/2'],
      ['Xst', 'Jumperkablar', 'https://shop.example/itm/3'],
    ]);
    expect(r.skipped.map((s) => [s.row + 1, s.reason, s.quantityPerBoard ?? null])).toEqual([
      [2, 'incomplete', 2],
      [3, 'incomplete', null],
    ]);
  });
});

test("KiCad's '-- mixed values --' in a grouped row's part-number cell names no part: the row is listed without one", () => {
  const r = readBom([
    ['Reference', 'Value', 'Qty', 'MPN', 'Manufacturer'],
    ['C1,C2,C3', '-- mixed values --', '3', '-- mixed values --', 'Murata'],
    ['R1', '10k', '1', 'RC0603FR-0710KL', 'Yageo'],
  ]);
  expect(r.lines.map((l) => [l.row + 1, l.partNumber])).toEqual([[3, 'RC0603FR-0710KL']]);
  expect(r.skipped.map((s) => [s.row + 1, s.reason, s.quantityPerBoard])).toEqual([[2, 'incomplete', 3]]);
});

test("gEDA's values written with an underscore for the space ('10_uF', '25_MHz') are values, not part numbers", () => {
  const r = readBom([
    ['Quantity', 'Footprint', 'Value', 'RefDes'],
    ['2', '0603', '10_uF', 'C1 C2'],
    ['1', 'XTAL_3225', '25_MHz', 'Y1'],
    ['1', 'SOT23', 'Si2369DS', 'Q1'],
  ]);
  expect(r.lines.map((l) => [l.row + 1, l.partNumber])).toEqual([[4, 'Si2369DS']]);
  expect(r.skipped.map((s) => [s.row + 1, s.reason])).toEqual([
    [2, 'incomplete'],
    [3, 'incomplete'],
  ]);
});
