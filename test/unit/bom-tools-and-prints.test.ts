/**
 * What a maker's list names that no distributor sells: parts printed from the project's files (an "STL file" column
 * whose links read "stl"), tools to build with (a category "tool" beside "mech" and "elect"); and what only looks so:
 * a connector mounted on the PCB is no bare board. A fixed-width list followed by notes is still a table.
 */
import { type Cell, readBom } from '../../src/bom';
import { formatOf, parseBomFile } from '../../cli/bomfile';

const reasons = (grid: Cell[][]) =>
  readBom(grid, {}).skipped.map((s) => [s.row, s.reason, s.detail] as [number, string, string]);

test('a row whose file column reads "stl" is printed, not bought; one with only a CAD model is bought', () => {
  const grid: Cell[][] = [
    ['Quantity', 'Description', 'STL file', 'CAD file'],
    [1, 'Base Left', 'stl', 'fcstd'],
    [4, 'Bottom Stand', 'stl', 'fcstd'],
    [1, 'Rail MGN12 300mm', 'AliExpress', 'fcstd'],
  ];
  const made = reasons(grid).filter(([, reason]) => reason === 'not-purchase');
  expect(made.map(([row]) => row)).toEqual([1, 2]);
  expect(made[0][2]).toContain('made, not bought');
  expect(reasons(grid).find(([row]) => row === 3)?.[1]).toBe('incomplete');
});

test('a row of the category "tool" is a tool to build with, not a part; "Tool-less clip" is a part', () => {
  const grid: Cell[][] = [
    ['Name in documentation', 'Category', 'Qty', 'Full Name'],
    ['Heat insert', 'mech', '6', 'Heat inserts'],
    ['M2.5 hex key', 'tool', '1', ''],
    ['Soldering iron', 'Werkzeug', '1', ''],
    ['Tool-less clip', 'mech', '2', 'Clip'],
  ];
  const tools = reasons(grid).filter(([, reason]) => reason === 'not-purchase');
  expect(tools.map(([row, , detail]) => [row, detail])).toEqual([
    [2, 'a tool to build it with ("M2.5 hex key"), not a part of it'],
    [3, 'a tool to build it with ("Soldering iron"), not a part of it'],
  ]);
});

test('a connector mounted on the PCB is no bare board', () => {
  const grid: Cell[][] = [
    ['Ref', 'Part', 'Qty'],
    ['J1', 'USB-B PCB-mount right-angle connector', 1],
    ['P3', 'DC-005 DC Power Jack, PCB Mount', 1],
    ['PCB1', 'Main PCB rev B', 1],
  ];
  const boards = reasons(grid).filter(([, reason]) => reason === 'not-purchase');
  expect(boards.map(([row]) => row)).toEqual([3]);
});

test('a fixed-width list with notes after its table is cut at its header, the notes after the table', async () => {
  const rows = [
    'Ref     Part                                            Distributor SKU',
    '-'.repeat(80),
    'C1-C10  0.1uF decoupling capacitor (ceramic/monolithic)',
    'C11,C12 10uF electrolytic capacitor, 16V+',
    'D1-D2   1N5817 Schottky diode (1N4148 also works)',
    'J1      USB-B PCB-mount right-angle connector           Jameco 2096245',
    'R1,R2   10k resistor, 1/4W',
    'U4,U6   AS6C4008-55PCN 512Kx8 static RAM (DIP-32)       Mouser 913-AS6C4008-55PCN',
    '',
    'Optional peripherals',
    '--------------------',
    'Low profile ZIF-28 sockets for U5/U7 - Jameco 102745 (Aries 28-526-10)',
    'SparkFun DeadOn RTC Breakout - https://www.sparkfun.com/products/10160',
    'CompactFlash to 2.5" 44-pin IDE adapter - https://www.amazon.com/gp/product/B07Y2MTS13',
  ].join('\n');
  const file = await parseBomFile('bom.txt', Buffer.from(rows));
  expect(formatOf('bom.txt', Buffer.from(rows))).toBe('csv');
  expect(file.cells[3]?.slice(0, 2)).toEqual(['C11,C12', '10uF electrolytic capacitor, 16V+']);
  const r = readBom(file.cells);
  expect(r.lines.map((l) => [l.partNumber, l.quantityPerBoard])).toEqual([['913-AS6C4008-55PCN', 2]]);
  expect(r.skipped.filter((s) => s.reason === 'incomplete').map((s) => s.quantityPerBoard)).toEqual([10, 2, 2, 1, 2]);
});
