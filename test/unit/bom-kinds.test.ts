/**
 * The kinds of real exports the reader decides on, each in its smallest form (the labelled corpus holds the real
 * files): DNP marks in notes columns and partly fitted lines, distributor-only lines, lines with no number at all,
 * CSV inside CSV, quantities against designators, part-number cells carrying more than a part number.
 */
import { dnpNamedPositions, isDnpMarker, readBom } from '../../src/bom';

const rowsOf = (r: ReturnType<typeof readBom>) => r.lines.map((l) => [l.row + 1, l.partNumber, l.quantityPerBoard]);
const skipsOf = (r: ReturnType<typeof readBom>) => r.skipped.map((s) => [s.row + 1, s.reason, s.detail]);

describe('DNP marks', () => {
  test.each(['NI', 'NF', 'NP', 'DNI', 'Do not insert', 'Leave empty', 'Not installed', 'not mounted'])(
    '%j alone in a cell is a DNP mark',
    (mark) => {
      expect(isDnpMarker(mark)).toBe(true);
    },
  );

  test('a "Do Not Insert" column marked X, and "DNP" in the value column, mark their lines', () => {
    const r = readBom([
      ['Qty', 'Value', 'Parts', 'Do Not Insert', 'Manufacturer Part Number'],
      [2, '10k', 'R1, R2', '', 'RC0402FR-0710KL'],
      [2, 'DNP', 'R3, R4', 'X', 'RC1005F103CS'],
      [1, 'DNP', 'R5', '', 'RC1005F104CS'],
    ]);
    expect(r.mapping.dnp).toBe(3);
    expect(rowsOf(r)).toEqual([[2, 'RC0402FR-0710KL', 2]]);
    expect(skipsOf(r)).toEqual([
      [3, 'dnp', 'not placed (DNP column: "X")'],
      [4, 'dnp', 'not placed ("Value": "DNP")'],
    ]);
  });

  test('NF(…) naming some positions buys the fitted ones; naming all of them, none', () => {
    expect(dnpNamedPositions('NF(C341 C324)')).toBe('C341 C324');
    const r = readBom([
      ['Comment', 'Quantity', 'Designator', 'Manufacturer Part Number 1', 'Assembly Info'],
      ['1uF', 4, 'C1, C2, C3, C4', 'GRM155R61A105KE15J', 'NF(C3 C4)'],
      ['SC18IS602B', 1, 'IC19', 'SC18IS602BIPW,112', 'NF(IC19)'],
      ['100nF', 2, 'C5, C6', 'GRM155R71C104KA88D', ''],
    ]);
    expect(rowsOf(r)).toEqual([
      [2, 'GRM155R61A105KE15J', 2],
      [4, 'GRM155R71C104KA88D', 2],
    ]);
    expect(r.lines[0].designators).toEqual(['C1', 'C2']);
    expect(skipsOf(r)).toEqual([[3, 'dnp', 'not placed (every position is marked not fitted: "NF(IC19)")']]);
    expect(r.warnings.find((w) => w.code === 'partly-fitted')?.message).toBe(
      'Row 2: 2 of 4 positions are marked not fitted ("NF(C3 C4)"): 2 per board bought',
    );
  });

  test('a column named for a build variant ("LowCost") marks nothing for the build', () => {
    const r = readBom([
      ['References', 'Qty', 'MPN', 'LowCost'],
      ['U9', 1, 'ESP32-WROVER-E', 'Leave empty'],
      ['U1', 1, 'LM358DR', ''],
    ]);
    expect(rowsOf(r)).toEqual([
      [2, 'ESP32-WROVER-E', 1],
      [3, 'LM358DR', 1],
    ]);
  });
});

describe('lines without a manufacturer part number', () => {
  test('a BOM with only a distributor column is read by its numbers; a line with none is listed with what it has', () => {
    const r = readBom([
      ['Qty', 'Value', 'Device', 'Parts', 'Description', 'DIGIKEY'],
      [1, '0.1uF', 'CAPACITOR0402', 'C8', '0402 Capacitor', '490-5920-1-ND'],
      [1, '', 'JUMPER-2PTH', 'J3', 'Jumper', ''],
    ]);
    expect(r.mapping.partNumber).toBeUndefined();
    expect(r.lines.map((l) => [l.partNumber, l.partNumberFrom, l.quantityPerBoard])).toEqual([
      ['490-5920-1-ND', 'supplier', 1],
    ]);
    expect(r.skipped.map((s) => [s.reason, s.quantityPerBoard])).toEqual([['incomplete', 1]]);
    expect(r.warnings.map((w) => w.message)).toContain(
      'No manufacturer part-number column: each line is looked up by its distributor number ("DIGIKEY").',
    );
  });

  test('a mostly empty MPN column leaves the part to the value: a maker and number, or an orderable number', () => {
    const r = readBom([
      ['Ref Name', 'Qty', 'Value', 'MPN'],
      ['CONN1', 1, 'Molex 104031-0811', ''],
      ['IC1', 1, 'AT32UC3A3256S-CTUR', ''],
      ['C1', 1, '4u7', ''],
      ['IC2', 1, '', 'SN74LVC1G08DCKR'],
    ]);
    expect(r.lines.map((l) => [l.partNumber, l.manufacturer, l.partNumberFrom])).toEqual([
      ['104031-0811', 'Molex', 'value'],
      ['AT32UC3A3256S-CTUR', '', 'value'],
      ['SN74LVC1G08DCKR', '', undefined],
    ]);
    expect(skipsOf(r)).toEqual([
      [4, 'incomplete', 'a line to buy (1 per board; "4u7") with no manufacturer part number to price it by: add one'],
    ]);
  });
});

