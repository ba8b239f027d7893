/**
 * Kinds of export found after the reader was built, each as a made-up table of its shape: a hand-typed list lined up
 * with spaces whose rows leave the description empty; a column named for part numbers that holds positions; a
 * number in brackets after alternatives; a resistance written after its R; a tool's statistics under the list; a
 * thing known only by a shop's own code in a link; a DNP field holding the part's own number.
 */
import { readRows } from '../helpers/bom-rows';
import { parseDelimited } from '../../cli/bomfile';
import { readBom } from '../../src/bom';
import { isComponentValue } from '../../src/bom/row-kinds';

const read = readRows;

test('a list lined up with spaces, a comma in one row and no description on others, is cut at its columns', () => {
  const text = [
    'Main',
    '',
    '    Qty P/N             Ref     Description',
    '    1   22-23-2021      J10     2p Molex KK',
    '    1   22-23-2031      J11     3p Molex KK',
    '    1   S9200-ND        JP1     2x20p female header',
    '    1   C3216JB1E476M160AC  C2  47u 1206 cap',
    '    1   ULN2003ADR      IC1     ULN2003AD',
    '    2   LTST-C191KGKT   LED1,LED2  LED',
    '    4   DMN3023L-7      Q1-Q4   N-ch FET',
    '    1   1k 0603         R1',
    '    1   470R 0603       R2',
  ].join('\n');
  const parsed = parseDelimited(text);
  const r = readBom(parsed.cells);
  expect(r.lines.map((l) => [l.partNumber, l.quantityPerBoard])).toEqual([
    ['22-23-2021', 1],
    ['22-23-2031', 1],
    ['S9200-ND', 1],
    ['C3216JB1E476M160AC', 1],
    ['ULN2003ADR', 1],
    ['LTST-C191KGKT', 2],
    ['DMN3023L-7', 4],
  ]);
  expect(r.skipped.filter((s) => s.reason === 'incomplete').map((s) => s.row + 1)).toEqual([11, 12]);
});

test("a column named 'Part Number' whose cells are all positions is the designators; the parts are in the words", () => {
  const r = read([
    ['Part Number', 'Count', 'Description'],
    ['T1', 1, 'AC-DC Dual Output Supply RD-35A or equivalent'],
    ['MCU1', 1, 'Raspberry Pi (any version should work)'],
    ['U1', 1, 'Sparkfun RFID Reader ID-12LA (WRL-11827) or ID-20LA (WRL-11828)'],
    ['RLY1', 1, 'Sparkfun Beefcake Relay Control Kit (Sparkfun part number KIT-13815)'],
    ['BS1, BS2', 2, '4-Position Barrier Strip (Clinch Connectors p/n 4-140, or equivalent)'],
    ['L1', 1, '12V Fail Safe electric strike'],
  ]);
  expect(r.read.mapping.designators).toBe(0);
  // No position is looked up as a part; an alternative's code in brackets is none of the line's.
  const parts = r.lines.map((l) => l[1]);
  for (const notAPart of ['T1', 'MCU1', 'U1', 'RLY1', 'L1', 'WRL-11828']) expect(parts).not.toContain(notAPart);
  expect(parts).not.toEqual(expect.arrayContaining(['T1', 'MCU1', 'U1', 'WRL-11828']));
  expect(r.lines.map((l) => [l[0], l[1]])).toEqual(expect.arrayContaining([[5, 'KIT-13815']]));
});

test("a column of makers' numbers short as positions stays the part numbers", () => {
  const r = read([
    ['Part Number', 'Qty', 'Description'],
    ['LM358', 2, 'Op amp'],
    ['NE555', 1, 'Timer'],
    ['BC547', 4, 'Transistor'],
    ['TL072', 1, 'Op amp'],
  ]);
  expect(r.lines.map((l) => l[1])).toEqual(['LM358', 'NE555', 'BC547', 'TL072']);
});

test('a resistance written after its R is a value, no part number', () => {
  expect(['R0.33', 'R047', 'R.1'].map(isComponentValue)).toEqual([true, false, true]);
  const r = read([
    ['References', 'Value', 'Footprint', 'Quantity Per PCB', 'LCSC P/N'],
    ['R13', 'R0.33', 'R_1206_3216Metric', 1, 'C2932844'],
    ['U18', 'HE6550MPR', 'SOT-23', 1, 'C112345'],
  ]);
  expect(r.lines.map((l) => l[1])).toEqual(['HE6550MPR']);
});

test("a tool's statistics under the list, each a label and its value, are no lines ('Schematic Version: | 0.6a')", () => {
  const r = read([
    ['References', 'Value', 'Footprint', 'Quantity Per PCB'],
    ['U19', 'MC34063AD', 'SOIC-8', 1],
    ['VR1', 'XL6019', 'TO-252-5', 1],
    [],
    ['Component Groups:', 49],
    ['Total components:', 128],
    ['Schematic Version:', '0.6a'],
    ['Schematic Date:', '2022-05-11'],
  ]);
  expect(r.lines.map((l) => l[1])).toEqual(['MC34063AD', 'XL6019']);
  expect(r.read.tableEnd).toBe(2);
});

