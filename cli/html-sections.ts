/**
 * A list an HTML page writes as a table per section (html-table.ts): which tables are one list, joined as Excel
 * shows the page, each section kept for `--sheet` to name.
 */
import type { Cell, MergedRange } from '../src/bom';
import { cellText } from '../src/text/normalize';

/** A page's table as html-table.ts reads it: the fields joining reads and writes. */
interface Section {
  name: string;
  rows: Cell[][];
  merged: MergedRange[];
  places: number[];
  before?: string;
  sections?: Section[];
}

/** A table's header row as compared: its cells' text, trimmed and in lower case. */
const headerKey = (t: Section): string => (t.rows[0] ?? []).map((c) => cellText(c).trim().toLowerCase()).join('\t');

/** A section's heading that offers a choice ("Option B", "Alternative", "Version 2", "… or …"): kept apart. */
const CHOICE =
  /\b(?:option\w*|opci[oó]n\w*|opcional|opzion\w*|optie|alternativ\w*|variant\w*|versions?|versie|versi[oó]n|wersja|choose|or|oder|ou)\b|或|または/i;

/**
 * Whether the page between two tables holds only a section's heading: an <h1>–<h6> (read apart, as the table's name)
 * or Markdown's "### …" lines, and no prose; a heading offering a choice is none.
 */
function onlyHeadingBetween(t: Section): boolean {
  const lines = (t.before ?? '')
    .replace(/&nbsp;?|&#160;|\u00a0/gi, ' ')
    .split('\n')
    .filter((line) => line.trim() !== '');
  return lines.every((line) => /^\s*#{1,6}\s/.test(line)) && !CHOICE.test(`${lines.join(' ')} ${t.name}`);
}

/**
 * A list written as a table per section, each under its heading with the same header ("Winkel, Article Nr,
 * Description, Amount" four times), is one list, as Excel shows the page: the tables one under the other, each
 * header kept (the reader passes over a header repeated). Only tables next to each other on the page with nothing but
 * a heading between them (no prose, no "Option B" or "or"), of three named columns or more, never one nested in
 * another; each section stays a sheet `--sheet` may name.
 */
export function joinSections<T extends Section>(tables: T[]): T[] {
  const out: T[] = [];
  for (const t of tables) {
    const last = out[out.length - 1];
    const named = (t.rows[0] ?? []).filter((c) => typeof c === 'string' && c.trim() !== '').length;
    if (
      last !== undefined &&
      named >= 3 &&
      headerKey(last) === headerKey(t) &&
      t.places[0] === last.places[last.places.length - 1] + 1 &&
      onlyHeadingBetween(t) &&
      !CHOICE.test(last.name)
    ) {
      const offset = last.rows.length;
      out[out.length - 1] = {
        ...last,
        rows: [...last.rows, ...t.rows],
        merged: [...last.merged, ...t.merged.map((m) => ({ ...m, top: m.top + offset, bottom: m.bottom + offset }))],
        places: [...last.places, ...t.places],
        sections: [...(last.sections ?? [last]), t],
      };
    } else out.push(t);
  }
  return out;
}
