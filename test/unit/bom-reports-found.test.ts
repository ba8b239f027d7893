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
