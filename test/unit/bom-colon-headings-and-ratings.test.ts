/**
 * Kinds of export found after the reader was built, each as a made-up table of its shape: a list in sections under
 * headings that end in a colon (long ones, ones with a number), an export's notes kept under a header moved above
 * them, a header naming part numbers and specifications in one column, a maker's number shaped as a position,
 * a catalogue number in brackets after a name in a value column, and ratings that are no part numbers.
 */
import { readRows } from '../helpers/bom-rows';
import { isComponentValue } from '../../src/bom/row-kinds';
import { looksLikePartNumber } from '../../src/bom/column-content';
import { matchHeader } from '../../src/bom';

const read = readRows;
const HEADER = ['Part', 'X', 'Y', 'Value', 'Manufacturer', 'Manufacturer Part No', 'McMaster Part No', 'Description'];

describe('headings that end in a colon', () => {
  test('a long heading, and one with a number, each over a section of the list: every section is read', () => {
    const r = read([
      HEADER,
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

  test("a heading over a row of a shop's code alone goes on to the rows after it; 'Notes:' over a sentence ends the list", () => {
    const r = read([
      HEADER,
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
    expect(r.read.tableEnd).toBe(9);
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

test("a letter after four digits or more makes a maker's number, not a position; a board's positions stay positions", () => {
  expect(['B5819W', 'B5819WS', 'AO3401A'].map(looksLikePartNumber)).toEqual([true, true, true]);
  expect(['U12A', 'R1001', 'C5'].map(looksLikePartNumber)).toEqual([false, false, false]);
});

describe('a value column read for part numbers', () => {
  const header = ['Qty', 'Part', 'Description', 'Source'];
  test("a catalogue number in brackets after the thing's name in words is its number", () => {
    const r = read([
      header,
      [1, 'Atlas pH Probe Gen 3 (ENV-40-pH)', 'Lab grade probe', 'Atlas Scientific'],
      [1, 'Atlas EC Probe K=1.0 (ENV-40-EC-K1.0)', 'Conductivity probe', 'Atlas Scientific'],
      [2, 'TPS62933DRLR', 'Buck converter', 'Digikey'],
    ]);
    expect(r.lines.map((l) => l[1])).toEqual(['ENV-40-pH', 'ENV-40-EC-K1.0', 'TPS62933DRLR']);
  });

  test("brackets after a library's name of one word hold a footprint or a package, no number", () => {
    const r = read([
      ['Qty', 'Value', 'Device', 'Parts'],
      [2, 'CON3-DG306-5.0_3P(TB3-5MM)', 'CON3-DG306-5.0_3P(TB3-5MM)', 'CON1, CON2'],
      [1, 'AllWinner-S3(FBGA-234)', 'AllWinner-S3', 'U1'],
      [1, 'LM358DR', 'LM358', 'U2'],
    ]);
    expect(r.lines.map((l) => l[1])).not.toContain('TB3-5MM');
    expect(r.lines.map((l) => l[1])).not.toContain('FBGA-234');
    expect(r.lines.map((l) => l[1])).toContain('LM358DR');
  });
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