describe('the table', () => {
  test('CSV inside CSV: every line one quoted cell after a report banner is split into its fields', () => {
    const r = readBom([
      ['Report Written:,"Friday, November 20, 2015"'],
      ['Bill of Materials generated with a PCB tool'],
      ['Ref Name,"Qty","Value","MPN"'],
      ['IC1,"1","","SN74LVC1G08DCKR"'],
      ['IC2,"1","","TLV1117-33CDCY"'],
    ]);
    expect(r.headerRow).toBe(2);
    expect(rowsOf(r)).toEqual([
      [4, 'SN74LVC1G08DCKR', 1],
      [5, 'TLV1117-33CDCY', 1],
    ]);
    expect(r.warnings.map((w) => w.code)).toContain('nested-csv');
  });
});

describe('quantities against designators', () => {
  test('more designators listed than the quantity says: the designators are bought, with a warning', () => {
    const r = readBom([
      ['Qty', 'Parts', 'MPN'],
      [7, 'R16, R17, R18, R19, R20, R21, R22, R28', 'RC1005F104CS'],
      [2, 'R1, R2', 'RC1005F103CS'],
      [1, 'R3', 'RC1005F102CS'],
    ]);
    expect(rowsOf(r)[0]).toEqual([2, 'RC1005F104CS', 8]);
    expect(r.warnings.map((w) => w.message)).toContain(
      'Row 2: quantity 7 but 8 designators listed (R16, R17, R18, R19, R20, R21, R22, R28): 8 bought, one per position',
    );
  });

  test('a quantity column that ignores the designators (9 on every line) gives way to the designator count', () => {
    const r = readBom([
      ['Quantity', 'Designator', 'Manufacturer Part'],
      [9, 'C13,C14,C118', 'CC0603KRX5R8BB105'],
      [9, 'L1', 'VHF201209H47NJT'],
      [9, 'R1,R2', 'RC0603FR-0730RL'],
    ]);
    expect(rowsOf(r).map((l) => l[2])).toEqual([3, 1, 2]);
  });

  test('every quantity the same multiple of its designators: the quantities are for that many boards', () => {
    const r = readBom([
      ['Refs', 'Manf#', 'Qty'],
      ['C1,C30,C31', 'JMK107BJ225KA-T', 300],
      ['C5,C7', 'C1005C0G1H040B050BA', 200],
      ['U1', 'LM358DR', 100],
    ]);
    expect(rowsOf(r).map((l) => l[2])).toEqual([3, 2, 1]);
    expect(r.warnings.map((w) => w.message)).toContain(
      'Every quantity is 100 times its designator count: the quantities are for 100 boards, and each was divided by 100 to give the quantity per board.',
    );
  });
});

describe('part-number cells', () => {
  test('a bracketed note is left out, a list keeps its first, a designator note names no designator', () => {
    const r = readBom([
      ['MPN', 'Designator', 'Qty'],
      ['DA9121-A2V72(T-HEAD提供）', 'U5', 1],
      ['U.FL-R-SMT-1(10)', 'J1', 1],
      ['SBH11-PBPC-D10-ST-BK, SBH11-PBPC-D05-ST-BK', 'J4', 1],
      ['RC0402JR-07100KL', 'R3,R44,J92（ PIN1与PIN2之间）', 3],
    ]);
    expect(rowsOf(r)).toEqual([
      [2, 'DA9121-A2V72', 1],
      [3, 'U.FL-R-SMT-1(10)', 1],
      [4, 'SBH11-PBPC-D10-ST-BK', 1],
      [5, 'RC0402JR-07100KL', 3],
    ]);
    expect(r.warnings.filter((w) => w.code === 'part-number').map((w) => w.message)).toEqual([
      'Row 2: part number "DA9121-A2V72(T-HEAD提供)": the note "(T-HEAD提供)" was left out',
      'Row 4: part number "SBH11-PBPC-D10-ST-BK, SBH11-PBPC-D05-ST-BK": the cell lists 2 part numbers; the first is priced (SBH11-PBPC-D05-ST-BK not)',
    ]);
  });
});
