import fc from 'fast-check';
import { BomError, type BomReadResult, type Cell, groupByLookupKey, readBom } from '../../src/bom';
import {
  ALTIUM_WITH_TITLES,
  DNP_SPELLINGS,
  GENERIC_HEADERS,
  INTERNAL_AND_MPN,
  KICAD_MULTILINE_HEADER,
  NO_HEADER,
  NO_HEADER_WITH_TITLE,
  NO_PART_NUMBER,
  SEMICOLON_EUROPEAN,
  TAB_DELIMITED,
  UNICODE_LOOKALIKES,
} from '../fixtures/bom/layouts';

function line(result: BomReadResult, row: number) {
  const found = result.lines.find((l) => l.row === row);
  if (!found) throw new Error(`no line for row ${row}: ${JSON.stringify(result.skipped)}`);
  return found;
}

function messages(result: BomReadResult, code?: string): string[] {
  return result.warnings.filter((w) => code === undefined || w.code === code).map((w) => w.message);
}

describe('readBom: title rows above the header', () => {
  const result = readBom(ALTIUM_WITH_TITLES);

  it('finds the header below the title block and maps by synonyms', () => {
    expect(result.headerRow).toBe(5);
    expect(result.mappingSource).toBe('header');
    expect(result.mapping).toEqual({ description: 2, designators: 3, manufacturer: 5, partNumber: 6, quantity: 7 });
    expect(result.headers[6]).toBe('Manufacturer Part Number');
  });

  it('reads every line with quantity, designators and description', () => {
    expect(result.lines.map((l) => l.partNumber)).toEqual([
      'RC0603FR-0710KL',
      'GRM188R71H104KA93D',
      'BAV99,215',
      'LM358DR',
      'CL21A106KOQNNNE',
    ]);
    const caps = line(result, 7);
    expect(caps.quantityPerBoard).toBe(5);
    expect(caps.quantitySource).toBe('quantity');
    expect(caps.designators).toEqual(['C1', 'C2', 'C3', 'C4', 'C9']);
    expect(caps.description).toBe('CAP CER 0.1\u00B5F 50V X7R 0603');
    expect(line(result, 9).manufacturerKey).toBe('TEXAS INSTRUMENTS');
    expect(line(result, 10).manufacturerKey).toBe('SAMSUNG ELECTRO-MECHANICS');
  });

  it('does not report rows above the header or trailing blank rows', () => {
    expect(result.skipped).toEqual([]);
    expect(result.warnings).toEqual([]);
  });

  it('reads quantities per board: the number of boards is applied when the BOM is priced, never by the reader', () => {
    const read = readBom(ALTIUM_WITH_TITLES);
    expect(read.lines.map((l) => l.quantityPerBoard)).toEqual([3, 5, 1, 1, 1]);
    expect(read.lines.every((l) => !('need' in l))).toBe(true);
  });

  it('names rows as the sheet numbers them', () => {
    const cells = ALTIUM_WITH_TITLES.map((r) => [...r]);
    cells[6][7] = 4;
    const shifted = readBom(cells, { firstRowNumber: 3 });
    expect(messages(shifted, 'quantity-mismatch')).toEqual(['Row 9: quantity 4 but 3 designators (R1, R2, R5)']);
    expect(shifted.warnings[0].row).toBe(6);
  });
});

