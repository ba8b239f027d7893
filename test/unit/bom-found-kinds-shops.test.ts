/**
 * Kinds of export a later round of finds showed, each as a made-up table of its shape: a shop's order number beside a
 * column naming the shop, a "Reference" column of makers' numbers, Spanish "Referencias" and "Uds.", EAGLE's part list
 * with names one space apart and its "NP" attribute, and a Markdown page whose table is HTML.
 */
import { readRows } from '../helpers/bom-rows';
import { cutFixedWidth, fixedWidthStarts } from '../../cli/fixed-width';
import { formatOf, parseDelimited } from '../../cli/bomfile';
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

  test('a "Part Number" column of LCSC codes holds that shop\'s numbers, never read as makers\' part numbers', () => {
    const read = readBom([
      ['Name', 'Quantity', 'Part Number', 'Link'],
      ['STM32F042K6U6', '1', 'C110616', 'https://lcsc.com/product-detail/x_C110616.html'],
      ['0603 2.5A fuse', '1', 'C311073', 'https://lcsc.com/product-detail/y_C311073.html'],
      ['Cherry MX Switches', '3', '', ''],
      ['LD1117-3.3', '1', 'C347229', 'https://lcsc.com/product-detail/z_C347229.html'],
    ]);
    expect(read.supplierColumns).toEqual([2]);
    expect(read.mapping.partNumber).not.toBe(2);
    // The part number where the row names one (a full number under Name), with the shop's code beside it; a row
    // that names none is a line to buy with its LCSC code, never looked up by that code as a maker's number.
    expect(read.lines.map((l) => [l.row + 1, l.partNumber, l.supplierPartNumbers])).toEqual([
      [2, 'STM32F042K6U6', ['C110616']],
      [5, 'LD1117-3.3', ['C347229']],
    ]);
    const fuse = read.skipped.find((s) => s.row === 2);
    expect(fuse?.reason).toBe('incomplete');
    expect(fuse?.detail).toContain('LCSC C311073');
    // A part-number column of makers' numbers with one LCSC-like code among them stays the part number; that code, on
    // a row naming no maker, is LCSC's: listed with it, never looked up.
    const one = readBom([
      ['Designator', 'Qty', 'Part Number'],
      ['U1', '1', 'LM358DR'],
      ['U2', '1', 'TPS54331DR'],
      ['C1', '2', 'C1234'],
    ]);
    expect(one.mapping.partNumber).toBe(2);
    expect(one.lines.map((l) => [l.row + 1, l.partNumber])).toEqual([
      [2, 'LM358DR'],
      [3, 'TPS54331DR'],
    ]);
    expect(one.skipped.find((s) => s.row === 3)).toMatchObject({ reason: 'incomplete', quantityPerBoard: 2 });
    // So does one where LCSC codes are most but makers' numbers stand among them: those are never a shop's codes.
    const mixed = readBom([
      ['Designator', 'Qty', 'Part Number'],
      ['U1', '1', 'LM358DR'],
      ['U2', '1', 'TPS54331DR'],
      ['C1', '1', 'C1525'],
      ['C2', '1', 'C25804'],
      ['R1', '1', 'C23186'],
    ]);
    expect(mixed.mapping.partNumber).toBe(2);
    expect(mixed.lines.slice(0, 2).map((l) => [l.partNumber, l.partNumberFrom])).toEqual([
      ['LM358DR', undefined],
      ['TPS54331DR', undefined],
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

  test('a Spanish list\'s misspelt "Refencias" of positions is the designators and "Total Uds" the count', () => {
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

describe('what those rules leave alone', () => {
  test('a "Reference" of positions, long names or shop codes stays what it was; "Referencia" of numbers is the numbers', () => {
    const positions = readBom([
      ['Reference', 'Value', 'Qty'],
      ['MOD1', 'HC-05', 1],
      ['DISP1', 'SSD1306', 1],
      ['ENC1', 'EC11', 1],
      ['R10001', '10k', 1],
    ]);
    expect(positions.mapping.designators).toBe(0);
    expect(positions.lines.map((l) => l.partNumber)).not.toContain('MOD1');
    const shops = readBom([
      ['Ref', 'Comment', 'Qty'],
      ['C25804', 'LM358', 1],
      ['296-1014-1-ND', 'ATmega328P', 1],
    ]);
    expect(shops.mapping.partNumber).not.toBe(0);
    const spanish = readBom([
      ['Referencia', 'Cantidad', 'Descripción'],
      ['RC0603FR-0710KL', 4, 'Resistencia 10k'],
      ['LM358DR', 1, 'Amplificador'],
      ['GRM188R71H104KA93D', 6, 'Condensador'],
    ]);
    expect(spanish.lines.map((l) => l.partNumber)).toEqual(['RC0603FR-0710KL', 'LM358DR', 'GRM188R71H104KA93D']);
  });

  test('a column headed "NP" of prices or pin counts marks nothing; a part number with a word after it is kept whole', () => {
    for (const rows of [
      [
        ['LP', 'NP', 'MPN'],
        [0.01, 0.45, 'LM358DR'],
        [0.02, 0.5, 'NE555DR'],
      ],
      [
        ['Pins', 'NP', 'MPN'],
        [8, 2, 'LM358DR'],
        [8, 4, 'NE555DR'],
      ],
    ])
      expect(readBom(rows).lines.map((l) => l.partNumber)).toEqual(['LM358DR', 'NE555DR']);
    // A part-number column a few of whose cells name a known maker: only those are split.
    const sparse = readBom([
      ['Part Number', 'Qty'],
      ['Murata GRM188R71H104KA93D', 1],
      ['Yageo RC0603FR-0710KL', 2],
      ['W25Q128JVSIQ 16MB', 1],
      ['ESP32-S3-WROOM-1 N16R8', 1],
      ['', 1],
      ['', 1],
    ]);
    expect(sparse.lines.map((l) => l.partNumber)).toEqual([
      'GRM188R71H104KA93D',
      'RC0603FR-0710KL',
      'W25Q128JVSIQ 16MB',
      'ESP32-S3-WROOM-1 N16R8',
    ]);
  });

  test("a supplier's column beside a bare 'Order' or one purchase order's number takes no number from it", () => {
    for (const header of ['Order', 'Order number'])
      expect(
        readBom([
          ['MPN', 'Qty', 'Supplier', header],
          ['LM358DR', 1, 'Mouser', 'PO-24017'],
          ['', 2, 'Mouser', 'PO-24017'],
          ['NE555DR', 1, 'Mouser', 'PO-24017'],
        ]).lines.map((l) => l.partNumber),
      ).not.toContain('PO-24017');
  });

  test('a shop\'s "SKU" beside a "Vendor" column of shops is that shop\'s number', () => {
    const r = read([
      ['Refs', 'Qty', 'Component', 'Manufacturer', 'Part', 'Vendor', 'SKU'],
      ['C1, C2', 2, '100nF', '', '', 'Tayda', 'A-553'],
      ['C5', 1, '10uF', '', '', 'Tayda', 'A-4349'],
      ['SW1', 1, 'SW_Push', 'E-Switch', 'TL1100F160Q', 'Digi-Key', 'EG1821-ND'],
      ['D1', 1, '1N5817', '', '', 'Tayda', 'A-159'],
    ]);
    // The maker's number where the row has one; the shop's article number where it has none.
    expect(r.lines).toEqual([
      [2, 'A-553', 2],
      [3, 'A-4349', 1],
      [4, 'TL1100F160Q', 1],
      [5, 'A-159', 1],
    ]);
  });

  test('a Japanese list\'s "部品番号" of positions is the designators', () => {
    const r = readBom([
      ['部品番号', '部品名', '数量'],
      ['U1, U2', 'ピンソケット 20P', 4],
      ['JP1～JP4', 'ピンヘッダ', 1],
      ['SW1', 'タクトスイッチ', 1],
    ]);
    expect(r.mapping.designators).toBe(0);
  });

  test('a header "Constructor" is a header like any other', () => {
    expect(() =>
      readBom([
        ['Constructor', 'MPN', 'Qty'],
        ['x', 'LM358DR', 1],
      ]),
    ).not.toThrow();
  });

  test('fixed-width: two-word names over short or right-aligned values are one column each', () => {
    const refDes = ['Ref Des  Value  Qty', 'U12 U13  LM358  2', 'R10 R11  10k    2', 'C1       100n   1'].join('\n');
    expect(fixedWidthStarts(refDes)?.starts).toEqual([0, 9, 16]);
    const total = ['Item   Total Qty  MPN', 'A      2          LM358DR', 'B     10          NE555DR'].join('\n');
    expect(fixedWidthStarts(total)?.starts ?? []).not.toContain(13);
  });

  test('a Markdown page with a gallery table and no parts table is text; an inch mark in a Markdown table is text', () => {
    const gallery =
      '# Board\n<table><tr><td><img src="front.png"></td><td><img src="back.png"></td></tr>' +
      '<tr><td>Front</td><td>Back</td></tr></table>\n\n```\nMPN;Qty\nLM358DR;2\n```\n';
    expect(formatOf('README.md', Buffer.from(gallery))).toBe('csv');
    const inch = [
      '| Refs | Qty | Description | Part |',
      '| --- | --- | --- | --- |',
      '| J1 | 6 | 1/4" audio jack | PJ-301 |',
      '| OLED1 | 1 | 1.3" OLED | MC130GX |',
      '| R1 | 8 | Resistor | RC0603FR-0710KL |',
    ].join('\n');
    expect(parseDelimited(inch).cells.map((row) => row[1]?.toString().trim())).toEqual([
      'Refs',
      '---',
      'J1',
      'OLED1',
      'R1',
    ]);
  });
});
