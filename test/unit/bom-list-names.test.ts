/**
 * A purchase list with no part-number column names its things in words, and sometimes by the maker's number alone
 * ("PMSA003", "EEPROM | AT24C32", "Sensorgehäuse CBRS01VWH"). Those names the catalog knows are the lines' part
 * numbers; a number among other words names something built on the part ("RP2040 Pico Microcontroller"), a material
 * or a note says no part, and a type several makers sell (1N5819) is left to the buyer: none of those is asked.
 */
import { readBom, readBomJudged } from '../../src/bom';
import { askableName } from '../../src/bom/catalog-questions';

/** A catalog knowing these parts, keeping every question asked. */
function catalog(known: readonly string[]) {
  const asked: string[] = [];
  const judge = async (parts: readonly string[]): Promise<boolean[]> => {
    asked.push(...parts);
    return parts.map((p) => known.includes(p));
  };
  return { judge, asked };
}

const LIST = [
  ['Nummer', 'Beschreibung', 'Dimension', 'Anzahl', 'Werkstoff', 'Bemerkung'],
  [1, 'Schraube', 'M2.5x5mm', 10, 'Stahl', ''],
  [2, 'Abstandshülse', 'M2.5x12mm', 4, 'Messing', ''],
  [3, 'Widerstand', '4.7 kOhm', 2, '', ''],
  [4, 'Kondensator', '100 nF', 2, '', ''],
  [5, 'EEPROM', 'AT24C32', 1, '', ''],
  [6, 'MH-Z19B or MH-Z19C (pin variante)', '', 1, '', ''],
  [7, 'Sensorgehäuse CBRS01VWH', '86x86mm', 1, '', ''],
  [8, 'PMSA003', '', 1, '', ''],
  [9, 'RP2040 Pico Microcontroller', '', 1, '', ''],
  [10, 'Seeed Studio XIAO RP2040', '', 1, '', ''],
  [11, 'Schottky diode', '1N5819', 2, '', ''],
  [12, 'Mounting plate screw', '', 4, 'SUS303', 'see SCD30 kit'],
];

const parts = (read: { lines: readonly { row: number; partNumber: string }[] }) =>
  read.lines.map((l) => [l.row + 1, l.partNumber]);

test('the names a list gives that the catalog knows are its part numbers; the rest stay lines without one', async () => {
  const known = ['AT24C32', 'MH-Z19B', 'CBRS01VWH', 'PMSA003', 'RP2040', '1N5819', 'SUS303', 'SCD30'];
  const { judge, asked } = catalog(known);
  const read = await readBomJudged(LIST, {}, judge);
  expect(parts(read)).toEqual([
    [6, 'AT24C32'],
    [7, 'MH-Z19B'],
    [8, 'CBRS01VWH'],
    [9, 'PMSA003'],
  ]);
  // Built on a chip, a generic type, a material and a note: never asked, though the catalog knows each number.
  expect(asked).not.toContain('RP2040');
  expect(asked).not.toContain('1N5819');
  expect(asked).not.toContain('SUS303');
  expect(asked).not.toContain('SCD30');
  expect(read.skipped.filter((s) => s.reason === 'incomplete').map((s) => s.row + 1)).toEqual([
    2, 3, 4, 5, 10, 11, 12, 13,
  ]);
  const note = read.warnings.find((w) => w.row === 5)?.message ?? '';
  expect(note).toContain('AT24C32 is read from "AT24C32" ("Dimension"): the catalog knows it');
});

test('without a catalog, or one that knows none of them, the names give no part numbers, save one named by its kind', async () => {
  // "Sensorgehäuse CBRS01VWH": a housing, named by its kind and then its number (src/bom/kind-then-number.ts).
  expect(parts(readBom(LIST))).toEqual([[8, 'CBRS01VWH']]);
  const read = await readBomJudged(LIST, {}, catalog([]).judge);
  expect(parts(read)).toEqual([[8, 'CBRS01VWH']]);
  expect(read.skipped.filter((s) => s.reason === 'incomplete')).toHaveLength(11);
});

test('a row with positions to fill is a schematic part: its value is not asked as a name', async () => {
  const { judge, asked } = catalog(['MMBT3904']);
  const read = await readBomJudged(
    [
      ['References', 'Description', 'Quantity', 'Digikey'],
      ['Q1', 'MMBT3904', 1, ''],
      ['R1', 'Resistor 10k', 1, '311-10.0KHRCT-ND'],
      ['R2', 'Resistor 1k', 1, '311-1.00KHRCT-ND'],
    ],
    {},
    judge,
  );
  expect(asked).toEqual([]);
  expect(parts(read)).toEqual([
    [3, '311-10.0KHRCT-ND'],
    [4, '311-1.00KHRCT-ND'],
  ]);
});

test.each([
  ['PMSA003', 'PMSA003'],
  ['EEPROM AT24C32', 'AT24C32'],
  ['MH-Z19B oder MH-Z19C', 'MH-Z19B'],
  ['DS18B20 (wasserdicht)', 'DS18B20'],
  ['RP2040 Pico Microcontroller', null],
  ['Raspberry Pi Pico Rp2040', null],
  ['Rp2040', null],
  ['1N5819', null],
  ['M3 nut', null],
  ['22AWG Hookup Wire (Black)', null],
  ['NE555 10pcs', null],
])('askableName(%j) is %j', (name, asked) => {
  expect(askableName(name)).toBe(asked);
});

test('a hand-made list of "Qty | Type" is read: each row a line to buy by its words, with its count', () => {
  const read = readBom([
    ['Qty', 'Type'],
    ['4', 'Rail de guidage linéaire ( diamètre 8mm ) 330 mm length'],
    ['2', '630 mm de courroie GT2'],
    ['10', 'Colliers de serrage 2.5 x 160 mm'],
  ]);
  expect(read.mapping).toMatchObject({ quantity: 0, description: 1 });
  const incomplete = read.skipped.filter((s) => s.reason === 'incomplete');
  expect(incomplete.map((s) => [s.row + 1, s.quantityPerBoard])).toEqual([
    [2, 4],
    [3, 2],
    [4, 10],
  ]);
  // A "Type" column of makers' numbers (a French or Dutch list's type number) is the part number.
  const typed = readBom([
    ['Qty', 'Type', 'Manufacturer', 'Ref'],
    ['2', 'LM358DR', 'TI', 'U1,U2'],
    ['1', 'NE555P', 'TI', 'U3'],
    ['4', 'BC547B', 'onsemi', 'Q1-Q4'],
  ]);
  expect(typed.lines.map((l) => l.partNumber)).toEqual(['LM358DR', 'NE555P', 'BC547B']);
  // "Type" is the description only where nothing else is: beside a Description column it is left alone.
  const both = readBom([
    ['Qty', 'Type', 'Description', 'MPN'],
    ['2', 'SMD', 'Resistor 10k', 'RC0603FR-0710KL'],
  ]);
  expect(both.mapping).toMatchObject({ description: 2, partNumber: 3 });
});
