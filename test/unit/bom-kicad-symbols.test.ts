/**
 * KiCad exports that name each line's schematic symbol in a column of its own (KiBoM's "Part" beside "Value"),
 * BOMs bought by distributor numbers only (LCSC's short "C" numbers among them), and mounting holes written as
 * Altium libraries name them. The real files behind these shapes are in the real BOM corpus (test/helpers/bom-corpus.ts).
 */
import { readBom, symbolNameColumn } from '../../src/bom';

const KIBOM_HEADER = [
  'Row',
  'Description',
  'Part',
  'References',
  'Value',
  'Footprint',
  'Quantity Per PCB',
  'Digikey',
  'LCSC',
  'Mouser',
];

describe('a KiCad "Part" column beside "Value"', () => {
  it('is the symbol name; an OrCAD "Part" without a Value column is not', () => {
    expect(symbolNameColumn(KIBOM_HEADER)).toBe(2);
    expect(symbolNameColumn(['Item', 'Quantity', 'Reference', 'Part', 'PCB Footprint'])).toBeUndefined();
    expect(symbolNameColumn(['Reference', 'Value', 'Footprint', 'Qty'])).toBeUndefined();
  });

  it('is never the part number: with distributor columns and no MPN, each line is bought by its distributor number', () => {
    const r = readBom([
      KIBOM_HEADER,
      [
        1,
        'Unpolarized capacitor',
        'C',
        'C30 C31 C33',
        '10n',
        'C_0805',
        3,
        '1276-1015-1-ND',
        'C83170',
        '187-CL21B103KBANNNC',
      ],
      [
        2,
        'N-Channel MOSFET',
        'AO3400A',
        'Q2 Q3',
        'AO3400A',
        'SOT-23',
        2,
        'IRLML6344TRPBFCT-ND',
        'C427382',
        '942-IRLML6344TRPBF',
      ],
      [3, 'Screw terminal', 'Screw_Terminal_01x02', 'J17', 'Power', 'TerminalBlock', 1, '', 'C8269', ''],
      [4, 'Pressure sensor', '2SMPP-03', 'U4 U6', '2SMPP-03', '2SMPP-03', 2, '', '', '653-2SMPP-03'],
      [5, 'Resistor', 'R_Small', 'R29 R37', '36k', 'R_0805', 2, '', '', ''],
      [6, 'Hub controller', 'FE1.1', 'U10', 'FE1.1', 'LQFP-48', 1, '', '', ''],
    ]);
    expect(r.mapping.partNumber).toBeUndefined();
    expect(r.lines.map((l) => [l.row, l.partNumber, l.quantityPerBoard, l.partNumberFrom])).toEqual([
      [1, '1276-1015-1-ND', 3, 'supplier'],
      [2, 'IRLML6344TRPBFCT-ND', 2, 'supplier'],
      [4, '653-2SMPP-03', 2, 'supplier'],
    ]);
    // Lines without any number are listed as lines to buy that cannot be priced, never priced by their Value; an
    // LCSC number names a part in that catalogue alone: the line is listed with it, never looked up as a part here.
    expect(r.skipped.map((s) => [s.row, s.reason, s.quantityPerBoard])).toEqual([
      [3, 'incomplete', 1],
      [5, 'incomplete', 2],
      [6, 'incomplete', 1],
    ]);
    expect(r.skipped[0].detail).toContain('LCSC C8269');
  });

  it('leaves an MPN column where it is (KiBoM with MPN), and a "Part" of designators to the designators (Eagle)', () => {
    const kibom = readBom([
      ['Component', 'Description', 'Part', 'References', 'Value', 'Footprint', 'Quantity Per PCB', 'MPN', 'Digikey'],
      [1, 'Switch', 'SW_Push', 'B0 B1', 'PTS645', 'SW_SPST', 2, 'PTS645SL50SMTR92 LFS', 'CKN9088CT-ND'],
    ]);
    expect(kibom.mapping.partNumber).toBe(7);
    expect(kibom.lines.map((l) => l.partNumber)).toEqual(['PTS645SL50SMTR92 LFS']);
    const eagle = readBom([
      ['Part', 'Value', 'Device', 'Package', 'MF', 'MPN'],
      ['R1', '10k', 'R-US_R0603', 'R0603', 'Yageo', 'RC0603FR-0710KL'],
      ['U1', 'ATTINY85', 'ATTINY85-20SU', 'SOIC8', 'Microchip', 'ATTINY85-20SU'],
    ]);
    expect(eagle.mapping).toMatchObject({ designators: 0, partNumber: 5 });
  });
});

describe('a mounting hole as an Altium library names it', () => {
  it('is a board feature, no line', () => {
    const r = readBom([
      ['Line #', 'Name', 'Description', 'Designator', 'Quantity', 'Manufacturer 1', 'Manufacturer Part Number 1'],
      ['1', 'MOUNT HOLE 3MM 8VIAS TH', 'MOUNT HOLE 3MM 8VIAS TH', 'M1, M2, M3, M4', 4],
      ['2', 'CAP CER 0.1UF', 'CAP CER 0.1UF 10% 50V X5R 0402', 'C1', 1, 'Murata', 'GRM155R61H104KE19D'],
    ]);
    expect(r.lines.map((l) => l.partNumber)).toEqual(['GRM155R61H104KE19D']);
    expect(r.skipped.map((s) => [s.row, s.reason, s.detail])).toEqual([
      [1, 'not-purchase', 'a PCB feature ("MOUNT HOLE"), not a part'],
    ]);
  });
});
