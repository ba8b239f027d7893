/**
 * Rows a buyer does not order, in lists that name them: software to download (even with a name in the model
 * column), a set of 3D-printed pieces (named so, or linked to a folder of STL files), and the hole a screw goes
 * through (a footprint that is a screw's size, with no part number).
 */
import { readBom } from '../../src/bom';

const skips = (read: ReturnType<typeof readBom>) => read.skipped.map((s) => [s.row, s.reason, s.detail]);
const lines = (read: ReturnType<typeof readBom>) => read.lines.map((l) => [l.row, l.partNumber]);

test('software named in a hand-made list is downloaded, not bought, whatever its model column says', () => {
  const read = readBom([
    ['Item', 'Part No.', 'Qty', 'Maker'],
    ['Data logger', 'DS1922L', 1, 'Maxim'],
    ['Logger software', 'LogViewer', 1, 'Maxim'],
    ['ロガー用ソフトウェア', 'LogTool2', 1, 'Maxim'],
  ]);
  expect(lines(read)).toEqual([[1, 'DS1922L']]);
  expect(skips(read)).toEqual([
    [2, 'not-purchase', 'software ("Logger software"), downloaded, not bought'],
    [3, 'not-purchase', 'software ("ロガー用ソフトウェア"), downloaded, not bought'],
  ]);
});

test('a set of printed pieces, named so or linked to a folder of STL files, is made, not bought', () => {
  const read = readBom([
    ['Material', 'Cantidad', 'Enlace'],
    ['Motor paso a paso', 1, 'https://shop.example/motor'],
    ['Set piezas impresas', 1, 'https://git.example/slider/tree/main/Stls'],
    ['Printed parts', 1, ''],
    ['Case', 1, 'https://git.example/case/tree/main/stl/'],
    ['Filament for the 3D printer', 1, 'https://shop.example/pla'],
  ]);
  expect(read.skipped.filter((s) => s.reason === 'not-purchase').map((s) => s.row)).toEqual([2, 3, 4]);
  // A printer (or its filament) is bought: only what is printed is made.
  expect(read.skipped.filter((s) => s.reason === 'incomplete').map((s) => s.row)).toEqual([1, 5]);
});

test('a footprint that is a screw size, with no part number, is the hole for the screw: a PCB feature', () => {
  const read = readBom([
    ['Quantity', 'Comment', 'Designator', 'Footprint', 'Manufacturer Part'],
    ['4', 'M3螺丝', 'TP1,TP2,TP3,TP4', 'M3螺丝', ''],
    ['2', 'Screw', 'H1,H2', 'M2.5_Screw', ''],
    ['4', 'M3 standoff', 'TP5,TP6,TP7,TP8', 'Standoff_M3', 'R30-1010802'],
    ['1', '10k', 'R1', 'R_0603', 'RC0603FR-0710KL'],
  ]);
  expect(lines(read)).toEqual([
    [3, 'R30-1010802'],
    [4, 'RC0603FR-0710KL'],
  ]);
  expect(skips(read)).toEqual([
    [1, 'not-purchase', 'a PCB feature ("screw hole M3螺丝"), not a part'],
    [2, 'not-purchase', 'a PCB feature ("screw hole M2.5_Screw"), not a part'],
  ]);
});
