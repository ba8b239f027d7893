/** The warnings a pricing command prints: the first twenty, then how many more, each made safe for a terminal. */
import { showWarnings } from '../../cli/io';

describe('showWarnings', () => {
  test('the first 20 of 23 warnings, then "and 3 more warnings", each named by its command', () => {
    const lines: string[] = [];
    showWarnings(
      { err: (l) => lines.push(l) },
      'plan',
      Array.from({ length: 23 }, (_, i) => `row ${i + 1} odd`),
    );
    expect(lines).toHaveLength(21);
    expect(lines[0]).toBe('partsheet plan: warning: row 1 odd');
    expect(lines[19]).toBe('partsheet plan: warning: row 20 odd');
    expect(lines[20]).toBe('partsheet plan: warning: and 3 more warnings');
  });

  test('20 warnings or fewer: all of them and no count; control characters never reach the terminal', () => {
    const lines: string[] = [];
    showWarnings({ err: (l) => lines.push(l) }, 'price', ['a\u001b[2Jb', 'c']);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^partsheet price: warning: a/);
    expect(lines[0]).not.toContain('\u001b');
  });
});
