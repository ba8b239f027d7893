/**
 * The OpenDocument spreadsheet reader (cli/ods.ts) on made-up workbooks written as LibreOffice Calc writes them:
 * values by type, text as shown, repeated rows and cells, merged and covered cells, comments left out, the sheet
 * named, the limits of every workbook, and a file found by its bytes whatever its name. (test/e2e/ods-libreoffice
 * checks it against files LibreOffice itself wrote.)
 */
import { parseBomFile, formatOf } from '../../cli/bomfile';
import { parseOds } from '../../cli/ods';
import { readBom } from '../../src/bom';
import { flatOdsOf, number, odsOf, row, text } from '../helpers/ods-zip';
import { xlsxWithSheet, bomSheetXml } from '../helpers/xlsx-zip';

const bom = (xml: string): Buffer => odsOf([{ name: 'BOM', xml }]);

describe('an OpenDocument spreadsheet read as its cells', () => {
  test('numbers by their value, text as shown, TRUE/FALSE, and empty cells as nothing', async () => {
    const book = bom(
      row(text('MPN') + text('Qty') + text('Price') + text('Fitted')) +
        row(
          text('LM358DR') +
            number(2) +
            '<table:table-cell office:value-type="currency" office:currency="EUR" office:value="0.125"><text:p>0,13 €</text:p></table:table-cell>' +
            '<table:table-cell office:value-type="boolean" office:boolean-value="true"><text:p>TRUE</text:p></table:table-cell>',
        ) +
        row(
          text('NE555P') +
            '<table:table-cell office:value-type="percentage" office:value="0.5"><text:p>50%</text:p></table:table-cell>' +
            '<table:table-cell office:value-type="date" office:date-value="2026-12-05"><text:p>05.12.26</text:p></table:table-cell>' +
            '<table:table-cell/>',
        ),
    );
    const sheet = await parseOds(book);
    expect(sheet).toMatchObject({ sheetName: 'BOM', sheetNames: ['BOM'], merged: [] });
    expect(sheet.cells).toEqual([
      ['MPN', 'Qty', 'Price', 'Fitted'],
      ['LM358DR', 2, 0.125, true],
      ['NE555P', 0.5, '05.12.26'],
    ]);
  });

  test('text as Calc writes it: runs of spaces, tabs, line breaks, paragraphs, entities; comments left out', async () => {
    const cell =
      '<table:table-cell office:value-type="string">\n  <office:annotation><text:p>a comment</text:p></office:annotation>' +
      '<text:p>R1,<text:s text:c="2"/>R2<text:tab/>&amp;\n   R3</text:p><text:p><text:span>second</text:span> <text:a xlink:href="https://x.test/?a=1&amp;b=2">line</text:a><text:line-break/>third &#x3a9; &lt;1&gt;</text:p></table:table-cell>';
    const sheet = await parseOds(bom(row(cell)));
    // White space written in the XML is kept as written, as LibreOffice Calc reads it (test/e2e/ods-libreoffice holds
    // the reader to Calc's reading); text:s, text:tab and text:line-break are what they say.
    expect(sheet.cells).toEqual([['R1,  R2\t&\n   R3\nsecond line\nthird Ω <1>']]);
  });

  test('repeated cells and rows are expanded where something follows; the empty rest of the sheet is not', async () => {
    const sheet = await parseOds(
      bom(
        row(text('MPN') + '<table:table-cell table:number-columns-repeated="2"/>' + text('Qty')) +
          row('<table:table-cell table:number-columns-repeated="16384"/>', ' table:number-rows-repeated="3"') +
          row(text('R', ' table:number-columns-repeated="2"') + number(1)) +
          row(number(7), ' table:number-rows-repeated="2"') +
          row('<table:table-cell table:number-columns-repeated="1024"/>', ' table:number-rows-repeated="1048570"'),
      ),
    );
    expect(sheet.cells).toEqual([['MPN', null, null, 'Qty'], [], [], [], ['R', 'R', 1], [7], [7]]);
  });

  test('a merged range keeps its value in its first cell; ranges over two rows or more are kept', async () => {
    const sheet = await parseOds(
      bom(
        row(text('Ref') + text('MPN')) +
          row(
            text('R1', ' table:number-rows-spanned="2" table:number-columns-spanned="1"') +
              text('RC0603', ' table:number-columns-spanned="2" table:number-rows-spanned="1"') +
              '<table:covered-table-cell/>',
          ) +
          row('<table:covered-table-cell/>' + text('RC0402')),
      ),
    );
    expect(sheet.cells).toEqual([
      ['Ref', 'MPN'],
      ['R1', 'RC0603'],
      [null, 'RC0402'],
    ]);
    expect(sheet.merged).toEqual([{ top: 1, left: 0, bottom: 2, right: 0 }]);
  });

  test('the sheet asked for by name, any case; a name not there lists the sheets', async () => {
    const book = odsOf([
      { name: 'Read me', xml: row(text('Notes only')) },
      { name: 'Final &amp; BOM', xml: row(text('MPN')) + row(text('LM358DR')) },
    ]);
    expect(await parseOds(book, { sheet: 'final & bom' })).toMatchObject({
      sheetName: 'Final & BOM',
      sheetNames: ['Read me', 'Final & BOM'],
      cells: [['MPN'], ['LM358DR']],
    });
    await expect(parseOds(book, { sheet: 'Draft' })).rejects.toThrow(
      'no sheet named "Draft"; the sheets are "Read me", "Final & BOM"',
    );
  });

  test('a file is an OpenDocument spreadsheet by its bytes, whatever its name, and reads as a BOM', async () => {
    const book = bom(row(text('MPN') + text('Qty')) + row(text('LM358DR') + number(2)));
    expect(formatOf('bom.ods', book)).toBe('ods');
    expect(formatOf('bom.xlsx', book)).toBe('ods');
    expect(formatOf('download', book)).toBe('ods');
    const file = await parseBomFile('bom.ods', book);
    expect(file).toMatchObject({ format: 'ods', sheetName: 'BOM' });
    expect(readBom(file.cells).lines.map((l) => [l.partNumber, l.quantityPerBoard])).toEqual([['LM358DR', 2]]);
  });

  test('a flat OpenDocument spreadsheet (.fods) reads as its zipped twin, found by its bytes; a flat text document is no sheet', async () => {
    const tables = [
      { name: 'Read me', xml: row(text('Order from the BOM sheet')) },
      {
        name: 'BOM',
        xml:
          row(text('MPN') + text('Qty') + text('Note')) +
          row(text('LM358DR') + number(2) + text('op&amp;amp')) +
          row('<table:table-cell table:number-columns-repeated="3"/>', ' table:number-rows-repeated="1048573"'),
      },
    ];
    const flat = flatOdsOf(tables);
    for (const name of ['bom.fods', 'bom.xml', 'bom.ods', 'download']) expect(formatOf(name, flat)).toBe('ods');
    for (const sheet of ['Read me', 'BOM'])
      expect(await parseOds(flat, { sheet })).toEqual(await parseOds(odsOf(tables), { sheet }));
    const file = await parseBomFile('bom.fods', flat, { sheet: 'BOM' });
    expect(readBom(file.cells).lines.map((l) => [l.partNumber, l.quantityPerBoard])).toEqual([['LM358DR', 2]]);
    const textDocument = flatOdsOf(tables, 'application/vnd.oasis.opendocument.text');
    expect(formatOf('letter.fodt', textDocument)).toBe('csv');
  });
});

