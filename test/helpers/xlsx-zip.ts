/**
 * A minimal XLSX workbook written by hand as a zip of deflated parts, for hostile-file tests: its one sheet's XML
 * is given whole, so a test can make a small file whose XML expands to hundreds of thousands of rows.
 */
import { inflateRawSync } from 'node:zlib';
import { zipOf } from '../../cli/zip-writer';

const PARTS: Record<string, string> = {
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  '_rels/.rels':
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  'xl/workbook.xml':
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="BOM" sheetId="1" r:id="rId1"/></sheets></workbook>',
  'xl/_rels/workbook.xml.rels':
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
};

/** The sheet XML of a BOM: a header row, then `lines` rows of one part number and a quantity. */
export function bomSheetXml(lines: number, partNumber = 'BAV99-7-F'): string {
  const row = (r: number, a: string, b: string) =>
    `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>${a}</t></is></c><c r="B${r}"${b === 'Qty' ? ' t="inlineStr"><is><t>Qty</t></is>' : `><v>${b}</v>`}</c></row>`;
  const rows = [row(1, 'MPN', 'Qty')];
  for (let r = 2; r <= lines + 1; r++) rows.push(row(r, partNumber, '1'));
  return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows.join('')}</sheetData></worksheet>`;
}

/** The bytes of an XLSX workbook whose one sheet, "BOM", is `sheetXml`. */
export function xlsxWithSheet(sheetXml: string): Buffer {
  return zipOf(
    Object.entries({ ...PARTS, 'xl/worksheets/sheet1.xml': sheetXml }).map(([name, text]) => ({
      name,
      data: Buffer.from(text),
      stored: false,
    })),
  );
}

/** Every part of an XLSX package (a zip) by its name, as text: what a test greps for what a file must not hold. */
export function xlsxParts(zip: Buffer): Map<string, string> {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error('not a zip: no end of directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const parts = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    parts.set(name, (method === 8 ? inflateRawSync(data) : data).toString('utf8'));
    at += 46 + nameLength + extra;
  }
  return parts;
}

/**
 * The text of column A of the sheet named `name` in a package's parts (xlsxParts), row by row, as this project's
 * writer keeps text (inline strings), with the sheet's state ('visible' when it has none); null when there is no such
 * sheet.
 */
export function sheetColumnA(parts: Map<string, string>, name: string): { state: string; cells: string[] } | null {
  const workbook = parts.get('xl/workbook.xml') ?? '';
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const sheet = new RegExp(`<sheet name="${escaped}" sheetId="\\d+"(?: state="(\\w+)")? r:id="(rId\\d+)"`).exec(
    workbook,
  );
  if (!sheet) return null;
  const rels = parts.get('xl/_rels/workbook.xml.rels') ?? '';
  const target = new RegExp(`Id="${sheet[2]}"[^>]*Target="([^"]+)"`).exec(rels)?.[1];
  const xml = target === undefined ? undefined : parts.get(`xl/${target}`);
  if (xml === undefined) throw new Error(`the package names sheet "${name}" but holds no part for it`);
  const unescape = (t: string) =>
    t
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  const cells = [...xml.matchAll(/<c r="A\d+"[^>]*t="inlineStr"><is><t[^>]*>([^<]*)<\/t><\/is><\/c>/g)].map((m) =>
    unescape(m[1]),
  );
  return { state: sheet[1] ?? 'visible', cells };
}
