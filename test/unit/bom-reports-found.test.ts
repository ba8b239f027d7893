/**
 * Parts lists written as reports rather than tables, each as a made-up text of the kind, read through the CLI's
 * text parser and the one reader.
 */
import { readBom } from '../../src/bom';
import { parseDelimited } from '../../cli/bomfile';
import { headerTokens } from '../../src/bom/header';

describe('a report of records (a count and labelled fields per part)', () => {
  const report = [
    'PARTS LIST',
    '',
    'PROJECT ...: /home/someone/board.ddb',
    '',
    'Capacitors: 9',
    '',
    '   8 Package ......: 0603-c',
    '     Function .....: 100nf',
    '     Value ........: 100N',
    '        c1,c2,c3,c4,c5,',
    '        c6,c7,c8',
    '',
    '',
    '   1 Package ......: d6.3',
    '     Value ........: 10U',
    '        c9',
    '',
    '        Aluminium capacitor',
    '        U=63V',
    '        %',
    '        panasonic       #   EEE-FK 1J 100 P',
    '        maker2          #   UCD 1J*GS',
    '        maker3          #   AFK 106 M 63-*',
    '',
    'ICs: 1',
    '',
    '   1 Package ......: lqfp48',
    '     Value ........: STM32F103C',
    '        ic20',
    '',
    '        Microcontroller',
    '        LQFP48',
    '        %',
    '        st                  STM32 F103CBT*',
    '',
  ].join('\n');

  test('each record is a row on the line of its count, the header just above the first', () => {
    const { cells, warnings } = parseDelimited(report);
    expect(warnings[0]).toContain('report of records');
    expect(cells[5].slice(0, 4)).toEqual(['Qty', 'Package', 'Function', 'Value']);
    expect(cells[6].slice(0, 5)).toEqual(['8', '0603-c', '100nf', '100N', 'c1,c2,c3,c4,c5,c6,c7,c8']);
    expect(cells[7]).toEqual([]);
    expect(cells[13].slice(0, 4)).toEqual(['1', 'd6.3', '', '10U']);
    // A description's 'LQFP48' is no designator: designators end at the record's first blank line.
    expect(cells[26].slice(4, 6)).toEqual(['ic20', 'Microcontroller LQFP48']);
  });

  test("makers' numbers lose their spaces and a trailing wildcard; one with a wildcard inside is left out", () => {
    const read = readBom(parseDelimited(report).cells);
    expect(read.lines.map((l) => [l.row + 1, l.partNumber, l.quantityPerBoard])).toEqual([
      [14, 'EEE-FK1J100P', 1],
      [27, 'STM32F103CBT', 1],
    ]);
    expect(read.lines[0].alternates).toEqual([{ partNumber: 'AFK106M63', manufacturer: 'maker3' }]);
    expect(read.skipped.map((s) => [s.row + 1, s.reason, s.quantityPerBoard])).toEqual([[7, 'incomplete', 8]]);
  });

  test('a table whose cells hold dotted leaders is no report', () => {
    const text = 'Ref,Note,Qty\nR1,see ..: below,1\nR2,x,1\n';
    expect(parseDelimited(text).cells[1]).toEqual(['R1', 'see ..: below', '1']);
  });

  test('German headers typed without umlauts read as with them', () => {
    expect(headerTokens('Gehaeuse')).toEqual(headerTokens('Gehäuse'));
    expect(headerTokens('Stueck')).toEqual(['qty']);
  });
});

describe('a fifth round: Altium 365, OrCAD for a Chinese assembler, hand-kept sheets', () => {
  const lines = (rows: string[][]) =>
    readBom(rows).lines.map((l) => [l.row + 1, l.partNumber, l.manufacturer ?? '', l.quantityPerBoard]);
  const skipped = (rows: string[][]) => readBom(rows).skipped.map((s) => [s.row + 1, s.reason]);

  test("a mark joined after the value ('10K_NC', 'SPU0410HR5H_NC', '100nF DNP') leaves the line unplaced", () => {
    const rows = [
      ['No.', 'Qt', 'Ref', 'Value', 'Package'],
      ['1', '2', 'R1,R2', '10K_NC', 'R0402'],
      ['2', '1', 'U5', 'SPU0410HR5H_NC', 'lga5'],
      ['3', '1', 'C3', '100nF DNP', 'C0402'],
      ['4', '1', 'U1', 'TPS73601DBVR', 'SOT23-5'],
      ['5', '1', 'SW1', 'SW_SPST_NC', 'Button'],
    ];
    expect(lines(rows).map((l) => l[1])).toEqual(['TPS73601DBVR']);
    expect(skipped(rows)).toEqual([
      [2, 'dnp'],
      [3, 'dnp'],
      [4, 'dnp'],
      [6, 'incomplete'],
    ]);
  });

  test('test points named so and nothing more are pads; one with a shop code is bought', () => {
    const rows = [
      ['Qt', 'Ref', 'Value', 'Package', 'Digi-Key'],
      ['3', 'TP1,TP2,TP3', 'TEST POINT', 'testpoint_39mil', ''],
      ['2', 'TP4,TP5', 'TEST POINT', 'testpoint_40mil', '5001K-ND'],
    ];
    expect(skipped(rows)).toEqual([[2, 'not-purchase']]);
    expect(readBom(rows).lines.map((l) => [l.row + 1, l.quantityPerBoard])).toEqual([[3, 2]]);
  });

  test('a note written in the package column with a count is no line', () => {
    const rows = [
      ['No.', 'Qt', 'Ref', 'Value', 'Package'],
      ['78', '1', 'R3092', 'RC0402FR-073KL', 'R0402'],
      ['79', '1', '', '', 'short pins 1 and 2 of U602'],
    ];
    expect(lines(rows)).toEqual([[2, 'RC0402FR-073KL', '', 1]]);
    expect(skipped(rows)).toEqual([[3, 'no-part-number']]);
  });

  test('a maker set off from its number by a comma or a dash', () => {
    const rows = [
      ['Part / Value', 'Qty', 'Package', 'Manufacturer / Part No.', 'Circuit Reference'],
      ['100u, 25V', '1', '6.3 x 7.7mm', 'EPCOS, B41142A5107M', 'C6'],
      ['TS4148', '2', '0805', 'Taiwan Semi - TS4148 RY', 'D4, D5'],
      ['KSZ8051', '1', 'QFN-32', 'Micrel - KSZ8051RNL TR', 'U4'],
    ];
    expect(lines(rows)).toEqual([
      [2, 'B41142A5107M', 'EPCOS', 1],
      [3, 'TS4148 RY', 'Taiwan Semi', 2],
      [4, 'KSZ8051RNL TR', 'Micrel', 1],
    ]);
  });

  test('a generic connector by pitch and pin count is no part number; a direction mark is no character', () => {
    const rows = [
      ['Reference', 'Quantity', 'Value', 'Manufacturer'],
      ['J1', '1', 'SH1.0-4', ''],
      ['J2', '1', 'FFC-24P', ''],
      ['U16', '1', 'AP22811AW5-7\u200E', 'Diodes Inc.'],
    ];
    expect(lines(rows)).toEqual([[4, 'AP22811AW5-7', 'Diodes Inc.', 1]]);
    expect(skipped(rows)).toEqual([
      [2, 'incomplete'],
      [3, 'incomplete'],
    ]);
  });
});
