/**
 * A parts list written as a Markdown bullet list, each item a count and what it is ("* 2x 0805 10uF 16V Capacitor
 * (Mouser: 187-CL21A106KOQNNNE)", "- 3 x M3 screws"): each item a row of its text and its count, at its line of the
 * text, so that the reader reads it as any list of names beside their counts. Headings and prose between items stay
 * rows of one cell (the title above the first item is left out); an item under another (a note on the one above:
 * "* * (package includes …)") is one cell too.
 */
/** A bullet ("*", "-" or "+") and the item's text. */
const BULLET = /^\s{0,3}[*+-]\s+(.*)$/;
/** An item's count before its text: "2x ", "2 x ", "2× ", "2 pcs "; never a size ("50 x 50 mm", "2 x 20 pin"). */
const COUNTED = /^(\d{1,4})(?:[x×]|\s+[x×](?!\s*\d)|\s*(?:pcs\.?|pieces))\s+(\S.*)$/i;
/** A line of a delimited table: two commas, a tab or two semicolons. */
const DELIMITED = /\t|,.*,|;.*;/;
/** At least so many items must start with their count, and most of the items. */
const MIN_COUNTED = 3;

/** The list's cells, a row a line, or null when the text is no such list. */
export function bulletListCells(text: string): string[][] | null {
  const lines = text.split('\n');
  if (lines.length > 5000) return null;
  let items = 0;
  let counted = 0;
  const rows: string[][] = lines.map((raw) => {
    const line = raw.replace(/\r$/, '');
    const bullet = BULLET.exec(line);
    // The title and prose above the first item are no part of the list: blank rows, so that it starts at its items.
    if (bullet === null || BULLET.test(bullet[1])) return line.trim() === '' || items === 0 ? [] : [line.trim()];
    items++;
    const count = COUNTED.exec(bullet[1].trim());
    if (count === null) return [bullet[1].trim(), ''];
    counted++;
    return [count[2].trim(), count[1]];
  });
  // A text that holds a table of its own beside its bullets (a CSV and a note of extras below it) is read as that
  // table; so is a list whose items are themselves fields split by commas.
  const others = lines.filter((l) => !BULLET.test(l) && DELIMITED.test(l)).length;
  const fielded = rows.filter((r) => r.length === 2 && r[1] !== '' && DELIMITED.test(r[0])).length;
  if (others >= MIN_COUNTED || fielded * 2 > counted) return null;
  return counted >= MIN_COUNTED && counted * 3 >= items * 2 ? rows : null;
}
