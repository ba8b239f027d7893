import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { columnLetters } from '../../src/excel';
import { harness, renderPane, type Harness } from './helpers';

const FINAL = [
  ['Qty', 'Digi-Key PN', 'Designator'],
  [2, '311-10.0KHRCT-ND', 'R1, R2'],
  [1, '296-1395-5-ND', 'U1'],
  [4, '1276-1000-1-ND', 'C1, C2, C3, C4'],
  [1, '160-1446-1-ND', 'D1'],
];
const DRAFT = [
  ['Qty', 'Digi-Key PN', 'Designator'],
  [2, '311-10.0KHRCT-ND', 'R1, R2'],
  [1, '296-9999-5-ND', 'U1'],
];

/** A pane over a workbook of these sheets, each with its rows from A1; `select` names the sheet selected. */
function workbook(sheets: Record<string, (string | number)[][]>, select: string): Harness {
  const h = harness({ sheets: Object.keys(sheets) });
  for (const [name, rows] of Object.entries(sheets))
    if (rows.length > 0) h.book.setValues(name, `A1:${columnLetters(rows[0].length - 1)}${rows.length}`, rows);
  const rows = sheets[select];
  h.book.select(select, `A1:${columnLetters(rows[0].length - 1)}${rows.length}`);
  return h;
}

async function useSelection(): Promise<void> {
  fireEvent.click(screen.getByRole('button', { name: 'Use selection' }));
  await screen.findByTestId('bom-counts');
  await waitFor(() =>
    expect((screen.getByRole('button', { name: 'Use selection' }) as HTMLButtonElement).disabled).toBe(false),
  );
}

const partNumbers = (h: Harness) =>
  (h.controller.getState().bom?.read?.lines ?? [])
    .map((l) => [l.partNumber, ...l.supplierPartNumbers].join(' '))
    .join(' | ');

describe('the sheet of the selection', () => {
  test('a selection on a draft sheet asks whether to read the BOM sheet; reading it takes its lines', async () => {
    const h = workbook({ 'Digikey Final': FINAL, 'DO NOT USE': DRAFT }, 'DO NOT USE');
    renderPane(h);
    await useSelection();
    const question = await screen.findByTestId('sheet-question');
    expect(question.textContent).toContain(
      "Sheet 'DO NOT USE' is named a draft. Sheet 'Digikey Final' (4 lines) looks like the BOM. Read 'Digikey Final'?",
    );
    expect(screen.getByTestId('bom-counts').textContent).toContain('2 lines');
    fireEvent.click(screen.getByRole('button', { name: "Read 'Digikey Final'" }));
    await waitFor(() => expect(screen.getByTestId('bom-found').textContent).toContain("'Digikey Final'!A1:C5"));
    expect(screen.getByTestId('bom-counts').textContent).toContain('4 lines');
    expect(screen.queryByTestId('sheet-question')).toBeNull();
    expect(partNumbers(h)).toContain('160-1446-1-ND');
    // The sheet read is shown in Excel.
    expect(h.book.activeSheetName()).toBe('Digikey Final');
  });

  test('"Keep this sheet" keeps the selection and is not asked again', async () => {
    const h = workbook({ 'Digikey Final': FINAL, 'DO NOT USE': DRAFT }, 'DO NOT USE');
    renderPane(h);
    await useSelection();
    await screen.findByTestId('sheet-question');
    fireEvent.click(screen.getByRole('button', { name: 'Keep this sheet' }));
    await waitFor(() => expect(screen.queryByTestId('sheet-question')).toBeNull());
    expect(screen.getByTestId('bom-found').textContent).toContain("'DO NOT USE'!A1:C3");
    expect(partNumbers(h)).toContain('296-9999-5-ND');
    await useSelection();
    expect(screen.queryByTestId('sheet-question')).toBeNull();
    expect(screen.getByTestId('bom-counts').textContent).toContain('2 lines');
  });

  test('a workbook of one sheet asks nothing', async () => {
    const h = workbook({ BOM: FINAL }, 'BOM');
    renderPane(h);
    await useSelection();
    expect(screen.queryByTestId('sheet-question')).toBeNull();
    expect(h.controller.getState().bom?.sheetQuestion).toBeUndefined();
  });

  test('the selection on the BOM, beside a read-me, asks nothing', async () => {
    const h = workbook(
      {
        'Read me': [['This workbook holds the BOM of the widget.'], ['Order from Digi-Key.']],
        BOM: FINAL,
      },
      'BOM',
    );
    renderPane(h);
    await useSelection();
    expect(screen.queryByTestId('sheet-question')).toBeNull();
    expect(h.controller.getState().bom?.sheetQuestion).toBeUndefined();
    await act(async () => undefined);
  });
});
