import {
  MAX_SHEETS_JUDGED,
  type SheetJudgement,
  chooseBomSheet,
  judgeSheet,
  sheetQuestion,
  sheetQuestionWords,
} from '../../src/bom/sheets';
import { sheetsToJudge } from '../../taskpane/sheet-choice';

const BOM = [
  ['Qty', 'MPN', 'Designator'],
  [2, 'RC0603FR-0710KL', 'R1, R2'],
  [1, 'LM358DR', 'U1'],
  [4, 'GRM188R71H104KA93D', 'C1, C2, C3, C4'],
];
const SHORTER = BOM.slice(0, 3);

function judged(sheets: Array<[string, (string | number)[][]]>): SheetJudgement[] {
  return sheets.map(([name, cells], i) => judgeSheet(name, i, cells));
}

describe('sheetQuestion', () => {
  test('a selection on a draft beside the BOM: the BOM sheet is offered, in words from the records', () => {
    const choice = chooseBomSheet(
      judged([
        ['Digikey Final', BOM],
        ['DO NOT USE', SHORTER],
      ]),
    );
    const q = sheetQuestion(choice, 'do not use');
    expect(q).toMatchObject({ why: 'passed-over', selected: { name: 'DO NOT USE' }, other: { name: 'Digikey Final' } });
    expect(sheetQuestionWords(q!)).toBe(
      "Sheet 'DO NOT USE' is named a draft. Sheet 'Digikey Final' (3 lines) looks like the BOM. Read 'Digikey Final'?",
    );
  });

  test('the chosen sheet selected, beside a read-me or alone, asks nothing', () => {
    const readMe = judged([
      ['Read me', [['Notes on the build'], ['Order from Digi-Key']]],
      ['BOM', BOM],
    ]);
    expect(sheetQuestion(chooseBomSheet(readMe), 'BOM')).toBeUndefined();
    expect(sheetQuestion(chooseBomSheet(judged([['BOM', BOM]])), 'BOM')).toBeUndefined();
  });

  test('a second board of another size is not questioned: it is no draft and not close', () => {
    const big = [...BOM, ...Array.from({ length: 20 }, (_, i) => [1, `PN-${i}`, `R${10 + i}`])];
    const choice = chooseBomSheet(
      judged([
        ['Main board', big],
        ['Daughter board', SHORTER],
      ]),
    );
    expect(sheetQuestion(choice, 'Daughter board')).toBeUndefined();
  });

  test('two sheets that come close: each offers the other', () => {
    const choice = chooseBomSheet(
      judged([
        ['Board A', BOM],
        ['Board B', BOM],
      ]),
    );
    const onA = sheetQuestion(choice, 'Board A');
    const onB = sheetQuestion(choice, 'Board B');
    expect(onA).toMatchObject({ why: 'rival', other: { name: 'Board B' } });
    expect(onB).toMatchObject({ why: 'rival', other: { name: 'Board A' } });
    expect(sheetQuestionWords(onB!)).toBe(
      "Sheet 'Board B' (3 lines) and sheet 'Board A' (3 lines) both look like the BOM. Read 'Board A'?",
    );
  });

  test('a sheet without a table, or not judged, says so or asks nothing', () => {
    const choice = chooseBomSheet(
      judged([
        ['Sheet1', [['hello']]],
        ['Parts', BOM],
      ]),
    );
    const q = sheetQuestion(choice, 'Sheet1');
    expect(sheetQuestionWords(q!)).toBe(
      "Sheet 'Sheet1' holds no BOM table. Sheet 'Parts' (3 lines) looks like the BOM. Read 'Parts'?",
    );
    expect(sheetQuestion(choice, 'Elsewhere')).toBeUndefined();
  });
});

describe('sheetsToJudge', () => {
  test("the selection's sheet and others in workbook order, not the add-in's own, at most MAX_SHEETS_JUDGED", () => {
    const names = ['Summary', ...Array.from({ length: 14 }, (_, i) => `S${i}`), 'Orders'];
    const picked = sheetsToJudge(names, 's13');
    expect(picked).toHaveLength(MAX_SHEETS_JUDGED);
    expect(picked[0]).toEqual({ name: 'S0', index: 1 });
    expect(picked[picked.length - 1]).toEqual({ name: 'S13', index: 14 });
    expect(picked.map((p) => p.name)).not.toContain('Summary');
    expect(sheetsToJudge(names, 'Summary')[0]).toEqual({ name: 'Summary', index: 0 });
    expect(sheetsToJudge(names, 'missing')).toEqual([]);
  });
});
