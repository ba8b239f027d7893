/**
 * Marks a BOM writes in its value column where it has no part-number column (Olimex's Eagle exports): "NA(value)"
 * for a part not assembled, solder jumpers' states and test pads as rows, specifications in slash-separated fields,
 * and a package in brackets after the part number. The real file is in the real BOM corpus (test/helpers/bom-corpus.ts).
 */
import { isValueSpec, partNumberSaysDnp, readBom, withoutPackage } from '../../src/bom';

describe('value-column marks', () => {
  it('"NA(value)" is not assembled; a bare "NA" is not taken for a DNP mark', () => {
    expect(partNumberSaysDnp('NA(22uF/6.3V)')).toBe(true);
    expect(partNumberSaysDnp('NA(RA1206_(4X0603)_4B8_51R)')).toBe(true);
    expect(partNumberSaysDnp('NA')).toBe(false);
    expect(partNumberSaysDnp('NAND512W3A2CN6')).toBe(false);
  });

  it('a slash-separated specification is no part number; a packing suffix after a slash is part of one', () => {
    for (const spec of [
      '1nF/2kV/X7R/1206',
      'LED/RED/0603',
      'FB0805/600R/2A',
      '1N5822/SS34/SMA',
      '47uF/6.3V/20%/X5R/C0805',
    ])
      expect([spec, isValueSpec(spec)]).toEqual([spec, true]);
    for (const part of ['WPM2015-3/TR', 'BL4054B-42TPRN', 'ATMEGA48/88'])
      expect([part, isValueSpec(part)]).toEqual([part, false]);
  });

  it('a package in brackets after a part number is left out; other brackets stay', () => {
    expect(withoutPackage('BC817-40(SMD)')).toBe('BC817-40');
    expect(withoutPackage('MT3608(SOT23-6)')).toBe('MT3608');
    expect(withoutPackage('DTSM24R(12x12x10)')).toBe('DTSM24R');
    expect(withoutPackage('U.FL-R-SMT-1(10)')).toBe('U.FL-R-SMT-1(10)');
    expect(withoutPackage('RTL8723BS(ComboModule)')).toBe('RTL8723BS(ComboModule)');
  });

  it('reads an Eagle value list: NA(...) rows not placed, jumpers, fiducials and test pads no lines, specs no part numbers', () => {
    const r = readBom([
      ['Qty', 'Value', 'Device', 'Parts'],
      ['2', 'BC817-40(SMD)', 'NPN-TRANSISTOR_SOT23', 'T1, T2'],
      ['1', 'BL4054B-42TPRN', 'BL4054B-42TPRN', 'U4'],
      ['2', '1nF/2kV/X7R/1206', 'C-EUC1206', 'C14, C15'],
      ['1', 'NA(1M)', 'R-EU_R0603', 'R7'],
      ['1', 'EJTAG_TDI:closed/SPI_MISO:opened', 'SJ2W3', 'EJTAG_TDI/SPI_MISO'],
      ['1', 'Opened', 'SJ_SMALLER', '5V_E'],
      ['3', 'FIDUCIAL', 'FIDUCIAL', 'U1, U2, U3'],
      ['2', 'TESTPAD3', 'TESTPAD3', 'GND_PIN, RST'],
      ['1', 'WPM2015-3/TR', 'P-MOS', 'FET1'],
    ]);
    expect(r.lines.map((l) => [l.row, l.partNumber, l.quantityPerBoard])).toEqual([
      [1, 'BC817-40', 2],
      [2, 'BL4054B-42TPRN', 1],
      [9, 'WPM2015-3/TR', 1],
    ]);
    expect(r.skipped.map((s) => [s.row, s.reason])).toEqual([
      [3, 'incomplete'],
      [4, 'dnp'],
      // Solder jumpers, fiducials and test pads: copper on the board, no purchases.
      [5, 'not-purchase'],
      [6, 'not-purchase'],
      [7, 'not-purchase'],
      [8, 'not-purchase'],
    ]);
  });
});