describe('readBom: multi-line header cells and a DNP column (KiCad style)', () => {
  const result = readBom(KICAD_MULTILINE_HEADER);

  it('maps "Mfr.\\nPart #" and "Qty per\\r\\nboard"', () => {
    expect(result.headerRow).toBe(0);
    expect(result.mapping).toEqual({ designators: 0, quantity: 3, partNumber: 4, manufacturer: 5, dnp: 6 });
    expect(result.headers[4]).toBe('Mfr. Part #');
    expect(result.headers[3]).toBe('Qty per board');
  });

  it('expands grouped and ranged designators and warns when the quantity disagrees', () => {
    expect(line(result, 1).designators).toEqual(['C2', 'C6', 'C7']);
    expect(line(result, 1).quantityPerBoard).toBe(3);
    const resistors = line(result, 2);
    expect(resistors.designators).toEqual(['R1', 'R2', 'R3', 'R4', 'R7']);
    expect(resistors.quantityPerBoard).toBe(5);
    expect(messages(result, 'quantity-mismatch')).toEqual([]);

    const cells = KICAD_MULTILINE_HEADER.map((r) => [...r]);
    cells[2][3] = '4';
    const mismatch = readBom(cells);
    // Five positions are listed: five are bought, never fewer than the positions to fill.
    expect(line(mismatch, 2).quantityPerBoard).toBe(5);
    expect(messages(mismatch, 'quantity-mismatch')).toEqual([
      'Row 3: quantity 4 but 5 designators listed (R1-R4, R7): 5 bought, one per position',
    ]);
  });

  it('skips the DNP line and says why', () => {
    expect(result.skipped).toEqual([
      { row: 3, reason: 'dnp', detail: 'not placed (DNP column: "X")', message: 'Row 4: not placed (DNP column: "X")' },
    ]);
  });

  it('keeps the same part on two lines as two lines sharing one lookup, across manufacturer spellings', () => {
    const u2 = line(result, 4);
    const u3 = line(result, 5);
    expect(u2.manufacturer).toBe('TI');
    expect(u3.manufacturer).toBe('Texas Instruments Inc.');
    expect(u2.manufacturerKey).toBe('TEXAS INSTRUMENTS');
    expect(u3.manufacturerKey).toBe('TEXAS INSTRUMENTS');
    expect(u2.lookupKey).toBe(u3.lookupKey);
    expect(u2.designators).toEqual(['U2']);
    expect(u3.designators).toEqual(['U3']);
    expect(
      groupByLookupKey(result.lines)
        .get(u2.lookupKey)
        ?.map((l) => l.row),
    ).toEqual([4, 5]);
    expect(messages(result, 'duplicate-part')).toEqual([
      'Rows 5, 6: TPS62160DSGR (TI) is on 2 lines; they share one lookup',
    ]);
  });

  it('gives one manufacturer key to Murata and Yageo spelled several ways', () => {
    expect(line(result, 1).manufacturerKey).toBe('MURATA');
    expect(line(result, 2).manufacturerKey).toBe('YAGEO');
  });
});

describe('readBom: semicolon-delimited European file', () => {
  const result = readBom(SEMICOLON_EUROPEAN);

  it('maps German headers', () => {
    expect(result.mapping).toMatchObject({ quantity: 1, manufacturer: 3, partNumber: 4, description: 5 });
  });

  it('finds the designator column by its content when the header does not name it', () => {
    expect(result.mapping.designators).toBe(2);
    expect(result.inferredFields).toEqual(['designators']);
    expect(messages(result, 'content-mapping')).toEqual([
      'Columns recognised by their content: designators in column C ("Bauteile").',
    ]);
  });

  it('reads "1.000" as a thousand and says so', () => {
    expect(line(result, 1).quantityPerBoard).toBe(1000);
    expect(messages(result, 'quantity-read')).toEqual(['Row 2: quantity "1.000" read as 1000']);
    expect(messages(result, 'quantity-mismatch')).toEqual(['Row 2: quantity 1000 but 1 designator (R1)']);
  });

  it('skips a fractional quantity "1,5" with the reason', () => {
    expect(result.skipped).toEqual([
      {
        row: 3,
        reason: 'incomplete',
        detail: 'a line to buy whose quantity "1,5" is not a whole number: say how many',
        message: 'Row 4: a line to buy whose quantity "1,5" is not a whole number: say how many',
        partNumber: '3051 BK005',
      },
    ]);
  });

  it('reads "4 Stk" and LED ranges, and Würth by its key', () => {
    const led = line(result, 4);
    expect(led.quantityPerBoard).toBe(4);
    expect(led.designators).toEqual(['LED1', 'LED2', 'LED3', 'LED4']);
    expect(led.manufacturerKey).toBe('WURTH ELEKTRONIK');
    expect(line(result, 1).description).toBe('Widerstand 1 kΩ 1 % 0603');
  });
});

describe('readBom: tab-delimited file', () => {
  const result = readBom(TAB_DELIMITED);

  it('maps Qty, Reference(s), P/N, Mfr and Desc', () => {
    expect(result.mapping).toEqual({ quantity: 0, designators: 1, partNumber: 2, manufacturer: 3, description: 4 });
    expect(result.mappingSource).toBe('header');
  });

  it('reads space-separated and reversed-range designators, reporting the reversal', () => {
    expect(line(result, 1).designators).toEqual(['Q1', 'Q2']);
    expect(line(result, 3).designators).toEqual(['R8', 'R9', 'R10']);
    expect(messages(result, 'designators')).toEqual([
      'Row 4: designators "R10-R8": R10-R8 runs high to low; read as R8-R10',
    ]);
    expect(line(result, 1).manufacturerKey).toBe('ON SEMICONDUCTOR');
    expect(line(result, 2).partNumber).toBe('105017-0001');
  });
});

