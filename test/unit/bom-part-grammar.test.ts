/**
 * What a value's letters say of it by its maker's numbering (src/bom/part-grammar.ts), and a part-number cell with
 * words in Chinese after the number. The rows are made up, of the kinds found in real exports: a KiCad export whose
 * part-number column is mostly empty, a JLCPCB BOM (Comment, Designator, Footprint, LCSC), an EasyEDA export.
 */
import { readBom } from '../../src/bom';
import { baseNumberReason, isGenericType } from '../../src/bom/part-grammar';

const lines = (read: { lines: readonly { row: number; partNumber: string; quantityPerBoard: number }[] }) =>
  read.lines.map((l) => [l.row, l.partNumber, l.quantityPerBoard]);

describe("a family's base number, by its maker's numbering", () => {
  it('names what the order still needs', () => {
    for (const base of [
      'STM32F103C8',
      'STM32WB55RG',
      'STM8S003F3',
      'PIC16F877A',
      'dsPIC33FJ128GP802',
      'ATMEGA328P',
      'ESP32-C3-MINI-1',
      'ESP32-WROOM-32E',
      'ABLS-12MHz',
      'HC49-16.000MHz',
      '74AHC1G126DCK',
    ])
      expect([base, baseNumberReason(base)]).toEqual([base, expect.stringMatching(/base number|frequency/)]);
  });

  it('leaves alone the orderable numbers and the parts of other makers', () => {
    for (const part of [
      'STM32F103C8T6',
      'STM32F103C8T6TR',
      'PIC16F877A-I/P',
      'ATMEGA328P-AU',
      'ESP32-C3-MINI-1-N4',
      'ESP32-S3-WROOM-1-N8R2',
      'ABLS-12.000MHZ-B4-T',
      'ATSAMD21G18A',
      'LM358DR',
      'SN74AHC1G126DCKR',
      '74LVC1G125GW',
    ])
      expect([part, baseNumberReason(part)]).toEqual([part, null]);
  });

  it('a value left to give the part is listed as needing a part number when it is a base number', () => {
    const read = readBom([
      ['Reference', 'Value', 'MPN', 'Qty'],
      ['U1', 'STM32G071RB', '', 1],
      ['U2', 'STM32G071RBT6', '', 1],
      ['Y1', 'ABM8-8MHz', '', 1],
      ['U3', 'PIC18F25K22', '', 1],
      ['R1', '10k', '', 4],
      ['U4', 'LM358', 'LM358DR', 1],
    ]);
    expect(lines(read)).toEqual([
      [2, 'STM32G071RBT6', 1],
      [6, 'LM358DR', 1],
    ]);
    const u1 = read.skipped.find((s) => s.row === 1);
    expect(u1?.reason).toBe('incomplete');
    expect(u1?.detail).toContain("a family's base number, without its package letter and temperature digit");
    expect(read.skipped.find((s) => s.row === 3)?.detail).toContain('a series and its frequency');
    expect(read.skipped.find((s) => s.row === 4)?.reason).toBe('incomplete');
  });
});

describe('a generic type beside a distributor number', () => {
  it('knows the types several makers make, not a maker’s own number for one', () => {
    for (const t of ['1N4148W', '2N7002', 'BAT54SW', 'BC847B', 'BZX84C5V1', 'BSS138', 'SMAJ54CA', 'P6KE6.8A'])
      expect([t, isGenericType(t)]).toEqual([t, true]);
    for (const t of ['2N7002LT1G', 'BAT54SW-7-F', 'BSS138LT1G', 'BTS3405G', 'PMEG10010ELR', 'BZX84C5V1LT3G'])
      expect([t, isGenericType(t)]).toEqual([t, false]);
  });

  it("a JLCPCB BOM's generic type is listed with its LCSC number; a maker's own number is priced", () => {
    const read = readBom([
      ['Comment', 'Designator', 'Footprint', 'LCSC'],
      ['2N7002', 'Q1,Q2', 'SOT-23', 'C8545'],
      ['BSS138LT1G', 'Q3', 'SOT-23', 'C82045'],
      ['1N4148W', 'D1', 'D_SOD-123', 'C81598'],
      ['AO3401A', 'Q4', 'SOT-23', 'C15127'],
      ['2N7002', 'Q5', 'SOT-23', ''],
    ]);
    expect(lines(read)).toEqual([
      [2, 'BSS138LT1G', 1],
      [4, 'AO3401A', 1],
      [5, '2N7002', 1],
    ]);
    const q1 = read.skipped.find((s) => s.row === 1);
    expect(q1?.reason).toBe('incomplete');
    expect(q1?.quantityPerBoard).toBe(2);
    expect(q1?.detail).toContain('"2N7002" is a type several makers make');
    expect(q1?.detail).toContain('LCSC C8545');
    expect(read.skipped.find((s) => s.row === 3)?.detail).toContain('LCSC C81598');
  });

  it("a value's generic type beside a Digi-Key number is bought by the Digi-Key number", () => {
    const read = readBom([
      ['Reference', 'Value', 'MPN', 'Digikey', 'Qty'],
      ['U1', 'TPS62160', 'TPS62160DGKR', '296-30427-1-ND', 1],
      ['D1', 'BAT54SW', '', 'BAT54SW-FDICT-ND', 1],
      ['C1', '100nF', '', '', 2],
    ]);
    expect(lines(read)).toEqual([
      [1, 'TPS62160DGKR', 1],
      [2, 'BAT54SW-FDICT-ND', 1],
    ]);
  });
});

