/**
 * What a maker's list names that no distributor sells: parts printed from the project's files (an "STL file" column
 * whose links read "stl" beside a "CAD file" one); and what only looks so: steel written "STL", a connector mounted
 * on the PCB. A fixed-width list followed by notes is still a table.
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

test('a material "STL" (steel) beside a screw is no print file: the screw is bought', () => {
  const grid: Cell[][] = [
    ['Item', 'Part Number', 'Description', 'Material', 'Qty'],
    [1, '91290A115', 'Socket head cap screw M3x10', 'STL', 4],
    [2, '94180A331', 'Heat-set insert M3', 'BRASS', 6],
  ];
  expect(readBom(grid, {}).lines.map((l) => [l.partNumber, l.quantityPerBoard])).toEqual([
    ['91290A115', 4],
    ['94180A331', 6],
  ]);
});

test('a connector mounted on the PCB is no bare board', () => {
  const grid: Cell[][] = [
    ['Ref', 'Part', 'Qty'],
    ['J1', 'USB-B PCB-mount right-angle connector', 1],
    ['P3', 'DC-005 DC Power Jack, PCB Mount', 1],
    ['J2', 'Terminal block PCB 2-pin 5.08mm', 1],
    ['J3', 'Pin header PCB 1x6', 1],
    ['PCB1', 'Main PCB rev B', 1],
  ];
  const boards = reasons(grid).filter(([, reason]) => reason === 'not-purchase');
  expect(boards.map(([row]) => row)).toEqual([5]);
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

test('a blank line inside a fixed-width table: the rows after it are cut as the rows before it', async () => {
  const rows = [
    'Ref      Qty  Part                     MPN',
    ...[1, 2, 3, 4, 5].map((i) => `R${i}       1    ${i}k resistor              RC0603FR-07${i}KL`),
    'D1       1    diode                    1N4148W-7-F',
    '',
    'C10,C11,C12,C13  4  10uF capacitor     CL21A106KAYNNNE',
    'R10,R11,R12      3  330R resistor      RC0603FR-07330RL',
    'J1,J2    2    Header 1x6              PPTC061LFBN-RC',
  ].join('\n');
  const r = readBom((await parseBomFile('bom.txt', Buffer.from(rows))).cells);
  expect(r.lines.slice(-3).map((l) => [l.partNumber, l.quantityPerBoard])).toEqual([
    ['CL21A106KAYNNNE', 4],
    ['RC0603FR-07330RL', 3],
    ['PPTC061LFBN-RC', 2],
  ]);
});