describe('readBom: no header at all', () => {
  it('maps columns from their content', () => {
    const result = readBom(NO_HEADER);
    expect(result.headerRow).toBeNull();
    expect(result.mappingSource).toBe('content');
    expect(result.mapping).toEqual({ designators: 0, quantity: 1, partNumber: 2, manufacturer: 3, description: 4 });
    expect(result.headers).toEqual(['Column A', 'Column B', 'Column C', 'Column D', 'Column E']);
    expect(result.lines).toHaveLength(4);
    expect(line(result, 2)).toMatchObject({
      partNumber: 'STM32F103C8T6',
      manufacturerKey: 'STMICROELECTRONICS',
      quantityPerBoard: 1,
      designators: ['U1'],
      description: 'MCU 32-bit ARM Cortex-M3 64KB Flash',
    });
    expect(result.skipped).toEqual([]);
    expect(messages(result, 'content-mapping')).toEqual([
      'Columns recognised by their content: part number in column C, manufacturer in column D, quantity in column B, designators in column A, description in column E.',
    ]);
  });

  it('passes over title rows above the first part and says so', () => {
    const result = readBom(NO_HEADER_WITH_TITLE);
    expect(result.lines.map((l) => l.row)).toEqual([2, 3, 4, 5]);
    expect(result.skipped).toEqual([]);
    expect(messages(result, 'title-rows')).toEqual(['Rows 1, 2 come before the first part and were read as titles.']);
  });

  it('passes over blank rows above a BOM without a header', () => {
    const result = readBom([[], ['', ''], ...NO_HEADER]);
    expect(result.lines.map((l) => l.row)).toEqual([2, 3, 4, 5]);
    expect(result.skipped).toEqual([]);
  });

  it('treats placeholder headers (Column1…) as no header', () => {
    const result = readBom(GENERIC_HEADERS);
    expect(result.headerRow).toBe(0);
    expect(result.mappingSource).toBe('content');
    expect(result.mapping).toEqual({ partNumber: 1, designators: 2, quantity: 3 });
    expect(result.lines.map((l) => [l.partNumber, l.quantityPerBoard])).toEqual([
      ['BAV99', 2],
      ['LM358DR', 1],
      ['RC0603FR-0710KL', 3],
    ]);
  });

  it('counts every line as one when there is neither quantity nor designators', () => {
    const result = readBom([['MPN'], ['BAV99'], ['LM358DR']]);
    expect(result.lines.map((l) => [l.quantityPerBoard, l.quantitySource])).toEqual([
      [1, 'default'],
      [1, 'default'],
    ]);
    expect(messages(result, 'default-quantity')).toEqual([
      'No quantity or designator column: each line counts as 1 per board.',
    ]);
  });
});

