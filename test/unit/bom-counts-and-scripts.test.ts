/**
 * What hand-made lists and exports from other scripts write that a buyer reads without a second thought: a CSV in
 * Windows-1251 (Russian), counts given as a range or as about so many, a part left off unless something holds, the
 * positions a part serves in brackets after its name, and a library's symbol named by the kind of module it is.
 */
import { decodeText } from '../../cli/bomfile';
import { type Cell, readBom } from '../../src/bom';
import { isLibraryName } from '../../src/bom/library-names';
import { cellSaysDnp, parseQuantity } from '../../src/bom/quantity';
import { numberOfName } from '../../src/bom/row-kinds';

/** Text written in Windows-1251: ASCII as is, А to я from 0xC0, Ё and ё at 0xA8 and 0xB8. */
function windows1251(text: string): Buffer {
  return Buffer.from(
    [...text].map((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      if (code < 0x80) return code;
      if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
      if (ch === 'Ё') return 0xa8;
      if (ch === 'ё') return 0xb8;
      throw new Error(`not in Windows-1251 here: ${ch}`);
    }),
  );
}

/** Text written in GBK, its Chinese characters those of GB2312 (both bytes from 0xA1), found by decoding each pair. */
function gbk(text: string): Buffer {
  const decoder = new TextDecoder('gbk');
  const bytesOf = new Map<string, number[]>();
  for (let lead = 0xa1; lead <= 0xf7; lead++)
    for (let trail = 0xa1; trail <= 0xfe; trail++)
      bytesOf.set(decoder.decode(Buffer.from([lead, trail])), [lead, trail]);
  return Buffer.from(
    [...text].flatMap((ch) => {
      const code = ch.codePointAt(0) ?? 0;
      if (code < 0x80) return [code];
      const bytes = bytesOf.get(ch);
      if (bytes === undefined) throw new Error(`not in GB2312 here: ${ch}`);
      return bytes;
    }),
  );
}

describe('a CSV in Windows-1251', () => {
  const russian = '#;Обозначение;Наименование;Кол-во;Цена;Итого\n1;R1, R2;RC0805FR-0710KL;2;1;2\n;;;;Итого:;2\n';

  test('is read as Cyrillic, its headers and words as written', () => {
    const { text, encoding } = decodeText(windows1251(russian));
    expect(encoding).toBe('windows-1251');
    expect(text).toBe(russian);
  });

  test('with Russian units written as they are (кОм, мкФ) and headings in capitals, it is still Russian', () => {
    const list =
      'ПЕРЕЧЕНЬ ЭЛЕМЕНТОВ\nПоз.;Наименование;Кол.\nR1;Резистор 10 кОм;1\nR2;Резистор 1 МОм;1\nC1;Конденсатор 10 мкФ;1\nL1;Дроссель 10 мкГн;1\n';
    expect(decodeText(windows1251(list))).toEqual({ text: list, encoding: 'windows-1251' });
  });

  test('a list in capitals alone, as Russian drawings write it, is Russian too', () => {
    const list = 'ПОЗ;НАИМЕНОВАНИЕ;ТИП;КОЛ\nR1;РЕЗИСТОР 10 КОМ;RC0805;1\nC1;КОНДЕНСАТОР 100 НФ;GRM188;2\n';
    expect(decodeText(windows1251(list))).toEqual({ text: list, encoding: 'windows-1251' });
  });

  test("Chinese in GBK's traditional characters (號, 數, 電) is Chinese", () => {
    // 位號,數量,型號,描述 then a row describing 電阻, in GBK: 號 CC96, 數 94B5, 電 EB8A are of its extension.
    const bytes = Buffer.concat([
      gbk('位'),
      Buffer.from([0xcc, 0x96, 0x2c, 0x94, 0xb5]),
      gbk('量,型'),
      Buffer.from([0xcc, 0x96]),
      gbk(',描述\nR1,2,RC0402FR-0710KL,'),
      Buffer.from([0xeb, 0x8a]),
      gbk('阻\n'),
    ]);
    expect(decodeText(bytes)).toEqual({ text: '位號,數量,型號,描述\nR1,2,RC0402FR-0710KL,電阻\n', encoding: 'gbk' });
  });

  test('Chinese in GBK and French or German in Windows-1252 are read as before', () => {
    const chinese = '位号,数量,型号\nR1,2,RC0402FR-0710KL\n';
    expect(decodeText(gbk(chinese))).toEqual({ text: chinese, encoding: 'gbk' });
    const latin = Buffer.from(
      'Qt\xe9;D\xe9signation;R\xe9f\xe9rence;Gr\xf6\xdfe\n2;R\xe9sistance;RC0805;0805\n',
      'latin1',
    );
    expect(decodeText(latin)).toEqual({
      text: 'Qté;Désignation;Référence;Größe\n2;Résistance;RC0805;0805\n',
      encoding: 'windows-1252',
    });
  });

  test('a list in English with a few Chinese notes stays Chinese, its "不贴" kept: two characters can read as Cyrillic capitals', () => {
    const list =
      'Designator,Quantity,MPN,Manufacturer,Note\nF1,1,0451002.MRL,Littelfuse,保险丝\nU1,1,LM7805CT,TI,散热片\nR1,1,RC0805FR-0710KL,YAGEO,不贴\nH1,4,M3x6,,螺丝\n';
    expect(decodeText(gbk(list))).toEqual({ text: list, encoding: 'gbk' });
  });

  test("Windows-1252 text whose accented letters GBK would pair with the next letter is not Chinese ('Würth', '0.38µm')", () => {
    const western = Buffer.from(
      'Hersteller;Beschreibung\nW\xfcrth Elektronik;Stiftleiste, Kontakt 0.38\xb5m Gold\nW\xfcrth Elektronik;Buchse f\xfcr Platine\n',
      'latin1',
    );
    expect(decodeText(western).encoding).toBe('windows-1252');
    expect(decodeText(western).text).toContain('Würth Elektronik;Stiftleiste, Kontakt 0.38µm Gold');
  });
});

