/**
 * Lists typed by hand in the ways real ones are: a Markdown page of one table per kind of part, each under a header of
 * its own; columns lined up with tabs on screen; the maker's number typed after a description in one "Part" column;
 * "DNI/" written in front of a part not fitted; a library's solder jumpers; a Markdown link in a name. Made-up files
 * and tables; the real exports are in the corpus tests.
 */
import { parseBomFile, parseDelimited } from '../../cli/bomfile';
import { type Cell, readBom } from '../../src/bom';
import { numberAfterDescription } from '../../src/bom/part-cells';
import { partNumberSaysDnp } from '../../src/bom/quantity';
import { numberOfName } from '../../src/bom/row-kinds';

const linesOf = (r: ReturnType<typeof readBom>) => r.lines.map((l) => [l.row + 1, l.quantityPerBoard, l.partNumber]);

describe('a Markdown page of one table per kind of part', () => {
  const page = [
    '# Parts list',
    '',
    '## Resistors',
    '',
    '| Qty | Part |',
    '|:---:|------|',
    '| 3 | RC0805FR-07220RL |',
    '| 5 | RC0805FR-0710KL |',
    '| 2 | RC0805FR-074K7L |',
    '',
    '## ICs',
    '',
    'All in DIP packages.',
    '',
    '| Qty | Part | Note |',
    '|:---:|-------|------|',
    '| 1 | PIC18F4680-I/P | program with [HEX](fw_213.hex) |',
    '| 1 | 74HCT245N | |',
    '',
    '## Sockets (optional)',
    '',
    '| Qty | Kind |',
    '|:---:|------|',
    '| 2 | 20 pins |',
    '',
    '## Crystals',
    '',
    '| Qty | Part | Package |',
    '|:---:|-------|---------|',
    '| 1 | ABLS-10.000MHZ-B4-T | HC49 |',
  ].join('\n');

  test('every table is read, whatever columns its header names, from the first one down', async () => {
    const file = await parseBomFile('parts.md', Buffer.from(page));
    const r = readBom(file.cells);
    expect(r.headerRow).toBe(4);
    expect(linesOf(r)).toEqual([
      [7, 3, 'RC0805FR-07220RL'],
      [8, 5, 'RC0805FR-0710KL'],
      [9, 2, 'RC0805FR-074K7L'],
      [17, 1, 'PIC18F4680-I/P'],
      [18, 1, '74HCT245N'],
      [30, 1, 'ABLS-10.000MHZ-B4-T'],
    ]);
    // The sockets are a line to buy with no maker's number, with its count.
    const listed = r.skipped.filter((s) => s.reason === 'incomplete').map((s) => [s.row + 1, s.quantityPerBoard]);
    expect(listed).toEqual([[24, 2]]);
    // A link's address in a note names no part.
    expect(r.lines.some((l) => /hex/i.test(l.partNumber))).toBe(false);
  });

  test("a later table whose header names no more columns than the first one's is read from the first table down", async () => {
    // Read from the sockets' table ("Qtde | Tipo", four rows) before: the earlier tables' headers name as many columns
    // ("Qtde | Valor") or more, and only a header naming fewer was taken for an earlier section.
    const sections = [
      '# Parts',
      '',
      '## Resistors',
      '',
      'All 1/4 W.',
      '',
      '| Qtde | Valor |',
      '|:---:|-------|',
      '| 2   | 100Ω |',
      '| 4   | 1K |',
      '| 3   | 47K |',
      '',
      '## Capacitors',
      '',
      '| Qtde | Valor | Tipo | Obs |',
      '|:---:|-------|------|------|',
      '| 2 | 33p | ceramic | |',
      '| 4 | 100n | ceramic | |',
      '| 2 | 10u/25V | electrolytic | only for the serial port |',
      '',
      '## LEDs',
      '',
      '| Qtde | Valor |',
      '|:---:|-------|',
      '| 1   | 5mm red |',
      '',
      '## Transistors',
      '',
      '| Qtde | Valor |',
      '|:---:|-------|',
      '| 2   | 2N7000 |',
      '',
      '## ICs',
      '',
      'All in DIP.',
      '',
      '| Qtde | Valor | Obs |',
      '|:---:|-------|------|',
      '| 1   | ATMEGA328P-PU | program with [HEX](fw.hex) |',
      '| 1   | 74HC595N | |',
      '',
      '## Sockets (optional)',
      '',
      '| Qtde | Tipo |',
      '|:---:|------|',
      '| 1   | 28 pinos |',
      '| 1   | 16 pinos |',
      '| 2   | 14 pinos |',
      '| 1   | 8 pinos |',
      '',
      '## Crystals',
      '',
      '| Qtde | Valor | Encapsulamento |',
      '|:---:|-------|---------|',
      '| 1 | 16MHz | HC49 |',
      '',
      '## Other',
      '',
      '| Qtde | Valor | Modelo |',
      '|:---:|-------|-------|',
      '| 1 | USB-B socket | |',
      '| 2 | pin header 1x6 | |',
    ].join('\n');
    const r = readBom((await parseBomFile('lista.md', Buffer.from(sections))).cells);
    expect(r.headerRow).toBe(6);
    const counted = [
      ...r.lines.map((l) => [l.row + 1, l.quantityPerBoard]),
      ...r.skipped.filter((s) => s.reason === 'incomplete').map((s) => [s.row + 1, s.quantityPerBoard]),
    ].sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
    expect(counted).toEqual([
      [9, 2],
      [10, 4],
      [11, 3],
      [17, 2],
      [18, 4],
      [19, 2],
      [25, 1],
      [31, 2],
      [39, 1],
      [40, 1],
      [46, 1],
      [47, 1],
      [48, 2],
      [49, 1],
      [55, 1],
      [61, 1],
      [62, 2],
    ]);
    expect(r.lines.map((l) => l.partNumber)).toEqual(['2N7000', 'ATMEGA328P-PU']);
  });

  test('a summary or tools table above, as wide as the parts table, is no section of it: its parts are read', async () => {
    // Its header names the count as the parts table's does, but no part number: read from it, the list had none.
    const page = [
      '# Build',
      '',
      '| Qty | Assembly | Cost |',
      '|-----|----------|------|',
      '| 1 | Main board | 12.00 |',
      '| 1 | Enclosure | 8.00 |',
      '',
      '## Parts',
      '',
      '| Qty | Value | Cost |',
      '|-----|-------|------|',
      '| 2 | GRM188R61A105KA61D | 0.10 |',
      '| 1 | LM1117-3.3 | 0.40 |',
      '| 4 | RC0603FR-0710KL | 0.01 |',
      '| 1 | ATMEGA328P-AU | 2.10 |',
    ].join('\n');
    const r = readBom((await parseBomFile('build.md', Buffer.from(page))).cells);
    expect(r.headerRow).toBe(9);
    expect(linesOf(r)).toEqual([
      [12, 2, 'GRM188R61A105KA61D'],
      [13, 1, 'LM1117-3.3'],
      [14, 4, 'RC0603FR-0710KL'],
      [15, 1, 'ATMEGA328P-AU'],
    ]);
  });

  test('a table of alternates or of tools, its columns named otherwise, is no section of the list', async () => {
    const bom = [
      '| Qty | Tool |',
      '|-----|------|',
      '| 1 | Hakko FX-888D |',
      '',
      '## Board',
      '',
      '| Qty | Part Number | Description | Designator |',
      '|-----|-------------|-------------|------------|',
      '| 1 | LM1117-3.3 | LDO | U1 |',
      '| 2 | RC0805FR-0710KL | 10k | R1, R2 |',
      '| 1 | GRM21BR61C106KE15L | 10u | C1 |',
      '',
      '## Alternatives (do not order)',
      '',
      '| Qty | Part Number | Replaces |',
      '|-----|-------------|----------|',
      '| 1 | AMS1117-3.3 | U1 |',
    ].join('\n');
    const r = readBom((await parseBomFile('bom.md', Buffer.from(bom))).cells);
    expect(r.headerRow).toBe(6);
    expect(linesOf(r)).toEqual([
      [9, 1, 'LM1117-3.3'],
      [10, 2, 'RC0805FR-0710KL'],
      [11, 1, 'GRM21BR61C106KE15L'],
    ]);
  });

  test('a header naming the count otherwise, or with no table rule under it, starts no section of the list', async () => {
    const other = page.replace('| Qty | Kind |', '| Anzahl | Kind |').split('\n## Crystals')[0];
    const r = readBom((await parseBomFile('parts.md', Buffer.from(other))).cells);
    expect(r.skipped.some((s) => s.row + 1 === 24 && s.reason === 'incomplete')).toBe(false);
  });
});

