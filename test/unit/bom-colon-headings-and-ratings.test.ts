/**
 * Kinds of export found after the reader was built, each as a made-up table of its shape: a list kept in sections
 * under headings that end in a colon (long ones, ones with a number), and blocks after a list under such headings
 * that are no sections of it (an order for ten boards, parts not to buy, optional extras, price breaks); an export's
 * notes kept under a header moved above them; a header naming part numbers and specifications in one column; ratings
 * that are no part numbers; a description in a distributor's column.
 */
import { readRows } from '../helpers/bom-rows';
import { isComponentValue } from '../../src/bom/row-kinds';
import { matchHeader } from '../../src/bom';

const read = readRows;
const HEADER = ['Part', 'X', 'Y', 'Value', 'Manufacturer', 'Manufacturer Part No', 'McMaster Part No', 'Description'];

describe('headings that end in a colon', () => {
  test('a long heading, and one with a number, each over a section of the list: every section is read', () => {
    const r = read([
      HEADER,
      [],
      ['Dimensions', 50.8, 63.5],
      [],
      ['Fiducials - for solder paste mask alignment on the top side:'],
      [],
      ['FD1', 50.04, 0.76, null, null, null, null, 'Fiducial'],
      [],
      ['Surface Mount Components:'],
      [],
      ['C1', 12.8, 18.3, '10nF', 'Walsin', '0603B103K101CT', null, 'Capacitor'],
      ['C2', 13.5, 56.4, '2.2uF', 'AVX', '06036D225KAT2A', null, 'Capacitor'],
      [],
      ['Cable for Iridium 9603N:'],
      [],
      ['CABLE', null, null, null, 'Amphenol', 'A-1PA-132-025B2', null, 'u.FL cable'],
    ]);
    expect(r.lines.map((l) => l[1])).toEqual(['0603B103K101CT', '06036D225KAT2A', 'A-1PA-132-025B2']);
  });

  test("in a list kept in sections, a heading over a row of a shop's code alone goes on; 'Notes:' over a sentence ends it", () => {
    const r = read([
      HEADER,
      [],
      ['Surface Mount Components:'],
      [],
      ['C1', 12.8, 18.3, '10nF', 'Walsin', '0603B103K101CT', null, 'Capacitor'],
      [],
      ['Mounting hardware for the modem:'],
      [],
      ['SCREWS_x2', null, null, null, null, null, '90116A010', 'M2 x 6mm screws'],
      [],
      ['SMA Antenna:'],
      [],
      ['ANT1', null, null, null, 'Maxtena', 'M1600HCT-P-SMA', null, 'Antenna'],
      [],
      ['Notes:'],
      [],
      ['C1 is optional: fit it only where the supply is noisy.'],
    ]);
    expect(r.lines.map((l) => l[1])).toEqual(['0603B103K101CT', 'M1600HCT-P-SMA']);
    expect(r.read.tableEnd).toBe(12);
  });

  // A list that did not begin in sections: what follows it under a long or numbered heading is no section of it.
  test.each([
    ['Order for 10 boards:', [20, 'RC0603FR-0710KL'], [10, 'LM358DR']],
    ['Customer supplied parts - do not purchase, consigned by client:', [1, 'TL072CDR'], [2, 'BAT54S']],
    ['Parts removed in Rev B2 (do not order):', [1, 'TL072CDR'], [2, 'BAT54S']],
    ['Price breaks (Mouser, USD):', [1, '0.10'], [10, '0.08']],
  ])('a block under "%s" after the list is not read into it', (heading, ...rows) => {
    const r = read([
      ['Qty', 'Part Number', 'Description'],
      [2, 'RC0603FR-0710KL', 'Resistor 10k'],
      [1, 'LM358DR', 'Op amp'],
      [],
      [heading],
      [],
      ...rows.map(([qty, part]) => [qty, part, '']),
    ]);
    expect(r.lines).toEqual([
      [2, 'RC0603FR-0710KL', 2],
      [3, 'LM358DR', 1],
    ]);
  });

  test("a list's optional extras under a short heading, in a table of their own, are not read into it", () => {
    const r = read([
      ['Qty', 'Part', 'Description'],
      ['---', '---', '---'],
      [1, 'ESP32-C6-DEVKITC-1-N8', 'Devkit'],
      [1, 'TPS62933DRLR', 'Buck'],
      [],
      ['Optional extras:'],
      [],
      ['Qty', 'Item', 'Why'],
      ['---', '---', '---'],
      [1, 'SSD1306', 'display if you want one'],
      [1, 'DS3231SN', 'RTC'],
    ]);
    expect(r.lines.map((l) => l[1])).toEqual(['ESP32-C6-DEVKITC-1-N8', 'TPS62933DRLR']);
  });

  test('a heading ending in a colon over the header written again (KiCad\'s "Collated Components:") starts another list', () => {
    const header = ['Item', 'Qty', 'Reference(s)', 'Value', 'Manufacturer PN'];
    const r = read([
      header,
      ['', '', 'R1', '10k', 'RC0603FR-0710KL'],
      ['', '', 'R2', '10k', 'RC0603FR-0710KL'],
      [],
      ['Collated Components:'],
      [],
      header,
      [1, 2, 'R1, R2', '10k', 'RC0603FR-0710KL'],
    ]);
    // The same parts one by one, then collated with their counts: the collated list is read, never both.
    expect(r.lines).toEqual([[8, 'RC0603FR-0710KL', 2]]);
  });
});

