/**
 * Text lists whose every field is quoted while the quotes inside a field are left as they are: Altium's tab-separated
 * BOM writes an inch mark as `"CONN 10CIRC 0.325""`, which a CSV reader takes for an escaped quote and reads on into
 * the next lines. Such a text is read a line to a row, its fields between the `"<delimiter>"` boundaries, when every
 * line after the header reads so into as many fields as the header has: the evidence that the writer quoted whole
 * fields and escaped nothing. A file whose quoted fields hold line breaks (KiCad's) never reads so.
 */

/** A line's fields: quoted whole (`"a"<d>"b"`), or, for a header, plain text split at the delimiter. */
function fieldsOf(line: string, delimiter: string): string[] | null {
  if (line.length >= 2 && line.startsWith('"') && line.endsWith('"')) return line.slice(1, -1).split(`"${delimiter}"`);
  return line.includes('"') ? null : line.split(delimiter);
}

/** The rows of such a text, or null when it is not one (see above); blank lines are empty rows. */
export function quotedLineCells(body: string, delimiter: string): string[][] | null {
  const lines = body.split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  const first = lines.findIndex((l) => l.trim() !== '');
  if (first < 0) return null;
  const header = fieldsOf(lines[first], delimiter);
  if (header === null || header.length < 2) return null;
  const rows: string[][] = [];
  let quoted = 0;
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '' || i < first) {
      rows.push([]);
      continue;
    }
    const fields = i === first ? header : line.startsWith('"') ? fieldsOf(line, delimiter) : null;
    if (fields === null || fields.length !== header.length) return null;
    // A doubled quote inside a field is an escaped one: that writer escaped its quotes, and a CSV reader reads it.
    if (fields.some((f) => f.slice(0, -1).includes('""'))) return null;
    if (i > first) quoted++;
    rows.push(fields);
  }
  return quoted >= 2 ? rows : null;
}
