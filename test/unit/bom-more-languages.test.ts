/**
 * Hand-made parts lists in languages written with spaces between words beyond the first ones the reader knew: Nordic
 * (Antal, Komponent, Länk), Hungarian, Indonesian, Greek (upper case, accents), Persian and Arabic (either's letters),
 * Hebrew; and counts written in other scripts' digits. Made-up tables; the real exports are in the corpus tests.
 */
import { type Cell, readBom } from '../../src/bom';
import { isShoppingHeader, matchHeader } from '../../src/bom/header-words';
import { parseQuantity } from '../../src/bom/quantity';

describe('headers in more languages', () => {
  test.each([
    ['Antal', 'quantity'],
    ['Antall', 'quantity'],
    ['Määrä', 'quantity'],
    ['Komponent', 'description'],
    ['Beskrivning', 'description'],
    ['Tillverkare', 'manufacturer'],
    ['Mennyiség', 'quantity'],
    ['Megnevezés', 'description'],
    ['Gyártó', 'manufacturer'],
    ['Banyaknya', 'quantity'],
    ['Komponen', 'description'],
    ['Τεμάχια', 'quantity'],
    ['ΠΟΣΟΤΗΤΑ', 'quantity'],
    ['ΥΛΙΚΑ ΗΛΕΚΤΡΟΝΙΚΩΝ ΚΥΚΛΩΜΑΤΩΝ', 'description'],
    ['Κατασκευαστής', 'manufacturer'],
    ['تعداد', 'quantity'],
    ['قطعه', 'description'],
    // Arabic's own kaf and yeh ("الكمية"), read as the Persian letters the vocabulary holds.
    ['الكمية', 'quantity'],
    ['الوصف', 'description'],
    ['כמות', 'quantity'],
    ['תיאור', 'description'],
    ['יצרן', 'manufacturer'],
  ])('%s names the %s', (header, field) => {
    expect(matchHeader(header)?.field).toBe(field);
  });

  test('letters written more than one way read as one: Arabic tatweel and teh marbuta, a Persian joiner, ø, final sigma', () => {
    expect(matchHeader('الكميـة')?.field).toBe('quantity');
    expect(matchHeader('Leverandør varenummer')?.field).not.toBe('partNumber');
    // ø read as o: Danish and Norwegian "Leverandør" is the supplier, a shop's column.
    expect(isShoppingHeader('Leverandør')).toBe(true);
    expect(matchHeader('ΠΟΣΟΤΗΤΑ.ΤΕΜ')?.field).toBe('quantity');
    // A capital final sigma before a dot lower-cases to the medial one: still the cost.
    expect(isShoppingHeader('ΚΟΣΤΟΣ.ΤΕΜ')).toBe(true);
    expect(matchHeader('ΚΟΣΤΟΣ.ΤΕΜ')).toBeNull();
  });

  test("another language's word for a component names the row's thing only where nothing better does", () => {
    // Its cells are makers' numbers: the part-number column, as an English "Component" column of them is.
    const rows: Cell[][] = [
      ['Komponent', 'Beskrivning', 'Antal'],
      ['LM358DR', 'Dubbel OP-förstärkare', 2],
      ['NE555DR', 'Timer', 1],
    ];
    expect(readBom(rows).lines.map((l) => [l.partNumber, l.quantityPerBoard])).toEqual([
      ['LM358DR', 2],
      ['NE555DR', 1],
    ]);
    expect(matchHeader('شماره قطعه')?.field).not.toBe('description');
  });

  test("a shop, a link or a price in these languages is no field of the part's", () => {
    for (const header of ['Länk', 'Leverantör', 'Pris', 'Κατάστημα', 'Κόστος / Τεμάχιο (Ευρώ)', 'فروشگاه', 'מחיר'])
      expect([header, matchHeader(header)]).toEqual([header, null]);
  });

  test('counts in Persian, Arabic-Indic, Devanagari and Thai digits are read as numbers', () => {
    expect(parseQuantity('۱۰')).toMatchObject({ kind: 'ok', value: 10 });
    expect(parseQuantity('٤٠')).toMatchObject({ kind: 'ok', value: 40 });
    expect(parseQuantity('१२')).toMatchObject({ kind: 'ok', value: 12 });
    expect(parseQuantity('๓')).toMatchObject({ kind: 'ok', value: 3 });
    expect(parseQuantity('۱٬۲۰۰')).toMatchObject({ kind: 'ok', value: 1200 });
    // With the word for pieces: Persian عدد, Greek τεμ., Finnish kpl.
    expect(parseQuantity('۱۰ عدد')).toMatchObject({ kind: 'ok', value: 10 });
    expect(parseQuantity('4 τεμ.')).toMatchObject({ kind: 'ok', value: 4 });
    expect(parseQuantity('3 kpl')).toMatchObject({ kind: 'ok', value: 3 });
  });
});

describe('hand-made lists in these languages are read as lines in words, each with its count', () => {
  test('a Swedish list: Antal | Komponent | Länk, counts with their "st"', () => {
    const rows: Cell[][] = [
      ['Antal', 'Komponent', 'Länk'],
      ['1st', 'USB till TTL', '<a href="https://shop.example/itm/1">LÄNK</a>'],
      ['2st', 'Temperaturgivare', '<a href="https://shop.example/itm/2">LÄNK</a>'],
      ['7st', 'Knappar', '<a href="https://shop.example/itm/3">LÄNK</a>'],
    ];
    const r = readBom(rows);
    expect(r.mapping.quantity).toBe(0);
    expect(r.mapping.description).toBe(1);
    expect(r.skipped.map((s) => [s.row + 1, s.quantityPerBoard ?? null, s.reason])).toEqual([
      [2, 1, 'incomplete'],
      [3, 2, 'incomplete'],
      [4, 7, 'incomplete'],
    ]);
    expect(r.lines).toEqual([]);
  });

  test('a Greek costed list in capitals: the pieces column is the count, the cost per piece is not', () => {
    const rows: Cell[][] = [
      ['Α/Α', 'ΥΛΙΚΑ ΗΛΕΚΤΡΟΝΙΚΩΝ ΚΥΚΛΩΜΑΤΩΝ', 'Τεμάχια', 'Κόστος / Τεμάχιο (Ευρώ)', 'Κόστος (Ευρώ)', 'Κατάστημα'],
      [1, 'Πλακέτα Arduino Uno', 1, '22,9', '22,9', 'Shop'],
      [2, 'Αντιστάτες 10K 1/4W', 4, '0,01', '0,04', 'Shop'],
    ];
    const r = readBom(rows);
    expect(r.mapping.quantity).toBe(2);
    expect(r.mapping.description).toBe(1);
    expect(r.skipped.map((s) => [s.row + 1, s.quantityPerBoard ?? null])).toEqual([
      [2, 1],
      [3, 4],
    ]);
  });

  test('a Persian list with Persian digits: قطعه | تعداد | فروشگاه', () => {
    const rows: Cell[][] = [
      ['قطعه', 'تعداد', 'فروشگاه'],
      ['برد بورد', '۱', 'shop'],
      ['مقاومت', '۴۰', 'shop'],
    ];
    const r = readBom(rows);
    expect(r.mapping.quantity).toBe(1);
    expect(r.skipped.map((s) => [s.row + 1, s.quantityPerBoard ?? null])).toEqual([
      [2, 1],
      [3, 40],
    ]);
  });
});
