/**
 * Rows as a plain-text table, as the command line prints them: each column as wide as its longest cell (header
 * included), two spaces between columns, the last column not padded, no spaces at a line's end. Columns for which
 * `right` is true are aligned to the right.
 */
export function textTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  right: (column: number) => boolean,
): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : right(i) ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}