describe('reel codes and words after the number', () => {
  it('a reel code after a package code (LM358DR, TXB0108PWR) makes a value orderable; the bare type is not', () => {
    const read = readBom([
      ['Reference', 'Value', 'MPN', 'Qty'],
      ['U1', 'TXB0108PWR', '', 1],
      ['U2', 'TXB0108', '', 1],
      ['U3', 'LM358DR', '', 1],
      ['U4', 'OPA2333', 'OPA2333AIDR', 1],
    ]);
    expect(lines(read)).toEqual([
      [1, 'TXB0108PWR', 1],
      [3, 'LM358DR', 1],
      [4, 'OPA2333AIDR', 1],
    ]);
  });

  it('a part number with Chinese words after it is the number; a value, a size or a series with them is none', () => {
    const read = readBom([
      ['Quantity', 'Comment', 'Designator', 'Manufacturer Part', 'Manufacturer'],
      ['6', 'PJ-320AS镀银环保', 'J1,J2,J3,J4,J5,J6', 'PJ-320AS镀银环保', 'HOOYA'],
      ['2', 'XH-4A插座', 'CN1,CN2', 'XH-4A插座', ''],
      ['2', '2.54mm排针', 'H1,H2', '2.54mm排针', ''],
      ['4', '10K电阻', 'R1,R2,R3,R4', '10K电阻', ''],
      ['1', 'TPS62160', 'U1', 'TPS62160DGKR', 'TI'],
    ]);
    expect(lines(read)).toEqual([
      [1, 'PJ-320AS', 6],
      [5, 'TPS62160DGKR', 1],
    ]);
    expect(read.warnings.find((w) => w.row === 1)?.message).toContain('the words "镀银环保" after it were left out');
    expect(read.skipped.filter((s) => s.reason === 'incomplete').map((s) => s.row)).toEqual([2, 3, 4]);
  });
});

describe('a number named among words in the row', () => {
  it("a JLCPCB Comment naming the maker, the number and the ratings gives the number; a kind's words give none", () => {
    const read = readBom([
      ['Comment', 'Designator', 'Footprint', 'LCSC'],
      ['Littelfuse 0451002.MRL 2A 125VAC', 'F1', 'Fuse_0603', 'C260283'],
      ['BEL Fuse 0ZCJ0005FF2E 50mA 60VDC', 'F2', 'Fuse_1206', 'C194141'],
      ['Fuse 1206 500mA', 'F3', 'Fuse_1206', 'C5248080'],
      ['TPS62160DGKR', 'U1', 'VSSOP-8', 'C40916'],
      ['PMEG10010ELR', 'D1', 'SOD-123W', 'C179426'],
      ['ESD5Z12T1G', 'D2', 'SOD-523', 'C7436544'],
      ['THVD2410DR', 'U2', 'SOIC-8', 'C1849398'],
    ]);
    expect(read.lines.map((l) => [l.row, l.partNumber, l.manufacturer]).slice(0, 3)).toEqual([
      [1, '0451002.MRL', 'Littelfuse'],
      [2, '0ZCJ0005FF2E', ''],
      [4, 'TPS62160DGKR', ''],
    ]);
    expect(read.skipped.find((s) => s.row === 3)?.reason).toBe('incomplete');
  });

  it("a value's all-digit number is taken where the row's description names it after its maker", () => {
    const read = readBom([
      ['Ref', 'Qnty', 'Value', 'Cmp name', 'Footprint', 'Description', 'Vendor'],
      ['U1', 1, 'TPS62160DGKR', 'TPS62160DGKR', 'VSSOP-8', 'Step-down converter', ''],
      ['U2', 1, '~', '1674954-1', '1674954-1', 'AMP - TE CONNECTIVITY - 1674954-1 - SPRING FINGER', ''],
      ['J1', 1, '~', '5015', '5015', 'Test point, SMD', ''],
    ]);
    expect(read.lines.map((l) => [l.row, l.partNumber, l.manufacturer])).toEqual([
      [1, 'TPS62160DGKR', ''],
      [2, '1674954-1', 'AMP - TE CONNECTIVITY'],
    ]);
    expect(read.skipped.find((s) => s.row === 3)?.reason).toBe('incomplete');
  });
});

describe('a purchase list row with a name and a shop link but no quantity', () => {
  it('is a line to buy whose count is left to the buyer; a row of a link alone, or a total, is none', () => {
    const read = readBom([
      ['MATERIAL', 'CANTIDAD', 'ENLACE'],
      ['MOTOR PASO A PASO', 1, 'https://shop.example/motor'],
      ['CABLES VARIOS', null, 'https://shop.example/cables'],
      [null, null, 'https://shop.example/more'],
      ['TOTAL', null, 'https://shop.example/cart'],
    ]);
    const listed = read.skipped.filter((s) => s.reason === 'incomplete');
    expect(listed.map((s) => [s.row, s.quantityPerBoard])).toEqual([
      [1, 1],
      [2, undefined],
    ]);
    expect(listed[1].detail).toContain('no quantity given: say how many');
  });
});
