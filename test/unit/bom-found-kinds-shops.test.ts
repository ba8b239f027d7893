/**
 * Kinds of export a later round of finds showed, each as a made-up table of its shape: a shop's order number beside a
 * column naming the shop, a "Reference" column of makers' numbers, Spanish "Referencias" and "Uds.", EAGLE's part list
 * with names one space apart and its "NP" attribute, and a Markdown page whose table is HTML.
 */
import { readRows } from '../helpers/bom-rows';
import { cutFixedWidth, fixedWidthStarts } from '../../cli/fixed-width';
import { formatOf } from '../../cli/bomfile';
import { readBom } from '../../src/bom';

const read = readRows;

describe('shops, makers and references', () => {
  test("an order number beside a column naming each row's shop is that shop's number", () => {
    const r = read([
      ['Part', 'Value', 'Distributor', 'Ordernumber'],
      ['IC2', 'Buck converter SOT-23-6', 'Mouser', '595-LV3842XDBVR'],
      ['F1', 'Fuse 0.5 A slow', 'Reichelt', 'OMT3404 0,5A125'],
      ['R1', 'SMD resistor 0805 22k', 'Reichelt', 'SMD-0805 22,0K'],
      ['D1', 'Schottky diode 40 V', 'Reichelt', 'SS 14 VIS'],
    ]);
    expect(r.lines).toEqual([
      [2, '595-LV3842XDBVR', 1],
      [3, 'OMT3404 0,5A125', 1],
      [4, 'SMD-0805 22,0K', 1],
      [5, 'SS 14 VIS', 1],
    ]);
  });

  test('a "Reference" column of makers\' numbers is the part number, each maker split off; of designators it stays them', () => {
    const r = read([
      ['Count', 'Reference', 'Description'],
      [2, 'Multicomp Pro 2213S-10G', '2x5 pin header'],
      [14, 'Multicomp Pro MP006750', '15k resistor'],
      [2, 'Texas Instruments ULN2003AN', 'Transistor array'],
    ]);
    expect(r.read.lines.map((l) => [l.partNumber, l.manufacturer, l.quantityPerBoard])).toEqual([
      ['2213S-10G', 'Multicomp Pro', 2],
      ['MP006750', 'Multicomp Pro', 14],
      ['ULN2003AN', 'Texas Instruments', 2],
    ]);
    const designators = readBom([
      ['Reference', 'Qty', 'MPN'],
      ['R1, R2', 2, 'RC0603FR-0710KL'],
      ['C1', 1, 'GRM188R71H104KA93D'],
    ]);
    expect(designators.lines.map((l) => [l.designators, l.partNumber])).toEqual([
      [['R1', 'R2'], 'RC0603FR-0710KL'],
      [['C1'], 'GRM188R71H104KA93D'],
    ]);
  });

  test('Spanish "Referencias" (a slip of it too) are the designators and "Total Uds" the count', () => {
    const r = readBom([
      ['Refencias', 'Valor', 'Total Uds'],
      ['R1, R2, R3', '[Resistencia 120 Ohm](http://www.tme.eu/es/details/crcw0805120rfktabc/resistencias/vishay/)', 3],
      ['C1', 'Condensador 100 nF', 1],
    ]);
    expect(r.mapping).toMatchObject({ designators: 0, quantity: 2 });
    expect(r.lines.length + r.skipped.length).toBe(2);
    expect([...r.lines, ...r.skipped].map((l) => l.quantityPerBoard)).toEqual([3, 1]);
  });

  test('EAGLE\'s "NP" attribute marks a part not placed', () => {
    const r = read([
      ['Part', 'Value', 'MPN', 'NP'],
      ['D1', 'BAT54', 'BAT54,215', ''],
      ['D3', 'BAT54', 'BAT54,215', 'NP'],
    ]);
    expect(r.lines).toEqual([[2, 'BAT54,215', 1]]);
    expect(r.skipped.map(([row, reason]) => [row, reason])).toEqual([[3, 'dnp']]);
  });
});

describe('text and pages', () => {
  test("EAGLE's part list: names one space apart are two columns where the rows keep the space; a name of two words is one", () => {
    const text = [
      'Partlist exported from board.sch',
      '',
      'Part Value     Device      MF MPN           NP',
      'C1   100n      C-EUC1206                      ',
      'L1   600R      BLM15HG     MU BLM15HG601SN1   ',
      'D3   BAT54     BAT54          BAT54,215     NP',
    ].join('\n');
    const table = fixedWidthStarts(text);
    expect(table?.starts).toEqual([0, 5, 15, 27, 30, 44]);
    const rows = cutFixedWidth(text, table!);
    expect(rows[2]).toEqual(['Part', 'Value', 'Device', 'MF', 'MPN', 'NP']);
    expect(rows[4]).toEqual(['L1', '600R', 'BLM15HG', 'MU', 'BLM15HG601SN1', '']);
    // "Part Number" over values that run across the space is one column.
    const named = ['Part Number        Qty', 'GRM188R71H104KA93D 4', 'RC0603FR-0710KL    2'].join('\n');
    expect(fixedWidthStarts(named)?.starts ?? null).not.toContain(5);
  });

  test('a Markdown page whose parts table is HTML is read as a page of tables; one with a pipe table stays text', () => {
    const html =
      '# Parts\n\n<table>\n  <tr><th>No.</th><th>品名</th><th>個数</th></tr>\n  <tr><td>1</td><td>Raspberry Pi Pico</td><td>1</td></tr>\n</table>\n';
    expect(formatOf('README.md', Buffer.from(html))).toBe('html');
    const pipe = `${html}\n| MPN | Qty |\n|---|---|\n| LM358 | 2 |\n`;
    expect(formatOf('README.md', Buffer.from(pipe))).toBe('csv');
    expect(formatOf('notes.txt', Buffer.from(html))).toBe('csv');
  });
});