describe('readBom: column choice', () => {
  it('prefers MPN over an internal "Part Number"', () => {
    const result = readBom(INTERNAL_AND_MPN);
    expect(result.mapping.partNumber).toBe(3);
    expect(result.lines.map((l) => l.partNumber)).toEqual(['RC0603FR-0710KL', 'GRM188R71H104KA93D']);
  });

  it('takes the quantity from designators when the quantity cell is empty', () => {
    const result = readBom([
      ['Qty', 'Designator', 'MPN'],
      ['', 'R1-R4, R7', 'RC0603FR-0710KL'],
      [2, '', 'BAV99'],
      ['', '', 'LM358DR'],
    ]);
    expect(line(result, 1)).toMatchObject({ quantityPerBoard: 5, quantitySource: 'designators' });
    expect(line(result, 2)).toMatchObject({ quantityPerBoard: 2, quantitySource: 'quantity', designators: [] });
    expect(result.skipped).toEqual([
      {
        row: 3,
        reason: 'incomplete',
        detail: 'a line to buy with no quantity and no designators: say how many',
        message: 'Row 4: a line to buy with no quantity and no designators: say how many',
        partNumber: 'LM358DR',
      },
    ]);
  });

  it('reads rows with only a maker and part number under a line as its alternates, not as lines', () => {
    const result = readBom([
      ['QTY', 'REFERENCE', 'DESCRIPTION', 'MANU', 'PART NUMBER'],
      [2, 'C1,C2', 'CAP CER 1UF 0402', 'TDK', 'C1005X5R0J105K'],
      ['', '', '', 'Murata', 'GRM155R60J105KE19D'],
      ['', '', '', 'YAGEO', 'CC0402KRX5R6BB105'],
      ['', '', 'RES 10K 0402', 'Yageo', 'RC0402FR-0710KL'],
      ['', '', '', 'Yageo', 'RC0402FR-0722RL'],
    ]);
    expect(result.lines.map((l) => [l.partNumber, l.quantityPerBoard])).toEqual([['C1005X5R0J105K', 2]]);
    expect(result.skipped.map((s) => s.message)).toEqual([
      'Row 3: alternate for row 2 ("C1005X5R0J105K"): not bought',
      'Row 4: alternate for row 2 ("C1005X5R0J105K"): not bought',
      // A row with a description of its own is a line without its quantity, and what follows it no alternate.
      'Row 5: a line to buy with no quantity and no designators: say how many',
      'Row 6: a line to buy with no quantity and no designators: say how many',
    ]);
  });

  it('follows a user mapping and header row', () => {
    const result = readBom(NO_PART_NUMBER, { mapping: { partNumber: 1, quantity: 0 }, headerRow: 0 });
    expect(result.mappingSource).toBe('user');
    expect(result.lines.map((l) => [l.partNumber, l.quantityPerBoard])).toEqual([
      ['10k', 1],
      ['100nF', 2],
    ]);
  });

  it('reads without a header row when told there is none', () => {
    const result = readBom(
      [
        ['BAV99', 2],
        ['LM358DR', 1],
      ],
      { headerRow: null, mapping: { partNumber: 0, quantity: 1 } },
    );
    expect(result.headerRow).toBeNull();
    expect(result.lines.map((l) => l.quantityPerBoard)).toEqual([2, 1]);
  });
});

describe('readBom: DNP in several spellings', () => {
  const result = readBom(DNP_SPELLINGS);

  it('skips every DNP spelling with the reason', () => {
    expect(result.mapping.dnp).toBe(5);
    expect(result.skipped.map((s) => [s.row, s.reason, s.detail])).toEqual([
      [1, 'dnp', 'not placed (DNP column: "X")'],
      [2, 'dnp', 'not placed (DNP column: "Yes")'],
      [3, 'dnp', 'not placed (DNP column: "DNP")'],
      [4, 'dnp', 'not placed (DNP column: "TRUE")'],
      [5, 'dnp', 'not placed (DNP column: "1")'],
      [6, 'dnp', 'not placed (quantity "DNP")'],
      [7, 'dnp', 'not placed (quantity 0)'],
      [8, 'dnp', 'not placed (part number "DNI")'],
      [9, 'dnp', 'not placed (quantity "NOFIT")'],
      [10, 'dnp', 'not placed (description "RES 10K (Not fitted)")'],
      [13, 'dnp', 'not placed (DNP column: "Do not place")'],
    ]);
  });

  it('keeps lines whose DNP cell says no', () => {
    expect(result.lines.map((l) => l.designators[0])).toEqual(['R11', 'R12']);
    expect(result.lines[0].lookupKey).toBe(result.lines[1].lookupKey);
  });
});