describe('columns lined up with tabs', () => {
  const typed = [
    'Parts, rev 2',
    '',
    'Top board\t\tBottom board\tQty\tPart',
    '---------\t\t------------\t---\t----',
    'C1-C8\t\t\tC92\t\t9\tCapacitor 22pF, NP0, 5%, 0805   CC0805JRNPO9BN220',
    '\t\t\tC81-C90\t\t10\tCapacitor 680pF, NP0, 5%, 0805  CC0805JRNPO9BN681',
    'C2-C6,C11-C17,C26-C33\tC52-C68,C94\t38\tCapacitor 0.1uF, X7R, 0805  CC0805JRX7R9BB104',
    'R31-R34\t\t\t\t\t4\tResistor 1M, 1%, 0805  (5% ok) RC0805FR-071ML',
    '\t\t\tU13\t\t1\tIC, Buck Converter, LMR54406FDBVR (do not use LMR54406DBVR)',
  ].join('\n');

  test('are cut where the header names start, tabs set to stops every 8 characters', () => {
    const { cells, warnings } = parseDelimited(typed);
    expect(cells[2]).toEqual(['Top board', 'Bottom board', 'Qty', 'Part']);
    expect(cells[4].slice(0, 3)).toEqual(['C1-C8', 'C92', '9']);
    expect(cells[5].slice(0, 3)).toEqual(['', 'C81-C90', '10']);
    expect(cells[6].slice(0, 3)).toEqual(['C2-C6,C11-C17,C26-C33', 'C52-C68,C94', '38']);
    expect(warnings.join(' ')).toMatch(/lined up with tabs/);
    expect(linesOf(readBom(cells))).toEqual([
      [5, 9, 'CC0805JRNPO9BN220'],
      [6, 10, 'CC0805JRNPO9BN681'],
      [7, 38, 'CC0805JRX7R9BB104'],
      [8, 4, 'RC0805FR-071ML'],
      [9, 1, 'LMR54406FDBVR'],
    ]);
  });

  test('a tab-separated file, empty cells and all, is read a tab to a field as before', () => {
    const tsv = ['Ref\tQty\tMPN\tNote', 'R1\t1\tRC0402FR-0710KL\t', 'C1\t\tGRM155R71C103KA01D\tx', 'U1\t1\tLM358DR\t'];
    const { cells } = parseDelimited(tsv.join('\n'));
    expect(cells[2]).toEqual(['C1', '', 'GRM155R71C103KA01D', 'x']);
  });
});

