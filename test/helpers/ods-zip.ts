/**
 * A made-up OpenDocument spreadsheet: a zip whose first entry is the mimetype, stored, and whose content.xml holds
 * the tables given (deflated), as LibreOffice writes them. For the ODS reader's own tests.
 */
import { zipOf } from '../../cli/zip-writer';

const NAMESPACES =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ' +
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" ' +
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"';

/** An .ods workbook of the tables given, each its table:table element's inner XML (rows and cells). */
export function odsOf(
  tables: { name: string; xml: string }[],
  options: { content?: boolean; mimetypeExtra?: Buffer } = {},
): Buffer {
  const body = tables
    .map((t) => `<table:table table:name="${t.name}"><table:table-column/>${t.xml}</table:table>`)
    .join('');
  const content = `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${NAMESPACES}><office:body><office:spreadsheet>${body}</office:spreadsheet></office:body></office:document-content>`;
  return zipOf([
    {
      name: 'mimetype',
      data: Buffer.from('application/vnd.oasis.opendocument.spreadsheet'),
      stored: true,
      ...(options.mimetypeExtra ? { extra: options.mimetypeExtra } : {}),
    },
    ...(options.content === false ? [] : [{ name: 'content.xml', data: Buffer.from(content, 'utf8'), stored: false }]),
    { name: 'META-INF/manifest.xml', data: Buffer.from('<manifest/>'), stored: false },
  ]);
}

/**
 * A flat OpenDocument document (.fods as LibreOffice writes it: styles, then the body, in one XML file, not zipped) of
 * the tables given; `mimetype` is its root's (a spreadsheet's unless told).
 */
export function flatOdsOf(
  tables: { name: string; xml: string }[],
  mimetype = 'application/vnd.oasis.opendocument.spreadsheet',
): Buffer {
  const body = tables
    .map((t) => `<table:table table:name="${t.name}"><table:table-column/>${t.xml}</table:table>`)
    .join('');
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<office:document ${NAMESPACES} office:version="1.3" office:mimetype="${mimetype}">` +
      `<office:styles><style:style style:name="Default" style:family="table-cell"/></office:styles>` +
      `<office:body><office:spreadsheet>${body}</office:spreadsheet></office:body></office:document>`,
    'utf8',
  );
}

/** A text cell. */
export const text = (t: string, attrs = ''): string =>
  `<table:table-cell office:value-type="string"${attrs}><text:p>${t}</text:p></table:table-cell>`;
/** A number cell as Calc writes it: the value, and the text shown. */
export const number = (n: number, shown = String(n), attrs = ''): string =>
  `<table:table-cell office:value-type="float" office:value="${n}"${attrs}><text:p>${shown}</text:p></table:table-cell>`;
/** A row of the cells given. */
export const row = (cells: string, attrs = ''): string => `<table:table-row${attrs}>${cells}</table:table-row>`;