test("an export's notes under a header moved above them are passed over, and the lines under them read", () => {
  const r = read([
    ['Ref', 'Qnty', 'Value', 'Footprint', 'Vendor', 'Link'],
    ['Source:', 'C:\\Projects\\power.kicad_sch'],
    [],
    ['Date:', '2023-09-07 19:30'],
    [],
    ['Tool:', 'Eeschema (6.0.5)'],
    ['C1, C2,', 2, '470 uF', 'CAP_EEHZU1V471V', 'Mouser', ''],
    [],
    ['U1,', 1, 'BMR4800102/002', 'Power Bricks:bmr480', 'Digkey', ''],
  ]);
  expect(r.lines).toEqual([[9, 'BMR4800102/002', 1]]);
  expect(r.skipped.filter((s) => s[1] === 'incomplete')).toEqual([[7, 'incomplete', 2]]);
});

test("'Part Number / Specification' names part numbers and values in one column, each row read for what it holds", () => {
  expect(matchHeader('Part Number / Specification')).toEqual({ field: 'partNumber', strength: 2 });
  expect(matchHeader('Part No. / Spec')).toEqual({ field: 'partNumber', strength: 2 });
  const r = read([
    ['Position', 'Component', 'Part Number / Specification', 'Manufacturer', 'Qty'],
    [1, 'Enclosure', '1455Q1602BK', 'Hammond', 1],
    [2, 'Power Switch', 'CWSB11AA2F', 'NKK Switches', 1],
    [3, 'Socket Head Cap Screw M3x8', 'ISO 4762', '-', 4],
    [4, 'Rubber Pads', 'Self adhesive', '-', 4],
  ]);
  expect(r.lines.map((l) => l[1])).toEqual(['1455Q1602BK', 'CWSB11AA2F']);
  expect(r.skipped.map((s) => s[1])).toEqual(['incomplete', 'incomplete']);
});

test("a chip or a package in brackets after a value's name is no part number of the thing bought", () => {
  const r = read([
    ['Reference', 'Value', 'Footprint', 'Qty'],
    ['DS1', 'OLED display 0.96 inch (SSD1306)', 'OLED_128x64', 1],
    ['U1', 'IC socket DIP-8 (NE555)', 'DIP-8', 1],
    ['Y1', 'Crystal 16MHz (HC-49S)', 'HC49', 1],
    ['CON1', 'CON3-DG306-5.0_3P(TB3-5MM)', 'TB3', 1],
  ]);
  expect(r.lines).toEqual([]);
  expect(r.skipped.map((s) => s[1])).toEqual(['incomplete', 'incomplete', 'incomplete', 'incomplete']);
});

test("a supply's or a fuse's rating is a value; a maker's number ending in a unit's letter is none", () => {
  expect(['24VAC', '24 VDC', '230VAC', 'F6.3A', 'T500mA', 'T2A'].map(isComponentValue)).toEqual(Array(6).fill(true));
  expect(['749020010A', '5988110107F', 'T491A106K010AT', 'BAT54'].map(isComponentValue)).toEqual(Array(4).fill(false));
  const r = read([
    ['Designator', 'Quantity', 'Comment', 'Description'],
    ['FUSE1', 1, 'F6.3A', 'Fuse and holder'],
    ['J1', 1, '24VAC', 'Header, 2-Pin'],
    ['U1', 1, 'UG-2864HSWEG01', 'OLED display'],
  ]);
  expect(r.lines.map((l) => l[1])).toEqual(['UG-2864HSWEG01']);
});

test("a column of Digi-Key's numbers holding a description in words on one row: that row is no number to look up", () => {
  const header = ['Reference', 'Qty', 'Value', 'DNP', 'Footprint', 'Datasheet', 'DKPN'];
  const r = read([
    header,
    ['C1,C2', 2, '10uF', '', 'C_0805', '~', '1276-1096-1-ND'],
    ['D1', 1, 'SS34', '', 'D_SMA', '~', 'SS34FSCT-ND'],
    ['U1', 1, 'AO3400A', '', 'SOT-23', '~', '785-1000-1-ND'],
    ['R1,R2', 2, '10k', '', 'R_0805', '~', '311-10.0KCRCT-ND'],
    ['R13,R15', 2, '100Ω', '', 'R_0805', '~', '100 Ohms ±1% 0.125W, 1/8W Chip Resistor 0805 (2012 Metric) Thick Film'],
    ['J1', 1, 'Conn', '', 'JST_XH', '~', '455-2249-ND'],
  ]);
  expect(r.lines.some((l) => String(l[1]).includes('Ohms'))).toBe(false);
  expect(r.lines.map((l) => l[0])).toEqual(expect.arrayContaining([2, 3, 4, 5, 7]));
});
