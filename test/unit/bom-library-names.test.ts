/**
 * Values that name a CAD library's part or a connector series rather than an orderable part (src/bom/library-names.ts),
 * and a designator with a slash in its name. The rows here are made up, of the kinds found in real exports: a value
 * list with no part-number column (Eagle's), and a KiCad export whose part-number column is mostly empty.
 */
import { parseDesignators, readBom } from '../../src/bom';
import { libraryNameReason, notOrderableValue, seriesOfLongerName } from '../../src/bom/library-names';

describe('library names read as part numbers', () => {
  it('a pin grid, a size in millimetres or an underscore before a library field marks a library name', () => {
    for (const name of [
      'HDR2X5',
      'PINHD1X8',
      'SKT2X20-SMD',
      'JACK-3.5MM(PJ-320)',
      'DC-2.1mm',
      'KF301_3P',
      'R0805_4X0603_10K',
      'XTAL_SMD',
    ])
      expect([name, libraryNameReason(name) !== null]).toEqual([name, true]);
  });

  it('makers numbers with an X between digits, an underscore for a space, or no library field are not library names', () => {
    for (const part of [
      'C1608X7R1H104K080AA',
      'TMC2209_SILENTSTEPSTICK',
      'LM1117MPX-3.3',
      'SN74HC595PWR',
      'GRM21BR61E106KA73L',
      '0603X104K500CT',
    ])
      expect([part, libraryNameReason(part)]).toEqual([part, null]);
  });

  it('a value is a series when another cell of the row names a longer part beginning with it', () => {
    const row = ['J7', 'SM04B-GHS', 'JST_GH_SM04B-GHS-TB_1x04-1MP_P1.25mm_Horizontal', '1'];
    expect(seriesOfLongerName('SM04B-GHS', row, 1)).toBe('SM04B-GHS-TB');
    // The same name, or a longer one that is another word ("ESP32-WROOM-32EN8"), is no evidence.
    expect(seriesOfLongerName('ESP32-WROOM-32E', ['U1', 'ESP32-WROOM-32E', 'ESP32-WROOM-32E'], 1)).toBeNull();
    expect(seriesOfLongerName('ESP32-WROOM', ['U1', 'ESP32-WROOM', 'ESP32-WROOMX'], 1)).toBeNull();
    expect(seriesOfLongerName('AMS1117-3.3', ['U2', 'AMS1117-3.3', 'SOT-223-3_TabPin2'], 1)).toBeNull();
    expect(notOrderableValue('SM04B-GHS', row, 1)).toMatch(/series.*SM04B-GHS-TB/);
  });
});

describe('reading a BOM with library names in its values', () => {
  it('a value list with no part-number column lists library names as lines needing a part number', () => {
    const r = readBom([
      ['Qty', 'Value', 'Device', 'Parts'],
      ['1', 'HDR2X5', 'PINHD-2X5', 'JTAG'],
      ['1', 'DCJACK-2.1mm', 'DCJACK', 'X1'],
      ['2', 'TERM_2P_5.08', 'TERM-2', 'X2, X3'],
      ['1', 'LM1117MPX-3.3', 'LM1117', 'IC1'],
      ['1', 'TMC2209_SILENTSTEPSTICK', 'TMC2209_SILENTSTEPSTICK', 'M1'],
    ]);
    expect(r.lines.map((l) => [l.row, l.partNumber, l.quantityPerBoard])).toEqual([
      [4, 'LM1117MPX-3.3', 1],
      [5, 'TMC2209_SILENTSTEPSTICK', 1],
    ]);
    const listed = r.skipped.filter((s) => s.reason === 'incomplete');
    expect(listed.map((s) => [s.row, s.quantityPerBoard])).toEqual([
      [1, 1],
      [2, 1],
      [3, 2],
    ]);
    expect(listed[0].detail).toMatch(/HDR2X5.*pin header/);
    expect(listed[1].detail).toMatch(/millimetres/);
    expect(listed[2].detail).toMatch(/library or footprint name/);
  });

  it('a connector series in the value, left to it by an empty part-number column, is a line needing a part number', () => {
    const r = readBom([
      ['References', 'Value', 'Footprint', 'Quantity', 'Manufacturer', 'PartNumber'],
      ['C1 C2', '100nF', 'C_0402_1005Metric', '2', '', ''],
      ['J7', 'SM04B-GHS', 'JST_GH_SM04B-GHS-TB_1x04-1MP_P1.25mm_Horizontal', '1', 'JST', ''],
      ['U1', 'TPS62160', 'Texas_VSSOP-8', '1', 'TI', 'TPS62160DGKR'],
      ['U2', 'AP2112K-3.3', 'SOT-23-5', '1', '', ''],
    ]);
    expect(r.lines.map((l) => [l.row, l.partNumber])).toEqual([
      [3, 'TPS62160DGKR'],
      [4, 'AP2112K-3.3'],
    ]);
    const j7 = r.skipped.find((s) => s.row === 2);
    expect(j7?.reason).toBe('incomplete');
    expect(j7?.quantityPerBoard).toBe(1);
    expect(j7?.detail).toMatch(/series.*SM04B-GHS-TB/);
  });
});

describe('a designator with a slash in its name', () => {
  it('a word with no number before the slash is part of one name; designators on both sides are two', () => {
    expect(parseDesignators('SIM/SD2').list).toEqual(['SIM/SD2']);
    expect(parseDesignators('CARD/SIM1, J4').list).toEqual(['CARD/SIM1', 'J4']);
    expect(parseDesignators('R1/R2').list).toEqual(['R1', 'R2']);
    expect(parseDesignators('C3/4').list).toEqual(['C3', 'C4']);
    expect(parseDesignators('R5/DNP').list).toEqual(['R5']);
  });

  it('a line whose one designator has a slash buys its quantity, not two', () => {
    const r = readBom([
      ['Qty', 'Value', 'Device', 'Parts'],
      ['1', 'DM3AT-SF-PEJM5', 'MICROSD', 'SIM/SD2'],
    ]);
    expect(r.lines.map((l) => [l.partNumber, l.quantityPerBoard, l.designators])).toEqual([
      ['DM3AT-SF-PEJM5', 1, ['SIM/SD2']],
    ]);
  });
});
