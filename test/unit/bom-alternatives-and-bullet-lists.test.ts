/**
 * Kinds found in round 52: a costed template whose "Alternatives" section stands under its heading after a row of
 * subtotals, with the table's header written again under the heading (its rows not bought, the section below it
 * read); a README whose prose splits alike at its commas above a Markdown table (the table is read, not the prose);
 * and a parts list written as a Markdown bullet list of counted items.
 */
import { type Cell, readBom } from '../../src/bom';
import { parseDelimited } from '../../cli/bomfile';
import { bulletListCells } from '../../cli/bullet-list';
import { sniffDelimiter } from '../../cli/delimiter';

describe('a section of alternatives', () => {
  const HEADER: Cell[] = [
    'ID',
    'Part',
    'Description',
    'Manufacturer',
    'MPN',
    'Supplier',
    'Supplier PN',
    'QTY',
    'Price',
  ];
  const AGAIN: Cell[] = [null, 'Part', 'Description', 'Manufacturer', null, 'Supplier', null, null, null];
  const TOTALS: Cell[] = [null, null, null, null, null, null, null, null, '$-'];
  const heading = (text: string): Cell[] => [null, text, null, null, null, null, null, null, null];
  const grid = (title: string): Cell[][] => [
    HEADER,
    ['A01', 'U1', 'Op amp', 'TI', 'LM358DR', 'Digi-Key', '296-1395-1-ND', 2, '$0.50'],
    ['A02', 'R1, R2', 'Resistor', 'Yageo', 'RC0603FR-0710KL', 'Digi-Key', '311-10.0KHRCT-ND', 2, '$0.10'],
    ['A03', 'J1', 'Jack', 'Kycon', 'STX-3000', 'Digi-Key', '2092-STX-3000-ND', 1, '$1.18'],
    TOTALS,
    heading(title),
    AGAIN,
    [null, null, 'Mono cable', 'Switchcraft', '33HR07233X', 'Digi-Key', 'SC1812-ND', 1, '$12.11'],
    [null, null, 'Slide switch', 'Nidec', 'CSS-1210TB', 'Digi-Key', '563-1091-1-ND', 1, '$0.91'],
    [null, null, 'Mono cable (3 ft)', null, null, 'Amazon', null, 1, '$9.95'],
    TOTALS,
    heading('Sensor assembly'),
    AGAIN,
    ['C01', 'J2', 'USB C receptacle', 'GCT', 'USB4135-GF-A', 'Digi-Key', '2073-USB4135-GF-ACT-ND', 1, '$1.12'],
    ['C02', 'U4', 'Charger', 'TI', 'BQ24045DSQR', 'Digi-Key', '296-39905-1-ND', 1, '$2.68'],
  ];

  test('its rows are not bought; the section after its end is read', () => {
    const read = readBom(grid('Alternatives'));
    expect(read.lines.map((l) => l.row + 1)).toEqual([2, 3, 4, 14, 15]);
    // A row with no part number under the heading is no line to buy either.
    const dnp = read.skipped.filter((s) => s.reason === 'dnp');
    expect(dnp.map((s) => s.row + 1)).toEqual([8, 9]);
    expect(read.skipped.filter((s) => s.reason === 'incomplete')).toEqual([]);
    expect(dnp[0].detail).toBe('listed under the heading "Alternatives": not bought');
  });

  test("a note that speaks of DNP parts is no heading over a table; a page's header repeated ends the section", () => {
    const noted = readBom([
      ['Part Number', 'Description', 'Qty'],
      ['LM358DR', 'Op amp', 2],
      ['NE555DR', 'Timer', 1],
      ['DNP parts are marked in the notes column, as usual'],
      ['MPN', 'Designator', 'Quantity', 'Manufacturer'],
      ['M3-SCREW-10', 'H1', 8, 'Accu'],
      ['STANDOFF-10', 'H2', 4, 'Keystone'],
    ]);
    expect(noted.skipped.filter((s) => s.reason === 'dnp')).toEqual([]);
    const H: Cell[] = ['Item', 'Qty', 'Ref', 'MPN', 'Value'];
    const paged = readBom([
      H,
      [1, 2, 'R1, R2', 'RC0603FR-0710KL', '10k'],
      [2, 1, 'C1', 'GRM188R71H104KA93D', '100n'],
      [null, null, null, null, null],
      ['Do not populate'],
      [3, 1, 'R9', 'RC0603FR-070RL', '0R'],
      H,
      [4, 1, 'U1', 'LM358DR', 'LM358'],
      [5, 1, 'U2', 'NE555DR', 'NE555'],
    ]);
    expect(paged.skipped.filter((s) => s.reason === 'dnp').map((s) => s.row + 1)).toEqual([6]);
    expect(paged.lines.map((l) => l.partNumber)).toContain('NE555DR');
  });

  test('a one-cell note after a row of data is no heading', () => {
    const read = readBom([
      ['Comment', 'Designator', 'Footprint', 'LCSC Part #', 'Quantity'],
      ['10k', 'R1,R2', '0603', 'C25804', 2],
      ['', '', '', 'Alternative: C25744', ''],
      ['100n', 'C1,C2,C3', '0603', 'C14663', 3],
      ['1u', 'C4', '0805', 'C28323', 1],
    ]);
    expect(read.skipped.filter((s) => s.reason === 'dnp')).toEqual([]);
  });

  test('under a heading that says nothing of buying, the rows are read', () => {
    const read = readBom(grid('Cables'));
    expect(read.lines.map((l) => l.row + 1)).toEqual([2, 3, 4, 8, 9, 14, 15]);
    expect(read.skipped.find((s) => s.row + 1 === 10)?.reason).toBe('no-part-number');
  });
});