describe('readBom: blank, placeholder and odd rows', () => {
  const result = readBom([
    ['Title: Power board'],
    ['Designator', 'Quantity', 'MPN', 'Manufacturer'],
    ['R1', 1, 'RC0603FR-0710KL', 'Yageo'],
    [],
    ['', '', '', ''],
    ['CAPACITORS', '', '', ''],
    ['C1', 1, 'TBD', ''],
    ['C2', -1, 'GRM188R71H104KA93D', 'Murata'],
    ['C3', 2.5, 'GRM188R71H104KA93D', 'Murata'],
    ['C4', 'lots', 'GRM188R71H104KA93D', 'Murata'],
    ['Designator', 'Quantity', 'MPN', 'Manufacturer'],
    ['C5', '2 pcs', 'GRM188R71H104KA93D', 'Murata'],
    [],
  ]);

  it('accounts for every row between the header and the last line but the blank ones', () => {
    const rows = [...result.lines.map((l) => l.row), ...result.skipped.map((s) => s.row)].sort((a, b) => a - b);
    expect(rows).toEqual([2, 5, 6, 7, 8, 9, 10, 11]);
    expect(result.skipped.map((s) => s.message)).toEqual([
      'Row 6: no part number ("CAPACITORS")',
      'Row 7: a line to buy (1 per board; part number "TBD" is a placeholder) with no manufacturer part number to price it by: add one',
      'Row 8: a line to buy whose quantity "-1" is negative: say how many',
      'Row 9: a line to buy whose quantity "2.5" is not a whole number: say how many',
      'Row 10: a line to buy whose quantity "lots" is not a number: say how many',
      'Row 11: repeats the header row',
    ]);
    expect(line(result, 11).quantityPerBoard).toBe(2);
  });
});

describe('readBom: Unicode look-alikes', () => {
  const result = readBom(UNICODE_LOOKALIKES);

  it('normalises spaces, minus signs, fullwidth letters and micro', () => {
    expect(result.skipped.map((s) => s.message)).toEqual([
      'Row 2: a line to buy whose quantity "-2" is negative: say how many',
    ]);
    expect(line(result, 2)).toMatchObject({
      partNumber: 'BAV99-TP',
      manufacturer: 'Micro Commercial Co',
      description: 'DIODE - SOT23',
    });
    expect(line(result, 3)).toMatchObject({ partNumber: 'BAT54S', description: 'CAP 4.7\u00B5F' });
    expect(line(result, 4)).toMatchObject({ partNumber: 'RC0603FR-07100KL', quantityPerBoard: 1000 });
    expect(line(result, 2).manufacturerKey).toBe('MICRO COMMERCIAL');
  });

  it('matches a part number whatever spaces surround it', () => {
    const cells: Cell[][] = [
      ['MPN', 'Mfr', 'Qty'],
      ['\u00A0LM358DR\u00A0', 'Texas\u00A0Instruments', 1],
      ['lm358dr', 'TI', 1],
    ];
    const r = readBom(cells);
    expect(r.lines[0].partNumber).toBe('LM358DR');
    expect(r.lines[0].manufacturer).toBe('Texas Instruments');
    expect(r.lines[0].lookupKey).toBe(r.lines[1].lookupKey);
  });

  it('shares one lookup between spellings the item service treats as one part', () => {
    const r = readBom([
      ['MPN', 'Mfr', 'Qty'],
      ['LM358-DR', 'Texas Instruments', 1],
      ['lm358 dr', 'TI', 2],
      ['LM358DR', 'ST', 1],
    ]);
    expect(r.lines[0].lookupKey).toBe('LM358DR|TEXAS INSTRUMENTS');
    expect(r.lines[1].lookupKey).toBe(r.lines[0].lookupKey);
    expect(r.lines[2].lookupKey).toBe('LM358DR|STMICROELECTRONICS');
    expect(r.lines.map((l) => l.partNumber)).toEqual(['LM358-DR', 'lm358 dr', 'LM358DR']);
  });
});