test("a thing known only by a shop's own code in its link is listed with that code for the buyer", () => {
  const r = read([
    ['Item', 'Quantity', 'Part Cost', 'Example link'],
    ['M2 3.5x4 brass screw insert', 2, '£11.49', '[Amazon1](https://www.amazon.co.uk/gp/product/B07QR6GVFJ/ref=x)'],
    ['Panel mount slide switch', 1, '£3.19', ''],
  ]);
  const listed = r.read.skipped.filter((s) => s.reason === 'incomplete');
  expect(listed.map((s) => s.row + 1)).toEqual([2, 3]);
  expect(listed[0].detail).toContain('Amazon "B07QR6GVFJ", a number of that shop\'s catalogue alone');
  expect(listed[1].detail).not.toContain('Amazon');
});

test("a DNP column holding the row's own part number marks it not placed; a position in it marks that position", () => {
  const r = read([
    ['Designator', 'Footprint', 'Quantity', 'Value', 'MPN', 'DNP'],
    ['C1, C2', 'C_0603', 2, '0.1uF', 'GRM188R72A104MA35J', 'C2'],
    ['U12', 'SOIC-8', 1, 'ATTINY85-20SU', 'ATTINY85-20SU', 'ATTINY85-20SU'],
    ['U3', 'SOIC-8', 1, 'LM358DR', 'LM358DR', ''],
    ['R1', 'R_0603', 1, '10k', 'RC0603FR-0710KL', 'CAPACITOR'],
  ]);
  expect(r.lines.map((l) => [l[1], l[2]])).toEqual([
    ['GRM188R72A104MA35J', 1],
    ['LM358DR', 1],
    ['RC0603FR-0710KL', 1],
  ]);
  expect(r.skipped.map((s) => [s[0], s[1]])).toEqual([[3, 'dnp']]);
});

describe('what the rules above leave alone', () => {
  test("a column of makers' type numbers, under 'MPN' or 'Part Number', stays the part numbers", () => {
    const types = ['BAV99', 'BAT54S', 'BSS84', 'SS34', 'US1M', 'TIP31C', 'LM35', 'BAS16', 'ES1D', 'NE555P'];
    const byMpn = read([['MPN', 'Manufacturer', 'Qty'], ...types.map((t) => [t, 'Nexperia', 2])]);
    expect(byMpn.lines.map((l) => l[1])).toEqual(types);
    const hobby = ['ESP32', 'DHT22', 'SG90', 'LM35', 'SS14', 'BAT54'];
    const byName = read([['Part Number', 'Qty', 'Description'], ...hobby.map((t) => [t, 1, 'a part'])]);
    expect(byName.lines.map((l) => l[1])).toEqual(hobby);
  });

  test("a 'Fitted/DNP' column naming the part to fit or 'DNP' marks only the DNP rows", () => {
    const r = read([
      ['Ref', 'Qty', 'Value', 'Part Number', 'Fitted/DNP'],
      ['U1', 1, 'MCU', 'ATMEGA328P-AU', 'ATMEGA328P-AU'],
      ['U2', 1, 'Buck', 'TPS62160DSGR', 'TPS62160DSGR'],
      ['U3', 1, 'Module', 'ESP32-WROOM-32E', 'DNP'],
      ['R1,R2', 2, '10k', 'CRCW060310K0FKEA', 'CRCW060310K0FKEA'],
      ['D1', 1, 'TVS', 'SMBJ5.0A', 'SMBJ5.0A'],
    ]);
    expect(r.skipped.map((s) => [s[0], s[1]])).toEqual([[4, 'dnp']]);
    expect(r.lines).toHaveLength(4);
  });

  test("a name with 'or' in it ('plaqué or', 'or better') keeps its number in brackets", () => {
    const r = read([
      ['Qté', 'Désignation', 'Repère'],
      [1, 'Barrette mâle 1x6 contacts plaqués or (61300611121)', 'J1'],
      [1, 'Capacitor 100nF X7R or better (GRM188R71H104KA93D)', 'C1'],
    ]);
    expect(r.lines.map((l) => l[1])).toEqual(['61300611121', 'GRM188R71H104KA93D']);
  });

  test('rows of a thing and its number under a label after the list are read, not cut off as a footer', () => {
    const r = read([
      ['Item', 'Qty', 'Part Number'],
      ['Regulator', 1, 'LM1117-3.3'],
      [],
      ['Enclosure:', null, '1590B'],
      ['Battery holder:', null, 'BH-123A'],
    ]);
    expect(r.read.warnings.some((w) => w.code === 'footer')).toBe(false);
    expect(r.read.tableEnd).toBe(4);
  });

  test('a list whose values do not line up under its header is still refused, not cut into the wrong columns', () => {
    const text = [
      'Qty  Designator      Part Number          Manufacturer   Description',
      '2  C1, C2  GRM188R71H104KA93D  Murata',
      '1  U1  LM358DR  TI',
      '4  R1-R4  RC0603FR-0710KL  Yageo',
      '1  Y1  ABM8-16.000MHZ-B2-T  Abracon',
      '1  J1  USB4105-GF-A  GCT',
      '1  D1  BAT54S  Nexperia',
    ].join('\n');
    expect(() => readBom(parseDelimited(text).cells)).toThrow(/No part-number column/);
  });
});