describe("the maker's number typed after a description", () => {
  test.each([
    ['Capacitor 1nF, NP0, 5%, 0805    CL21C102JBCNFNC CC0805JRNPO9BN102', 'CL21C102JBCNFNC'],
    ['Diode, SOD123, 1N4148W-TP', '1N4148W-TP'],
    ['Resistor 75, 1%, 1/4W, 1206  (5% ok)  CRCW120675R0FKEAC', 'CRCW120675R0FKEAC'],
    ['IC, Dual Opamp, SOIC8, OPA2277UA (TI)  OPA2277M/TR (HGSemi)', 'OPA2277UA'],
    ['IC, analog mux, 74LV4051PW,118 or SN74LV4051APWR', '74LV4051PW,118'],
  ])('%s reads %s', (text, number) => {
    expect(numberAfterDescription(text)?.partNumber).toBe(number);
  });

  test.each([
    'Capacitor 1.0uF, X7R, 0805',
    'Header 2x20pin, 2.54mm',
    'Screw, DIN912, M3x10',
    'STM32F103C8T6, LQFP48',
    'Murata GRM188R71H104KA93D',
    'IC, LDO (alternate LP5907MFX-1.8)',
    'Header, 40-pin, 2.54mm',
    'IC socket, DIP-28, for ATmega328P',
    'Heatsink, TO-220, for LM7805',
    'Resistor, 10k, 1%, 0603, AEC-Q200',
    'Battery, LiPo, 3.7V, 2000mAh',
    'Crystal, 16MHz, HC-49S',
    'Capacitor, 22pF, C0G/NP0, 0402',
    'Capacitor 100nF, 0603（替代 CL10B104KB8NNNC）',
  ])('%s reads none', (text) => {
    expect(numberAfterDescription(text)).toBeNull();
  });
});

