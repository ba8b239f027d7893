/**
 * A parts list written as a Markdown bullet list, each item a count and what it is ("* 2x 0805 10uF 16V Capacitor
 * (Mouser: 187-CL21A106KOQNNNE)", "- 3 x M3 screws", or the count after it: "- MOSFET BF998, SOT143B - **1 pcs.**"):
 * each item a row of its text and its count, at its line of the text, so that the reader reads it as any list of
 * names beside their counts. An item written over several lines (its links on the lines under it) is one row, at its
 * bullet's line. Headings and prose between items stay rows of one cell (the title above the first item is left out);
 * an item under another (a note on the one above: "* * (package includes …)") is one cell too. A page whose headed
 * list follows an overview in bullets ("bag 2: I2C modules") is read from its first heading.
 */
/** A bullet ("*", "-" or "+") and the item's text, after a task list's box ("- [x] 2x 74LS02"). */
const BULLET = /^(\s{0,3})[*+-]\s+(?:\[[ xX]\]\s+)?(.*)$/;
/** A Markdown heading ("## Sensor Modules"). */
const HEADING = /^\s{0,3}(#{1,6})\s/;
/** A heading's level (its count of #), 0 for a line that is none. */
const level = (line: string): number => HEADING.exec(line)?.[1].length ?? 0;
/**
 * An item's count before its text: "2x ", "2 x ", "2× ", "2 pcs ", "2 x 10KΩ resistors"; never a size ("50 x 50 mm",
 * "2 x 20 pin").
 */
const COUNTED =
  /^(\d{1,4})(?:[x×]|\s+[x×](?!\s*\d+(?:[.,]\d+)?\s*(?:(?:mm|cm|m|in|inch|pins?|pol|ways?|p|x|×)(?!\p{L})|"|$))|\s*(?:pcs\.?|pieces))\s+(\S.*)$/iu;
/**
 * An item's count after its text, after a dash and in bold: "… ) - **4 pcs.**". Not in plain words ("Resistor kit - 600
 * pcs" says what the kit holds).
 */
const COUNTED_AFTER = /^(.*?\S)\s*[-–—]\s*\*\*\s*(\d{1,4})\s*(?:pcs?\.?|pieces)\s*\*\*\s*$/i;
/**
 * An item that is a link to a web page of what it names ("[analog joystick](https://…/product/512)"): one of it, as a
 * kit lists it. A link to a document (a datasheet, the project's own pages) is none.
 */
const LINKED = /^\[[^\]]+\]\(https?:\/\/[^)\s]+\)/i;
const linksToPage = (text: string): boolean => LINKED.test(text) && !/^\[[^\]]+\]\([^)\s]+\.pdf\)/i.test(text);
/** A line of a delimited table: two commas, a tab or two semicolons. */
const DELIMITED = /\t|,.*,|;.*;/;
/** An item written as a record's fields: three commas, a tab or two semicolons ("100pF, 16V+, 0805" is a name). */
const FIELDS = /\t|,.*,.*,|;.*;/;
/** At least so many items must give their count, and most of the items give it or link to what they are. */
const MIN_COUNTED = 3;
/**
 * A heading that names what follows a parts list, the whole heading ("## Materiale occorrente", "### Parts list:",
 * "## Wymagania sprzętowe", "## Stückliste"): its bullets are the parts however few give a count, one of each where
 * none is given ("LED verde"), as a buyer reads a list of what is needed.
 */
const PARTS_HEADING = new RegExp(
  String.raw`^\s{0,3}#{1,6}\s+[*_]*(?:` +
    [
      'bill of materials|bom|parts (?:list|needed|required)|components? (?:list|needed|required)',
      'materials?(?: list| needed| required)?|hardware (?:needed|required|requirements)|shopping list|what you need',
      'materiale(?: occorrente| necessario)?|materiali|(?:lista|elenco) (?:dei )?componenti',
      'wymagania sprzętowe|(?:lista|wykaz) (?:części|elementów|komponentów)',
      'stückliste|bauteilliste|materialliste|teileliste|benötigte (?:teile|bauteile|hardware)',
      'liste (?:des )?(?:composants|matériel)|matériel nécessaire',
      'lista de (?:materiales|componentes|materiais)|materiales|materiais',
    ].join('|') +
    String.raw`)[*_]*\s*(?::\s*)?$`,
  'iu',
);

interface Item {
  /** The line (0-based) of its bullet. */
  line: number;
  /** Its bullet's line's text. */
  head: string;
  /** The spaces before its bullet: an item under another is indented more. */
  indent: number;
  /** Its text, with the lines it goes on over. */
  text: string;
}

