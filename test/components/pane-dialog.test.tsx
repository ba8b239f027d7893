/**
 * The pane's questions as a dialog of the page (no focus sentinels): named by its title, described by its text,
 * the first answer focused, Escape the same answer as Cancel, nothing in the page once answered.
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { fireEvent, render, screen } from '@testing-library/react';
import type { OverwriteChoice, OverwriteQuestion } from '../../src/excel/priced-sheet';
import { OverwriteDialog } from '../../taskpane/components/OverwriteDialog';

const QUESTION: OverwriteQuestion = { usedAddress: 'BOM!G3', targetAddress: 'BOM!G1:AB5', what: 'results' };

function renderDialog(question: OverwriteQuestion | null, answers: OverwriteChoice[]) {
  return render(
    <FluentProvider theme={webLightTheme}>
      <OverwriteDialog question={question} onAnswer={(a) => answers.push(a)} />
    </FluentProvider>,
  );
}

describe('the pane dialog', () => {
  test('named by its title and described by its text, the first answer focused; Escape answers "cancel"', () => {
    const answers: OverwriteChoice[] = [];
    renderDialog(QUESTION, answers);
    const dialog = screen.getByRole('alertdialog', { name: 'Cells beside the BOM are in use' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toContain(
      'but BOM!G3 already holds values that Partsheet did not write',
    );
    expect(document.activeElement?.textContent).toBe('Use empty columns');
    // Nothing in it is hidden from screen readers and focusable at once.
    expect(dialog.querySelectorAll('[aria-hidden="true"][tabindex="0"], [data-tabster-dummy]')).toHaveLength(0);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(answers).toEqual(['cancel']);
    fireEvent.click(screen.getByRole('button', { name: 'Replace' }));
    expect(answers).toEqual(['cancel', 'replace']);
  });

  test('nothing of it is in the page while nothing is asked', () => {
    const { container } = renderDialog(null, []);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(container.querySelector('dialog')).toBeNull();
    expect(document.querySelectorAll('[data-tabster-dummy]')).toHaveLength(0);
  });
});