describe('marks and features a library writes', () => {
  test('"DNI/" in front of a part is not placed; a maker number beginning with letters like it is a part', () => {
    expect(partNumberSaysDnp('DNI/1N4007FL')).toBe(true);
    expect(partNumberSaysDnp('DNP-B5817WS')).toBe(true);
    expect(partNumberSaysDnp('NC7SZ04P5X')).toBe(false);
    expect(partNumberSaysDnp('DNIX-100')).toBe(false);
  });

  test("an EAGLE library's solder jumpers are the board's copper; a jumper bought is a line", () => {
    const rows: Cell[][] = [
      ['Part', 'Value', 'Device', 'Package'],
      ['JP1', 'JUMPER-SMT_2_NO_SILK', 'JUMPER-SMT_2_NO_SILK', 'SMT-JUMPER_2_NO_SILK'],
      ['JP2', 'JUMPER-SMT_2_NC_TRACE_SILK', 'SMT-JUMPER_2_NC_TRACE_SILK', 'SMT-JUMPER_2_NC_TRACE_SILK'],
      ['J1', '2 pin jumper shunt 2.54mm', 'JUMPER-2', 'JUMPER-2'],
      ['JP3', 'SMT jumper 0R 0805', 'R0805', '0805'],
      ['U1', 'LM358DR', 'LM358', 'SO8'],
    ];
    const r = readBom(rows);
    expect(r.skipped.map((s) => [s.row + 1, s.reason])).toEqual([
      [2, 'not-purchase'],
      [3, 'not-purchase'],
      [4, 'incomplete'],
      [5, 'incomplete'],
    ]);
    expect(linesOf(r)).toEqual([[6, 1, 'LM358DR']]);
  });

  test("a link typed in the maker's-number column is no part number: the line is listed to be given one", () => {
    const r = readBom([
      ['Item #', 'Qty', 'Designator', 'Manufacturer', 'Mfg Part #'],
      [1, 1, 'U1', 'Electrosmith', 'https://www.electro-smith.com/daisy/daisy-seed'],
      [2, 2, 'U2, U3', 'Texas Instruments', 'TL072CDR'],
    ]);
    expect(linesOf(r)).toEqual([[3, 2, 'TL072CDR']]);
    expect(r.skipped.map((s) => [s.row + 1, s.reason])).toEqual([[2, 'incomplete']]);
  });

  test('a second footprint for a part ("U1-2" under U1, the same part described) is not bought twice', () => {
    const rows: Cell[][] = [
      ['Part', 'Value', 'Device', 'Package', 'Description'],
      ['U1', 'ATMEGA32U2-AU', 'ATMEGA32U2-TQFP', 'TQFP32-08', 'ATmega32u2'],
      ['U1-2', 'ATMEGA32U2-MU', 'ATMEGA32U2-QFN', 'QFN32', 'ATmega32u2'],
      ['U2', 'AP2112K-3.3TRG1', 'AP2112K', 'SOT23-5', 'LDO 3.3V'],
      ['U2-2', 'MCP1700T-3302E/TT', 'MCP1700', 'SOT23-3', 'LDO 3.3V, 250 mA'],
    ];
    const r = readBom(rows);
    expect(linesOf(r)).toEqual([
      [2, 1, 'ATMEGA32U2-AU'],
      [4, 1, 'AP2112K-3.3TRG1'],
      [5, 1, 'MCP1700T-3302E/TT'],
    ]);
    expect(r.skipped.map((s) => [s.row + 1, s.reason])).toEqual([[3, 'alternate']]);
    // The same part again under "U1-2" is a second board's copy, bought.
    const panel = readBom([
      ['Part', 'Value', 'Description'],
      ['U1', 'ATMEGA32U2-AU', 'ATmega32u2'],
      ['U1-2', 'ATMEGA32U2-AU', 'ATmega32u2'],
    ]);
    expect(linesOf(panel).map(([row]) => row)).toEqual([2, 3]);
  });

  test("a Markdown link's address in a name is no number in brackets", () => {
    expect(numberOfName('Program with [HEX](FreHD_213.hex)')).toBeNull();
    expect(numberOfName('LDPE Tubing (8010-0125)')).toBe('8010-0125');
  });
});