/** The list's cells, a row a line, or null when the text is no such list. */
export function bulletListCells(text: string): string[][] | null {
  const lines = text.split('\n').map((raw) => raw.replace(/\r$/, ''));
  if (lines.length > 5000) return null;
  const rows: string[][] = lines.map(() => []);
  const items: Item[] = [];
  let open: Item | null = null;
  lines.forEach((line, i) => {
    const bullet = BULLET.exec(line);
    if (bullet !== null && !BULLET.test(bullet[2])) {
      open = { line: i, head: bullet[2].trim(), indent: bullet[1].length, text: bullet[2].trim() };
      items.push(open);
    } else if (
      open !== null &&
      line.trim() !== '' &&
      !/^\s*[*+-]\s/.test(line) &&
      !HEADING.test(line) &&
      !line.includes('|')
    ) {
      // A line right under an item, no bullet or heading of its own: the item goes on (its links, its count).
      open.text = `${open.text} ${line.trim()}`;
    } else {
      open = null;
      rows[i] = line.trim() === '' ? [] : [line.trim()];
    }
  });
  if (items.length === 0) return null;
  const read = items.map((item) => {
    const before = COUNTED.exec(item.text);
    const after = before === null ? COUNTED_AFTER.exec(item.text) : null;
    const name = before?.[2] ?? after?.[1] ?? item.text;
    // An item that is a link to what it names, with no count of its own, is one of it.
    const count = before?.[1] ?? after?.[2] ?? (linksToPage(item.text) ? '1' : '');
    return { ...item, counted: before !== null || after !== null, row: [name.trim(), count] };
  });
  // The list starts at its first heading where the bullets above it mostly give no count (an overview: "bag 2: I2C
  // modules") and most counted items come after it; counted items above a heading are the list's own.
  const heading = lines.findIndex((l) => level(l) > 1);
  const above = read.filter((r) => r.line < heading);
  const countedAbove = above.filter((r) => r.counted).length;
  const countedBelow = read.filter((r) => r.line > heading && r.counted).length;
  const overview =
    heading > 0 && above.length > 0 && countedAbove * 3 < above.length && countedBelow > countedAbove * 2;
  const start = overview ? heading : 0;
  const listed = read.filter((r) => r.line >= start);
  const first = Math.min(...listed.map((r) => r.line));
  // The title and prose above the first item are no part of the list: blank rows, so that it starts at its items.
  // (Math.min of no items is Infinity: every row blank, and the list is refused below for want of counted items.)
  for (let i = 0; i < lines.length; i++) if (i < first) rows[i] = [];
  for (const r of listed) rows[r.line] = r.row;
  const counted = listed.filter((r) => r.counted).length;
  const linked = listed.filter((r) => !r.counted && linksToPage(r.row[0])).length;
  // A text that holds a table of its own beside its bullets (a CSV and a note of extras below it) is read as that
  // table; so is a list whose items are themselves fields split by commas. Prose above the list's heading is neither.
  const others = lines.filter((l, i) => i >= start && !BULLET.test(l) && DELIMITED.test(l)).length;
  const fielded = listed.filter((r) => r.counted && FIELDS.test(r.head)).length;
  if (others >= MIN_COUNTED || fielded * 2 > counted) return null;
  if (counted >= MIN_COUNTED && (counted + linked) * 3 >= listed.length * 2) return rows;
  // Too few counts for a list by its items alone: items under a heading naming a parts list are its parts all the
  // same, one of each where none is counted, and the page around them (its prose, its other lists) no part of it.
  const named = partsUnderHeading(lines, read);
  if (named === null) return null;
  const [from, to] = [named[0].line, named[named.length - 1].line];
  for (let i = 0; i < lines.length; i++) if (i < from || i > to) rows[i] = [];
  for (const r of named) rows[r.line] = [r.row[0], r.counted ? r.row[1] : '1'];
  return rows;
}

/**
 * The items of a heading that names a parts list (PARTS_HEADING), the first that has three or more (as a list of
 * names and counts is read; fewer are no list), none written as a
 * record's fields: those up to the next heading of its level or above (a heading below it, "##### Diodes:", keeps
 * the list in sections), an item under another (indented more) left as the note it is. Null when there are none.
 */
function partsUnderHeading<T extends Item & { row: string[]; counted: boolean }>(
  lines: readonly string[],
  read: T[],
): T[] | null {
  for (const [at, line] of lines.entries()) {
    if (!PARTS_HEADING.test(line)) continue;
    const next = lines.findIndex((l, i) => i > at && level(l) > 0 && level(l) <= level(line));
    const end = next < 0 ? lines.length : next;
    const under = read.filter((r) => r.line > at && r.line < end);
    const top = Math.min(...under.map((r) => r.indent));
    const items = under.filter((r) => r.indent === top);
    if (items.length >= MIN_COUNTED && !items.some((r) => FIELDS.test(r.head))) return items;
  }
  return null;
}
