/**
 * JLCPCB-style lists (a Comment column read for part numbers) whose values label connectors by their nets ("FAN0",
 * "Stepper1"), keep a footprint's library name, or sit beside a package named with its exposed pad.
 */
import { type Cell, readBom } from '../../src/bom';
import { labelsOfOneCode } from '../../src/bom/part-cells';

const linesOf = (grid: Cell[][]) => readBom(grid).lines.map((l) => [l.row + 1, l.partNumber]);
const listedOf = (grid: Cell[][]) =>
  readBom(grid)
    .skipped.filter((s) => s.reason === 'incomplete')
    .map((s) => s.row + 1);

const JST = 'Connector_JST:JST_XH_B2B-XH-A_1x02_P2.50mm_Vertical';

describe('values that label one part on several rows', () => {
  test('one name numbered on one footprint ("Stepper1"…"Stepper3", "FAN0", "FAN1"): labels, listed for a part number', () => {
    const grid: Cell[][] = [
      ['Comment', 'Designator', 'Footprint', 'LCSC'],
      ['10k', 'R2,R3', 'Resistor_SMD:R_0402_1005Metric', 'C25744'],
      ['AO3400A', 'Q1', 'Package_TO_SOT_SMD:SOT-23', 'C20917'],
      ['Stepper1', 'J2', 'Connector_JST:JST_XH_B4B-XH-A_1x04_P2.50mm_Vertical', '---'],
      ['Stepper2', 'J3', 'Connector_JST:JST_XH_B4B-XH-A_1x04_P2.50mm_Vertical', '---'],
      ['FAN0', 'J5', JST, '---'],
      ['FAN1', 'J8', JST, '---'],
      ['TMC2209', 'U1', 'Package_DFN_QFN:QFN-28-1EP_5x5mm_P0.5mm', 'C806700'],
    ];
    expect(linesOf(grid)).toEqual([
      [3, 'AO3400A'],
      [8, 'TMC2209'],
    ]);
    expect(listedOf(grid)).toEqual(expect.arrayContaining([4, 5, 6, 7]));
  });

  test('on one LCSC code, a numbered name among others ("FAN0", "FAN1" beside "Heater"): labels still', () => {
    const sample: Cell[][] = [
      ['FAN0', 'J4', 'C557685'],
      ['FAN1', 'J5', 'C557685'],
      ['Heater', 'J6', 'C557685'],
    ];
    expect([...labelsOfOneCode(sample, 0, [2])].sort()).toEqual(['FAN0', 'FAN1']);
  });

  test('type numbers on one footprint that differ in their index ("74HC04", "74HC14"; "LM358", "LM393") are parts', () => {
    const sample: Cell[][] = [
      ['74HC04', 'SOIC-14'],
      ['74HC14', 'SOIC-14'],
      ['LM358', 'SOIC-8'],
      ['LM393', 'SOIC-8'],
    ];
    expect([...labelsOfOneCode(sample, 0, [], [1])]).toEqual([]);
    // Letters and two digits on one package are parts too ("BAV99" and "BAV70", "TIP31" and "TIP32").
    const pairs: Cell[][] = [
      ['BAV99', 'SOT-23'],
      ['BAV70', 'SOT-23'],
      ['TIP31', 'TO-220'],
      ['TIP32', 'TO-220'],
    ];
    expect([...labelsOfOneCode(pairs, 0, [], [1])]).toEqual([]);
  });

  test('a "Packaging" column ("Cut Tape" on every row) joins no rows', () => {
    const grid: Cell[][] = [
      ['Comment', 'Designator', 'Footprint', 'Packaging'],
      ['BAV99', 'D1', 'SOT-23', 'Cut Tape'],
      ['BAV70', 'D2', 'SOT-23-3', 'Cut Tape'],
      ['10k', 'R1', 'R_0603', 'Cut Tape'],
    ];
    expect(linesOf(grid)).toEqual([
      [2, 'BAV99'],
      [3, 'BAV70'],
    ]);
  });
});

test("a value left as its footprint's name (words joined by underscores) is no part number; a chip's number is", () => {
  const grid: Cell[][] = [
    ['Comment', 'Designator', 'Footprint', 'LCSC'],
    ['USB_Micro-B_Molex-105017-0001', 'J12', 'Connector_USB:USB_Micro-B_Molex-105017-0001', 'C10418'],
    ['BMI270', 'U1', 'project:BMI270', 'C2836813'],
    ['AO3400A', 'Q1', 'Package_TO_SOT_SMD:SOT-23', 'C20917'],
  ];
  expect(linesOf(grid)).toEqual([
    [3, 'BMI270'],
    [4, 'AO3400A'],
  ]);
  expect(readBom(grid).skipped[0].detail).toMatch(/LCSC C10418/);
});

test('a chip whose package is named with its exposed pad ("TSSOP-48_PAD") is bought; a test pad or a jumper is not', () => {
  const grid: Cell[][] = [
    ['Qty', 'Value', 'Device', 'Package', 'Parts'],
    [5, 'DRV8303DCA', 'DRV8303DCA', 'TSSOP-48_PAD', 'U1, U2, U3, U4, U5'],
    [2, 'GRM188R61C106MA73D', 'C-USC0603', 'C0603', 'C1, C2'],
    [1, 'TESTPAD', 'TP', 'TEST_PAD', 'TP1'],
    [1, 'SJ', 'SOLDER_JUMPER', 'SOLDER_JUMPER_2_PAD', 'SJ1'],
  ];
  expect(linesOf(grid)).toEqual([
    [2, 'DRV8303DCA'],
    [3, 'GRM188R61C106MA73D'],
  ]);
});
