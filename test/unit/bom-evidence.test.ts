/**
 * The part-number column chosen with evidence (how its values look, what a catalog knows of a sample) and the
 * reading explained: every field's column and why, the candidates not taken, and every row accounted for.
 */
import { accountRows, explainReading, looksLikeInternalCodes, readBom, readBomJudged } from '../../src/bom';

/** A contract manufacturer's ERP export: its own stock codes first, the manufacturer part number further right. */
const ERP = [
  ['Item', 'Embest P/N', 'Part Type', 'QTY', 'Location', 'Manufacturer', 'Manufacture P/N', 'Description'],
  [1, '1001001000780', 'PCB', 1, '', 'AVL', 'Board PCB Rev A1', 'PCB'],
  [2, '1002001100053', 'MPU', 1, 'U4', 'TI', 'AM5729BABCXEAR', 'IC ARM'],
  [3, '1002004100054', 'Power', 1, 'U48', 'TI', 'TPS2051BDGN', 'IC switch'],
  [4, '1002004100287', 'Power', 2, 'U1,U2', 'Texas Instruments', 'TPS51200DRCR', 'IC DDR'],
  [5, '1002008100067', 'Logic', 1, 'U6', 'TI', 'SN74LVC1G08DCKR', 'IC gate'],
];

describe('the part-number column, judged on evidence', () => {
  test('long all-digit codes of one length are in-house codes; makers\u2019 digit-only numbers are not', () => {
    expect(looksLikeInternalCodes(['1002001100053', '1002004100054', '1002004100287', '1001001000780-02'])).toBe(true);
    expect(looksLikeInternalCodes(['742792609', 'BAV99-7-F', 'LM358DR', '1715190'])).toBe(false);
  });

  test("an ERP's 'Manufacture P/N' beats its '<Company> P/N' of stock codes, and says why", () => {
    const read = readBom(ERP);
    expect(read.mapping.partNumber).toBe(6);
    expect(read.lines.map((l) => l.partNumber)).toEqual([
      'AM5729BABCXEAR',
      'TPS2051BDGN',
      'TPS51200DRCR',
      'SN74LVC1G08DCKR',
    ]);
    // The bare board is no part to buy.
    expect(read.skipped.map((s) => [s.row, s.detail])).toEqual([
      [1, 'the bare board (PCB), not a part to buy from a distributor'],
    ]);
    const embest = read.partNumberCandidates.find((c) => c.header === 'Embest P/N');
    expect(embest).toMatchObject({ internalCodes: true, lookLike: 0, named: 1 });
    const text = explainReading(read).join('\n');
    expect(text).toContain(
      "MPN: 'Manufacture P/N' (column G) — 4 of 5 look like part numbers; named as the manufacturer part number",
    );
    expect(text).toContain(
      "not taken: 'Embest P/N' (column B) — 0 of 5 look like part numbers (in-house codes: long numbers all of one length)",
    );
  });

  test('a catalog that knows the values of another column makes it the part number, and the evidence says so', async () => {
    // Both columns look like part numbers; the header names the in-house one "Part Number".
    const cells = [
      ['Part Number', 'Qty', 'Ref', 'Mfr Ref'],
      ['EMB-R-0001', 2, 'R1,R2', 'RC0603FR-0710KL'],
      ['EMB-C-0002', 1, 'C1', 'GRM155R71C104KA88D'],
      ['EMB-U-0003', 1, 'U1', 'LM358DR'],
      ['EMB-D-0004', 1, 'D1', 'BAV99-7-F'],
    ];
    expect(readBom(cells).mapping.partNumber).toBe(0);
    const known = new Set(['RC0603FR-0710KL', 'GRM155R71C104KA88D', 'LM358DR', 'BAV99-7-F']);
    const asked: string[][] = [];
    const read = await readBomJudged(cells, {}, async (parts) => {
      asked.push([...parts]);
      return parts.map((p) => known.has(p));
    });
    expect(asked).toHaveLength(2);
    expect(read.mapping.partNumber).toBe(3);
    expect(read.lines.map((l) => l.partNumber)).toEqual([
      'RC0603FR-0710KL',
      'GRM155R71C104KA88D',
      'LM358DR',
      'BAV99-7-F',
    ]);
    const text = explainReading(read).join('\n');
    expect(text).toContain("MPN: 'Mfr Ref' (column D) — 4 of 4 known to the catalog; 4 of 4 look like part numbers");
    expect(text).toContain("not taken: 'Part Number' (column A) — 0 of 4 known to the catalog");
    expect(read.warnings.map((w) => w.message)).toContain(
      "The catalog knows 4 of 4 values of 'Mfr Ref' (column D) and 0 of 4 of 'Part Number' (column A): the part number is read from 'Mfr Ref' (column D).",
    );
  });

  test('a catalog that cannot answer leaves the choice to header and looks, and says so', async () => {
    const read = await readBomJudged(ERP, {}, async () => {
      throw new Error('service unavailable');
    });
    expect(read.mapping.partNumber).toBe(6);
    expect(read.warnings.map((w) => w.message)).toContain(
      'The catalog could not judge the part-number column (service unavailable); it was chosen by its header and values.',
    );
  });
});

describe('every row accounted for', () => {
  test('titles, the header, lines, DNP lines, lines without a part number and rows that are no lines, each with its reason', () => {
    const read = readBom([
      ['Bill of materials, rev B'],
      [],
      ['Designator', 'Qty', 'MPN', 'Value', 'Notes'],
      ['R1, R2', 2, 'RC0603FR-0710KL', '10k', ''],
      ['R3', 1, 'RC0603FR-0710KL', '10k', 'NI'],
      ['J1', 1, '', 'Header 1x8', ''],
      ['FID1, FID2', 2, '', 'Fiducial', ''],
      ['PASSIVES'],
    ]);
    expect(accountRows(read).map((r) => [r.sheetRow, r.kind, r.reason])).toEqual([
      [1, 'outside', 'above the header row (a title or note)'],
      [3, 'header', 'the header row'],
      [4, 'line', '2 × RC0603FR-0710KL'],
      [5, 'dnp', 'not placed (DNP column: "NI")'],
      [
        6,
        'incomplete',
        'a line to buy (1 per board; "Header 1x8") with no manufacturer part number to price it by: add one',
      ],
      [7, 'not-purchase', 'a PCB feature ("Fiducial"), not a part'],
      [8, 'not-a-line', 'no part number ("PASSIVES")'],
    ]);
  });
});