describe('counts a hand-made list gives as a range or as about so many', () => {
  test.each([
    ['2-4', 4],
    ['2–4', 4],
    ['2 to 4', 4],
    ['2 oder 3', 3],
    ['1 - 2 St.', 2],
    ['10~20个', 20],
    ['~20', 20],
    ['ca. 20', 20],
    ['approx. 5 pcs', 5],
    ['约20个', 20],
    ['~5m', 5],
    ['10～20个', 20],
    ['～20', 20],
  ])('%s is read as %d, with a note saying how', (text, value) => {
    const q = parseQuantity(text);
    expect(q).toMatchObject({ kind: 'ok', value });
    expect(q.kind === 'ok' && q.note).toMatch(new RegExp(`^read as ${value}, (?:the upper end of|about so many)`));
  });

  test.each(['4-2', '2-3 weeks', '3.3-5', 'R1-R4', '~', 'ca.', '2-', '~0', '~2-4', '665-7712', '401-692'])(
    '%s is no count',
    (text) => {
      expect(parseQuantity(text).kind).toBe('bad');
    },
  );

  test('a list of such counts is read a line each, the note on the line', () => {
    const grid: Cell[][] = [
      ['Item', 'Description', 'MPN', 'Qty'],
      ['Connector', 'GX12 aviation connector 4-pin', 'GX12-4P', '2–4'],
      ['Terminal block', 'Lever terminal, 3 way', '221-413', '~20'],
      ['Wire', '22 AWG hook-up wire', '', '~5m'],
    ];
    const r = readBom(grid, {});
    expect(r.lines.map((l) => [l.partNumber, l.quantityPerBoard])).toEqual([
      ['GX12-4P', 4],
      ['221-413', 20],
    ]);
    const notes = r.warnings.map((w) => w.message).join('\n');
    expect(notes).toMatch(/quantity "2-4" read as 4, the upper end of "2-4"/);
    expect(notes).toMatch(/quantity "~20" read as 20, about so many/);
    // A line that cannot be priced says how its count was read too.
    const wire = r.skipped.find((s) => s.row === 3);
    expect(wire).toMatchObject({ reason: 'incomplete', quantityPerBoard: 5 });
    expect(wire?.detail).toMatch(/5 per board: "~5m" read as 5, about so many/);
  });
});

