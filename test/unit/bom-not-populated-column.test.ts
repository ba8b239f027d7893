/**
 * A column headed "N.P" (not populated, as an Italian institute's OrCAD lists write it) marks its rows not placed with
 * an X; an abbreviation of single letters between dots is read as one word, so "D.N.P." and "Q.T.Y." are known too. A
 * bare "NP" is no such column (a price, a pin count: test/unit/bom-found-kinds-shops.test.ts).
 */
import { readBom } from '../../src/bom';
import { headerTokens, matchHeader } from '../../src/bom/header';

test.each([
  ['N.P', ['np']],
  ['D.N.P.', ['dnp']],
  ['Q.T.Y.', ['qty']],
  ['Mfr. P.N.', ['mfr', 'part', 'number']],
  // Words of several letters keep their dots as breaks.
  ['Ref. Des.', ['ref', 'ref']],
])('the header %p reads as %p', (header, tokens) => {
  expect(headerTokens(header)).toEqual(tokens);
});

test.each([
  ['N.P', { field: 'dnp', strength: 2 }],
  ['N.P.', { field: 'dnp', strength: 2 }],
  ['NP', null],
  ['P/NP', null],
])('the header %p names %p', (header, field) => {
  expect(matchHeader(header)).toEqual(field);
});

test("an 'N.P' column's X marks the row not placed; its blank rows are bought", () => {
  const read = readBom([
    ['ID', 'CODE', 'N.P', 'QTY', 'REFDES', 'Description', 'Manuf', 'Manuf Code'],
    ['1', '14701', '', '2,00', 'C1 C2', 'CAP CER 100nF 50V X7R 0603', 'Kemet', 'C0603C104K5RACTU'],
    ['2', '14702', '', '1,00', 'U1', 'MCU ARM Cortex-M4', 'St microelectronics', 'STM32G474RET6'],
    ['3', '14703', 'X', '1,00', 'R9', 'RES 0R 0603', 'Yageo', 'RC0603JR-070RL'],
  ]);
  expect(read.mapping.dnp).toBe(2);
  expect(read.lines.map((l) => [l.partNumber, l.quantityPerBoard])).toEqual([
    ['C0603C104K5RACTU', 2],
    ['STM32G474RET6', 1],
  ]);
  expect(read.skipped.map((s) => [s.row + 1, s.reason, s.detail])).toEqual([
    [4, 'dnp', 'not placed (DNP column: "X")'],
  ]);
});

test("a Spanish 'N.P.' column (número de parte) of part numbers is no DNP column: every row is read", () => {
  const read = readBom([
    ['Cant.', 'Referencia', 'N.P.', 'Descripción'],
    ['12', 'R1-R12', 'RC0603FR-0710KL', 'Resistencia 10k'],
    ['4', 'C1-C4', 'GRM188R71C104KA01D', 'Condensador 100nF'],
    ['1', 'U1', 'TPS62160DGKR', 'Regulador'],
  ]);
  expect(read.mapping.dnp).toBeUndefined();
  expect(read.skipped.filter((s) => s.reason === 'dnp')).toEqual([]);
  expect(read.lines.map((l) => l.partNumber)).toEqual(['RC0603FR-0710KL', 'GRM188R71C104KA01D', 'TPS62160DGKR']);
});

test("a 'P/NP' column whose every row says P (placed) marks none of them", () => {
  const read = readBom([
    ['Qty', 'Designator', 'Manufacturer', 'MPN', 'P/NP'],
    ['2', 'R1, R2', 'Yageo', 'RC0603FR-0710KL', 'P '],
    ['1', 'U1', 'TI', 'TPS62160DGKR', 'p'],
  ]);
  expect(read.lines.map((l) => l.partNumber)).toEqual(['RC0603FR-0710KL', 'TPS62160DGKR']);
  expect(read.skipped).toEqual([]);
});