describe('what a hostile or unusual OpenDocument file cannot do', () => {
  test('comments and processing instructions left open cost one pass, not one per opener', async () => {
    const open = '<!--'.repeat(250_000) + '<?'.repeat(250_000);
    const sheet = await parseOds(
      bom(row(text('MPN')) + row(`<table:table-cell><text:p>LM358DR${open}</text:p></table:table-cell>`)),
    );
    expect(sheet.cells[0]).toEqual(['MPN']);
    // A table tag never closed names no sheet and hangs nothing.
    const tags = odsOf([{ name: 'BOM', xml: row(text('MPN')) + '<table:table '.repeat(100_000) }]);
    expect((await parseOds(tags)).sheetNames).toEqual(['BOM']);
  });

  test("a cell's text stops at 32,767 characters; a row repeated is one row shared, not copied", async () => {
    const long = `<table:table-cell><text:p>x${'<text:s text:c="1000"/>'.repeat(600)}</text:p></table:table-cell>`;
    const sheet = await parseOds(bom(row(long)));
    expect(String(sheet.cells[0][0]).length).toBe(32_767);
    const wide = row(
      '<table:table-cell table:number-columns-repeated="1020"/>' + text('x'),
      ' table:number-rows-repeated="200000"',
    );
    const repeated = await parseOds(bom(wide));
    expect(repeated.cells).toHaveLength(200_000);
    expect(repeated.cells[0]).toBe(repeated.cells[199_999]);
  });

  test("a drawing in a cell and a table nested in a cell are no cell's text and no sheet; spaces alone end no row", async () => {
    const frame =
      '<table:table-cell office:value-type="string"><draw:frame><draw:text-box><text:p>callout</text:p></draw:text-box></draw:frame><text:p>LM358DR</text:p></table:table-cell>';
    const nested =
      '<table:table-cell><table:table table:name="Inner"><table:table-row><table:table-cell><text:p>x</text:p></table:table-cell></table:table-row></table:table></table:table-cell>';
    const sheet = await parseOds(
      bom(row(frame + '<table:table-cell><text:p><text:s/></text:p></table:table-cell>' + nested)),
    );
    expect(sheet.sheetNames).toEqual(['BOM']);
    expect(sheet.cells).toEqual([['LM358DR']]);
  });

  test('a mimetype entry with an extra field is still an OpenDocument spreadsheet; an XLSX named .ods is read as XLSX', async () => {
    const book = odsOf([{ name: 'BOM', xml: row(text('MPN')) }], { mimetypeExtra: Buffer.from([0x55, 0x54, 1, 0, 0]) });
    expect(formatOf('download', book)).toBe('ods');
    expect(formatOf('bom.ods', xlsxWithSheet(bomSheetXml(2)))).toBe('xlsx');
    expect((await parseBomFile('bom.ods', xlsxWithSheet(bomSheetXml(2)))).cells).toHaveLength(3);
  });
});

describe('an OpenDocument spreadsheet that cannot be read says why, in one line', () => {
  test('no content, a broken zip, a row wider than a BOM row may be', async () => {
    await expect(parseBomFile('bom.ods', odsOf([], { content: false }))).rejects.toThrow(
      'bom.ods: not a readable ODS workbook (it holds no content.xml)',
    );
    await expect(parseBomFile('bom.ods', Buffer.from('PK\u0003\u0004 not really a zip'))).rejects.toThrow(
      'bom.ods: not a readable ODS workbook (no zip directory found)',
    );
    await expect(
      parseOds(bom(row('<table:table-cell table:number-columns-repeated="2000"/>' + text('x')))),
    ).rejects.toThrow('row 1 has 2,001 columns; a BOM row may have at most 1,024');
  });

  test('a filled row repeated past the row limit is refused, not expanded', async () => {
    await expect(parseOds(bom(row(text('LM358DR'), ' table:number-rows-repeated="300000"')))).rejects.toThrow(
      /rows that hold something/,
    );
  });
});
