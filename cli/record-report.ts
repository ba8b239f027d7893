/**
 * A parts list written as a report of records rather than a table (Bartels AutoEngineer's "STUECKLISTE"): each
 * record opens with a count and a labelled field ("  12 Gehaeuse .....: 1608-c"), more labelled fields follow
 * ("Wert .........: 100N"), then the designators on indented lines ("c20,c22,c23,"), a free-text description, and,
 * after a line holding '%' alone, the approved makers and their numbers ("panasonic  #  EEE-FK 1J 100 P").
 *
 * The report becomes a grid the table reader takes like any other: a header row just above the first record, one
 * row per record on the line of its count (so a row number is the file's line), every other line blank. Makers'
 * numbers are written for reading, spaces inside them and a trailing wildcard ('SMAJ28CA-*', 'STM32 F103CBT*'):
 * the number is taken without them; one with a wildcard inside ('112C-T?AR-R01') names a family, not an orderable
 * part, and is left out. The first number left is the line's, the others its approved alternates.
 */
/** A labelled field: an optional count, a label, a leader of dots, a colon and the value. */
const FIELD = /^(\s*)(?:(\d+)\s+)?(\p{L}[\p{L}\p{N} ._/-]*?)\s*\.{2,}\s*:\s?(.*)$/u;
/** A line of designators: names with a number, comma-separated, possibly ending with a comma (continued). */
const DESIGNATOR_LINE =
  /^\s*\p{L}[\p{L}\p{N}_]*\d[\p{L}\p{N}_]*(?:\s*,\s*\p{L}[\p{L}\p{N}_]*\d[\p{L}\p{N}_]*)*\s*,?\s*$/u;
/** A maker and a number: the maker's short name, an optional '#', the number (which may hold spaces). */
const MAKER_NUMBER = /^\s*(\S+)\s+(?:#\s+)?(\S.*?)\s*$/;

interface ReportRecord {
  line: number;
  count: string;
  fields: Map<string, string>;
  designators: string[];
  description: string[];
  makers: { maker: string; number: string }[];
}

/** The labelled records of a text, or null when it is not a report of them. */
function records(lines: readonly string[]): ReportRecord[] | null {
  const found: ReportRecord[] = [];
  let open: ReportRecord | null = null;
  let part: 'fields' | 'designators' | 'description' | 'makers' = 'fields';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const field = FIELD.exec(line);
    if (field?.[2] !== undefined) {
      open = { line: i, count: field[2], fields: new Map(), designators: [], description: [], makers: [] };
      open.fields.set(field[3], field[4].trim());
      found.push(open);
      part = 'fields';
      continue;
    }
    if (open === null) continue;
    // A line starting at the margin (a section's heading "Dioden: 17", a footer) closes the record.
    if (line.trim() !== '' && !/^\s/.test(line)) {
      open = null;
      continue;
    }
    if (line.trim() === '') {
      if (part === 'designators') part = 'description';
      continue;
    }
    if (part === 'fields' && field !== null) open.fields.set(field[3], field[4].trim());
    else if (line.trim() === '%') part = 'makers';
    else if (part === 'makers') {
      const m = MAKER_NUMBER.exec(line);
      if (m !== null) open.makers.push({ maker: m[1], number: m[2] });
    } else if ((part === 'fields' || part === 'designators') && DESIGNATOR_LINE.test(line)) {
      part = 'designators';
      open.designators.push(
        ...line
          .split(',')
          .map((d) => d.trim())
          .filter((d) => d !== ''),
      );
    } else {
      part = 'description';
      open.description.push(line.trim());
    }
  }
  if (found.length < 2) return null;
  // A report's records all open with the same label; two stray matches in a table's text do not make one.
  const first = found[0].fields.keys().next().value;
  const same = found.filter((r) => r.fields.keys().next().value === first).length;
  return same * 10 >= found.length * 8 ? found : null;
}

/** A maker's number as ordered: spaces and a trailing wildcard dropped; null when a wildcard is left inside. */
function orderable(number: string): string | null {
  const n = number.replace(/\s+/g, '').replace(/-?[*?]+$/, '');
  return n === '' || /[*?]/.test(n) ? null : n;
}

/**
 * The grid of a report of records, or null when the text is not one: at least two records, nearly all opening
 * with the same label.
 */
export function recordReportCells(text: string): string[][] | null {
  if (!/\.\.\s*:/.test(text.slice(0, 64 * 1024))) return null;
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  const found = records(lines);
  if (found === null) return null;
  const labels = [...new Set(found.flatMap((r) => [...r.fields.keys()]))];
  const makers = found.map((r) =>
    r.makers.flatMap((m) => {
      const number = orderable(m.number);
      return number === null ? [] : [{ maker: m.maker, number }];
    }),
  );
  const width = Math.max(0, ...makers.map((m) => m.length));
  const header: string[] = ['Qty', ...labels, 'Designator', 'Description'];
  for (let k = 1; k <= width; k++) {
    const index = k === 1 ? '' : ` ${k}`;
    header.push(`Manufacturer${index}`, `Manufacturer Part Number${index}`);
  }
  const cells: string[][] = lines.map(() => []);
  found.forEach((r, i) => {
    const row: string[] = [
      r.count,
      ...labels.map((l) => r.fields.get(l) ?? ''),
      r.designators.join(','),
      r.description.join(' '),
    ];
    for (const m of makers[i]) row.push(m.maker, m.number);
    cells[r.line] = row;
  });
  const headerLine = found[0].line - 1;
  if (headerLine < 0) return [header, ...cells];
  cells[headerLine] = header;
  return cells;
}