describe('readBom: errors', () => {
  it('names the headers it saw when no column holds part numbers', () => {
    expect(() => readBom(NO_PART_NUMBER)).toThrow(BomError);
    try {
      readBom(NO_PART_NUMBER);
    } catch (e) {
      const err = e as BomError;
      expect(err.kind).toBe('no-part-number-column');
      expect(err.message).toMatch(/^No part-number column found; headers seen: "Item", "Value", "Footprint"\. /);
      expect(err.details.headers).toEqual(['Item', 'Value', 'Footprint']);
    }
  });

  it('uses the detected header row when it names other fields', () => {
    try {
      readBom([
        ['Colour', 'Size', 'Value'],
        ['red', 'XL', '10k'],
      ]);
      throw new Error('expected an error');
    } catch (e) {
      expect((e as BomError).message).toContain('headers seen: "Colour", "Size", "Value"');
    }
  });

  it('a header that names quantities or designators but no part number: every line listed without one, none priced, never refused', () => {
    const r = readBom([
      ['Qty', 'Reference', 'Value'],
      [2, 'R1, R2', '10k'],
      ['', 'C1', '100nF'],
      [0, 'R3', '1k'],
      [1, '', ''],
    ]);
    expect(r.lines).toEqual([]);
    expect(r.skipped.map((s) => [s.row, s.reason, s.quantityPerBoard])).toEqual([
      [1, 'incomplete', 2],
      [2, 'incomplete', 1],
      [3, 'dnp', undefined],
      [4, 'no-part-number', undefined],
    ]);
    expect(r.skipped[0].detail).toBe(
      'a line to buy (2 per board; "10k") with no manufacturer part number to price it by: add one',
    );
    expect(r.warnings.find((w) => w.code === 'part-number-column')?.message).toMatch(
      /^No part-number column \(columns: "Value"\): 2 lines are listed with what they have and cannot be priced/,
    );
  });

  it('a header naming quantities over rows that name nothing is still refused', () => {
    expect(() =>
      readBom([
        ['Qty', 'Reference', 'Value'],
        [2, '', ''],
        [3, '', ''],
      ]),
    ).toThrow(expect.objectContaining({ kind: 'no-part-number-column' }));
  });

  it('refuses an empty selection and bad options', () => {
    expect(() => readBom([])).toThrow(expect.objectContaining({ kind: 'empty' }));
    expect(() => readBom([['', null], []])).toThrow(expect.objectContaining({ kind: 'empty' }));
    expect(() => readBom(NO_HEADER, { mapping: { partNumber: 9 } })).toThrow(
      expect.objectContaining({
        kind: 'bad-option',
        message: 'The part number column (J) is outside the 5 columns read.',
      }),
    );
    expect(() => readBom(NO_HEADER, { mapping: { quantity: 1 } })).toThrow(
      expect.objectContaining({ kind: 'no-part-number-column' }),
    );
    expect(() => readBom(NO_HEADER, { headerRow: 99 })).toThrow(expect.objectContaining({ kind: 'bad-option' }));
  });
});

describe('readBom properties', () => {
  const cell = fc.oneof(
    fc.constantFrom<Cell>(
      '',
      null,
      'MPN',
      'Qty',
      'Designator',
      'DNP',
      'X',
      'R1-R3',
      'C2,6,7',
      'BAV99',
      'LM358DR',
      'TI',
      '1.000',
      '2 pcs',
      'Title',
    ),
    fc.integer({ min: -3, max: 20 }),
    fc.boolean(),
    fc.string({ maxLength: 12 }),
  );
  const grid = fc.array(fc.array(cell, { maxLength: 6 }), { maxLength: 12 });

  it('returns lines and skips covering every non-blank row from the first data row to the end of the table, or throws a BomError', () => {
    fc.assert(
      fc.property(grid, (cells) => {
        let result: BomReadResult;
        try {
          result = readBom(cells);
        } catch (e) {
          expect(e).toBeInstanceOf(BomError);
          return;
        }
        const rows = [...result.lines.map((l) => l.row), ...result.skipped.map((s) => s.row)].sort((a, b) => a - b);
        expect(new Set(rows).size).toBe(rows.length);
        const blank = (r: number) =>
          (cells[r] ?? []).every((c) => c === null || c === undefined || String(c).trim() === '');
        for (let i = 1; i < rows.length; i++) {
          for (let r = rows[i - 1] + 1; r < rows[i]; r++) expect(blank(r)).toBe(true);
        }
        for (const r of rows) expect(r).toBeLessThanOrEqual(result.tableEnd);
        for (const l of result.lines) {
          expect(Number.isInteger(l.quantityPerBoard) && l.quantityPerBoard > 0).toBe(true);
          expect(l.partNumber).not.toBe('');
        }
      }),
      { numRuns: 500 },
    );
  });

  // How fast is the benchmarks' business (npm run bench bom-large), not a timed test's: this machine is shared.
  it('reads a large BOM whole', () => {
    const cells: Cell[][] = [['Designator', 'Qty', 'MPN', 'Manufacturer', 'Description']];
    for (let i = 0; i < 20000; i++)
      cells.push([
        `R${i * 2 + 1}, R${i * 2 + 2}`,
        2,
        `PART-${i % 500}`,
        i % 2 ? 'TI' : 'Texas Instruments',
        'RES 10K 1% 0603',
      ]);
    const result = readBom(cells);
    expect(result.lines).toHaveLength(20000);
    expect(result.lines[19999]).toMatchObject({ partNumber: 'PART-499', quantityPerBoard: 2 });
  });
});