describe('ranges are counts only in a column named for them', () => {
  test('a column of voltage ranges, or of jumper settings, is not taken for the quantities by its content', () => {
    const ranges = readBom(
      [
        ['LM358DR', 'Op amp', '3-32'],
        ['NE555DR', 'Timer', '5-15'],
        ['TPS7A4700RGWR', 'LDO', '3-36'],
      ],
      {},
    );
    expect(ranges.lines.map((l) => l.quantityPerBoard)).toEqual([1, 1, 1]);
    const jumpers = readBom(
      [
        ['Designator', 'Part Number', 'Setting'],
        ['JP1', 'TSW-103-07-G-S', '1-2'],
        ['JP2', 'TSW-103-07-G-S', '2-3'],
        ['JP3', 'TSW-103-07-G-S', '1-2'],
      ],
      {},
    );
    expect(jumpers.lines.map((l) => l.quantityPerBoard)).toEqual([1, 1, 1]);
    expect(jumpers.warnings.map((w) => w.message).join('\n')).not.toMatch(/upper end/);
  });

  test("a hand-made list's count column with a few ranges among its counts is still its count column", () => {
    const r = readBom(
      [
        ['LM358DR', 'Op amp', '2'],
        ['NE555DR', 'Timer', '2-4'],
        ['TPS7A4700RGWR', 'LDO', '~3'],
        ['AMS1117-3.3', 'LDO', '5'],
        ['BSS138', 'FET', '10'],
      ],
      {},
    );
    expect([...r.lines, ...r.skipped].sort((x, y) => x.row - y.row).map((l) => l.quantityPerBoard)).toEqual([
      2, 4, 3, 5, 10,
    ]);
  });
});

describe('a part left off unless something holds', () => {
  test.each([
    'RS485 bus termination, DNP unless end-of-line node',
    'Not fitted by default',
    'DNP - except on the first board',
  ])('"%s" in a notes column marks the part not placed', (text) => {
    expect(cellSaysDnp(text, true, () => false)).toBe(true);
  });

  test.each(['DNP if no battery is used', 'DNP for rev B', 'Bus termination, fit unless a terminator is plugged'])(
    '"%s" leaves it placed: it says when to leave it off',
    (text) => {
      expect(cellSaysDnp(text, true, () => false)).toBe(false);
    },
  );

  test('the row with such a note is not bought; the others are', () => {
    const grid: Cell[][] = [
      ['Reference', 'Quantity', 'Value', 'MPN', 'Notes'],
      ['R1', '1', '10k', 'RC0402FR-0710KL', 'EN pin pull-up'],
      ['R3', '1', '120R', 'RC0402FR-07120RL', 'RS485 bus termination, DNP unless end-of-line node'],
    ];
    const r = readBom(grid, {});
    expect(r.lines.map((l) => l.partNumber)).toEqual(['RC0402FR-0710KL']);
    expect(r.skipped.find((s) => s.row === 2)?.reason).toBe('dnp');
  });
});

describe('a number in brackets after a name', () => {
  test("is the part's after its name, never the positions or channels it serves", () => {
    expect(numberOfName('Nalgene 489 Linear LDPE Tubing (8010-0125)')).toBe('8010-0125');
    expect(numberOfName('Fertilizantes (CH1-CH4)')).toBeNull();
    expect(numberOfName('Pull-ups (R5-R8)')).toBeNull();
  });

  test("a maker's number with its reel's suffix is the part's", () => {
    expect(numberOfName('Schottky diode (BAT54-7)')).toBe('BAT54-7');
    expect(numberOfName('TVS diode (SMBJ15-13)')).toBe('SMBJ15-13');
  });

  test('after clauses of a specification it may be what the part serves: not taken, the line listed for a number', () => {
    const grid: Cell[][] = [
      ['#', 'Componente', 'Especificação', 'Qtd'],
      ['1', 'Capacitor eletrolítico 1000µF', '10V, filtro saída 5V (ESP32)', '4'],
      ['2', 'Bypass capacitor 100nF, 0603 (STM32F103)', '', '6'],
      ['3', 'Tubo LDPE (8010-0125)', 'Nalgene', '1'],
    ];
    const r = readBom(grid, {});
    expect(r.lines.map((l) => l.partNumber)).toEqual(['8010-0125']);
    expect(r.skipped.filter((s) => s.reason === 'incomplete').map((s) => [s.row, s.quantityPerBoard])).toEqual([
      [1, 4],
      [2, 6],
    ]);
  });
});

describe("a library's symbol named by the kind of assembly it is", () => {
  test.each(['LCD_Oled_12864', 'PCB_MP1584', 'MOD_HC-05', 'CAP_0805_N'])('%s is a library name', (text) => {
    expect(isLibraryName(text)).toBe(true);
  });

  test.each(['TMC5160_SILENTSTEPSTICK', 'LCD', 'PCB-MP1584', 'MODULE'])('%s is not', (text) => {
    expect(isLibraryName(text)).toBe(false);
  });
});