describe('a README', () => {
  test('prose whose sentences a comma splits alike is no table beside a Markdown table of more rows', () => {
    const prose = Array.from({ length: 6 }, (_, i) => `This line ${i} says things, more things, and an end.`);
    const table = ['| Product | Qty | Price |', '|---|---|---|'].concat(
      Array.from({ length: 8 }, (_, i) => `| Part ${i} | ${i + 1} | $${i}.99 |`),
    );
    expect(sniffDelimiter([...prose, '', ...table].join('\n'))).toBe('|');
    // A CSV table of more rows than the Markdown table's stays a CSV table; so does one whose descriptions hold pipes.
    const csv = Array.from({ length: 30 }, (_, i) => `R${i},10k,RC0603FR-0710KL`);
    expect(sniffDelimiter([...csv, '', ...table].join('\n'))).toBe(',');
    const piped = Array.from({ length: 12 }, (_, i) => `${i + 1},PN-100${i},LED | red | 0603`);
    const pins = ['| Pin | Signal |', '|---|---|', '| 1 | TX |', '| 2 | RX |'];
    expect(sniffDelimiter(['Qty,MPN,Description', ...piped, '', ...pins].join('\n'))).toBe(',');
  });
});

describe('a Markdown bullet list of counted items', () => {
  const TEXT = [
    '# Adaptor - BOM',
    '',
    '* 1x ULN2803A Darlington Transistor Array (Mouser: 511-ULN2803A)',
    '* * (package includes 2x pin strips)',
    '* 2x 0805 10uF 16V Capacitor (Mouser: 187-CL21A106KOQNNNE)',
    '- 4 x M3 screws',
    '* TO-220 Heatsink',
  ].join('\n');

  test('each item is a row of its text and its count, at its line; the title and a note on an item are no items', () => {
    expect(bulletListCells(TEXT)).toEqual([
      [],
      [],
      ['ULN2803A Darlington Transistor Array (Mouser: 511-ULN2803A)', '1'],
      ['* * (package includes 2x pin strips)'],
      ['0805 10uF 16V Capacitor (Mouser: 187-CL21A106KOQNNNE)', '2'],
      ['M3 screws', '4'],
      ['TO-220 Heatsink', ''],
    ]);
    expect(bulletListCells('* one\n* two\n* 3x three')).toBeNull();
    // Sizes are no counts.
    expect(bulletListCells('- 50 x 50 mm heatsink\n- 2 x 20 pin header\n- 2 x 3 pin header\n- 1x case')).toBeNull();
  });

  test('a text holding a table of its own beside counted bullets is read as that table', () => {
    const csv = ['Qty,Part Number,Description'].concat(
      Array.from({ length: 5 }, (_, i) => `2,RC0603FR-07${i}0KL,resistor`),
    );
    const text = [...csv, '', 'Also needed:', '- 4x M3 screws', '- 4x standoffs', '- 1 x case'].join('\n');
    expect(bulletListCells(text)).toBeNull();
    expect(readBom(parseDelimited(text).cells).lines).toHaveLength(5);
  });

  test('read as a list: the shop codes its items name are looked up, the counts taken', () => {
    const { cells } = parseDelimited(TEXT);
    const read = readBom(cells);
    expect(read.lines.map((l) => [l.row + 1, l.partNumber, l.quantityPerBoard])).toEqual([
      [3, '511-ULN2803A', 1],
      [5, '187-CL21A106KOQNNNE', 2],
    ]);
    expect(read.skipped.filter((s) => s.reason === 'incomplete').map((s) => [s.row + 1, s.quantityPerBoard])).toEqual([
      [6, 4],
    ]);
  });
});
