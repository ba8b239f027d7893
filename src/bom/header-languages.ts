/**
 * Header words of BOMs written in other languages, put into the English words the header vocabulary knows
 * (header-words.ts) before a header is read: Chinese and Japanese exports and hand-made lists (位号, 数量, 型号,
 * 封装, 制造商, 型番, 個数, 実装), French (Repère, Qté, Désignation, Référence fabricant), German (Menge,
 * Bezeichnung, Bestellnummer, Bestückt), Spanish and Italian (Cantidad, Fabricante, Quantità, Produttore),
 * Portuguese, Polish, Czech, Dutch and Turkish (Quantidade, Ilość, Množství, Waarde, Miktar), Russian and Ukrainian
 * (Поз. обозначение, Наименование, Кол., Номинал); Swedish, Danish, Norwegian and Finnish (Antal, Komponent, Länk,
 * Määrä), Hungarian (Mennyiség, Megnevezés), Indonesian (Jumlah, Komponen), Romanian (Cantitate, Denumire), Latvian,
 * Lithuanian and Estonian (Daudzums, Kiekis, Kogus), Croatian, Serbian and Slovak (Količina, Naziv, Názov), Greek
 * (Τεμάχια, Υλικά, Κατάστημα), Persian and Arabic (تعداد, قطعه, الكمية, الوصف) and Hebrew (כמות, תיאור).
 *
 * Chinese and Japanese headers carry no spaces between words: their terms are found inside the cell, longest
 * first, and each becomes English words of its own ("物料数量" → "part quantity"). Words with accents are put
 * before the accents are stripped, where the accent tells two words apart (French "Référence" is the maker's
 * part number; English "Reference" is the designators).
 */

/** [terms, English words]: the first list whose term is in a cell gives it its words; longer terms first. */
const CJK_TERMS: readonly (readonly [RegExp, string])[] = [
  // Not placed: a "DNP" column (不贴) or a column saying whether the part is placed (是否贴片, 実装).
  [/不贴片?|不焊接?|不上件|不安装|未実装/g, ' dnp '],
  [/是否贴片|是否焊接|是否安装|贴片与否|実装有無|実装可否|実装|贴装|贴片/g, ' populate '],
  // Distributors' codes and shops: someone else's number, not the maker's.
  [
    /供应商(?:编号|编码|料号|型号)|立创(?:商城)?编号|商品编号|商品编码|LCSC\s*编号|通販コード|販売コード|注文(?:番号|コード)|商品コード|商品番号|秋月(?:通商)?(?:コード|番号)?/g,
    ' supplier part number ',
  ],
  // LCSC's own name: "立创链接" (its link) is LCSC's column, whatever its cells.
  [/嘉立创|立创商城|立创/g, ' lcsc '],
  [/供应商|供货商|購入先|購入店|販売会社|販売店|通販|购买链接|购买地址|链接|リンク|ショップ/g, ' supplier '],
  // The maker's part number.
  [
    /制造商(?:型号|料号|编号|零件号)|厂家(?:型号|料号)|厂商(?:型号|料号)|原厂(?:型号|料号)|器件型号|元件型号|规格型号|型号规格|型號|型号|電子部品型番|メーカー(?:型番|品番)|部品番号|品番|型番|型式|製品番号/g,
    ' mfr part number ',
  ],
  [/制造商|製造商|生产厂家|生产商|厂家|厂商|品牌|メーカー名?|製造元|製造者|製造会社/g, ' manufacturer '],
  [/物料数量|需求数量|单板用量|用量|総必要数|必要数|数量|數量|個数|员数|員数|使用数/g, ' quantity '],
  [/在庫|库存|庫存/g, ' stock '],
  [/購入数|購入予定数|采购数量/g, ' order qty '],
  [/元件位号|器件位号|位号|位號|标号|部品記号|回路記号|リファレンス|記号/g, ' designator '],
  [/单价|單價|単価|价格|價格|価格|金額|金额|合计|合計|小計|总价|総額/g, ' price '],
  [/封装|封裝|パッケージ|外形/g, ' footprint '],
  [/备注|備考|注記|说明|說明|用途/g, ' notes '],
  [/物料名称|元件名称|器件名称|名称|名稱|品名|品項|品目|部品名|名前|描述|摘要|規格|规格|種類/g, ' description '],
  // 值 in Chinese, 値 in Japanese ("値/仕様": value and specification).
  [/参数值|参数|定数|值|値(?![段引])/g, ' value '],
  [/序号|番号|項番|项次/g, ' item '],
];

/**
 * Russian and Ukrainian headers (a GOST list of elements and the lists made like it): Поз. обозначение,
 * Наименование, Кол., Номинал, Производитель, Примечание. Whole words, longest first.
 */
const CYRILLIC_TERMS: readonly (readonly [RegExp, string])[] = [
  [/не\s+(?:устанавл\p{L}*|монтир\p{L}*|запаив\p{L}*)/giu, ' dnp '],
  [/поз(?:иционное|\.)?\s*обозначени[ея]|позиционн\p{L}*|позиц\p{L}*|поз\.?(?=\s|$)/giu, ' designator '],
  // Ukrainian KiCad: "Ідентифікатор" (the reference), "Позначення".
  [/ідентифікатор\p{L}*|позначенн\p{L}*/giu, ' designator '],
  [/посадочн\p{L}*\s+мест\p{L}*|корпус\p{L}*|футпринт/giu, ' footprint '],
  [/парт-?номер\p{L}*|код\s+производител\p{L}*|маркировк\p{L}*/giu, ' mfr part number '],
  [/производител\p{L}*|изготовител\p{L}*|виробник\p{L}*/giu, ' manufacturer '],
  [/кол(?:ичество|-во|\.)?(?=\s|$)|количеств\p{L}*|кільк\p{L}*|к-сть/giu, ' quantity '],
  [/номинал\p{L}*|значени[ея]|значенн\p{L}*/giu, ' value '],
  [/наименовани[ея]|название|описание|найменування|назва|опис/giu, ' description '],
  [/терра(?:\s*электроника)?|элитан|промэлектроника/giu, ' terra '],
  [/поставщик\p{L}*|магазин\p{L}*|постачальник\p{L}*/giu, ' supplier '],
  [/ссылк\p{L}*|посилання/giu, ' url '],
  [/цен[аы]|стоимост\p{L}*|сумм[аы]|ціна|вартість/giu, ' price '],
  [/примечани[ея]|комментари\p{L}*|примітк\p{L}*/giu, ' notes '],
];

/** Korean headers of hand-made lists and exports: 부품명, 수량, 비고, 제조사, 부품번호, 단가, 구매처. */
/** A Korean shop's own number for its goods ("상품번호", "상품코드"): a number of that shop's catalogue alone. */
export const GOODS_NUMBER = /상품\s*(?:번호|코드)/;

const HANGUL_TERMS: readonly (readonly [RegExp, string])[] = [
  // A shop's own number for its goods ("상품번호", "상품코드"), before "품번" is read inside it.
  [new RegExp(GOODS_NUMBER.source, 'g'), ' supplier part number '],
  [/제조사\s*부품\s*번호|부품\s*번호|품번|모델명/g, ' mfr part number '],
  [/제조사|제조업체|브랜드/g, ' manufacturer '],
  [/수량|개수/g, ' quantity '],
  [/부품명|품명|품목|명칭|부품|이름/g, ' description '],
  [/비고|메모|용도/g, ' notes '],
  [/단가|가격|금액|합계/g, ' price '],
  [/구매처|판매처/g, ' supplier '],
  [/링크/g, ' url '],
];

/** Latin words whose accent decides their meaning, before accents are stripped. */
const ACCENTED: readonly (readonly [RegExp, string])[] = [
  // Vietnamese: "Số lượng" (quantity), "Tên linh kiện" (the component's name), "Ghi chú" (notes), "Đơn giá" (price).
  [/(^|[^\p{L}])số\s*lượng(?![\p{L}])/giu, '$1 quantity '],
  [/(^|[^\p{L}])(?:tên\s*)?linh\s*kiện(?![\p{L}])/giu, '$1 description '],
  [/(^|[^\p{L}])ghi\s*chú(?![\p{L}])/giu, '$1 notes '],
  [/(^|[^\p{L}])(?:đơn\s*)?giá(?![\p{L}])/giu, '$1 price '],
  // French: "Référence" is the part's reference (its number); the designators are its "Repère".
  [/\bréf(?:érence)?s?\b\.?/giu, ' part number '],
  [/\brepères?\b/giu, ' designator '],
];

/**
 * Words of other languages written with spaces between words (Latin, Greek, Arabic and Hebrew scripts), after accents
 * and vowel marks are stripped and in lower case: their English words.
 */
export const FOREIGN_WORDS: Readonly<Record<string, readonly string[]>> = {
  // Quantity
  qte: ['qty'],
  quantite: ['qty'],
  quantita: ['qty'],
  cantidad: ['qty'],
  unidades: ['qty'],
  // Spanish "Uds." (unidades), as in "Total Uds".
  uds: ['qty'],
  cant: ['qty'],
  anz: ['qty'],
  menge: ['qty'],
  anzahl: ['qty'],
  stuckzahl: ['qty'],
  stk: ['qty'],
  stuck: ['qty'],
  aantal: ['qty'],
  ilosc: ['qty'],
  szt: ['qty'],
  quantidade: ['qty'],
  qtd: ['qty'],
  qtde: ['qty'],
  mnozstvi: ['qty'],
  pocet: ['qty'],
  miktar: ['qty'],
  adet: ['qty'],
  // Value
  wartosc: ['value'],
  // Polish "Element" heads the part's value or number (beside "Oznaczenie", its designators, and "Obudowa", its case).
  element: ['value'],
  valor: ['value'],
  valore: ['value'],
  waarde: ['value'],
  hodnota: ['value'],
  wert: ['value'],
  bauteil: ['description'],
  bemerkung: ['notes'],
  bemerkungen: ['notes'],
  // Notes
  uwagi: ['notes'],
  observacoes: ['notes'],
  poznamka: ['notes'],
  material: ['description'],
  materiel: ['description'],
  articulo: ['description'],
  enlace: ['url'],
  lien: ['url'],
  notas: ['notes'],
  // Manufacturer
  fabricant: ['mfr'],
  fabricante: ['mfr'],
  produttore: ['mfr'],
  costruttore: ['mfr'],
  herst: ['mfr'],
  fabrikant: ['mfr'],
  producent: ['mfr'],
  vyrobce: ['mfr'],
  uretici: ['mfr'],
  // Description
  designation: ['description'],
  libelle: ['description'],
  bezeichnung: ['description'],
  descripcion: ['description'],
  descrizione: ['description'],
  componente: ['description'],
  componenti: ['description'],
  componentes: ['description'],
  omschrijving: ['description'],
  nazwa: ['description'],
  opis: ['description'],
  descricao: ['description'],
  nazev: ['description'],
  popis: ['description'],
  // Designators
  rif: ['ref'],
  riferimento: ['ref'],
  riferimenti: ['ref'],
  bauteilnummer: ['ref'],
  referenzbezeichner: ['ref'],
  designador: ['ref'],
  designadores: ['ref'],
  // Someone else's number: an order or article number of a shop.
  bestellnummer: ['order', 'number'],
  ordernumber: ['order', 'number'],
  ordernr: ['order', 'number'],
  orderno: ['order', 'number'],
  ordercode: ['order', 'code'],
  bestellnr: ['order', 'number'],
  bestell: ['order'],
  fournisseur: ['supplier'],
  proveedor: ['supplier'],
  fornitore: ['supplier'],
  lieferant: ['supplier'],
  verkaufer: ['seller'],
  handler: ['seller'],
  fornecedor: ['supplier'],
  dostawca: ['supplier'],
  sklep: ['supplier'],
  dodavatel: ['supplier'],
  cena: ['price'],
  celkem: ['total'],
  odkaz: ['url'],
  pozice: ['ref'],
  preco: ['price'],
  prijs: ['price'],
  fiyat: ['price'],
  prix: ['price'],
  preis: ['price'],
  precio: ['price'],
  prezzo: ['price'],
  // Package and supplier (German KiCad and shop lists; Spanish KiCad: Huella, Identificador, Identificación)
  huella: ['footprint'],
  identificador: ['ref'],
  identificacion: ['value'],
  suministrador: ['supplier'],
  quelle: ['source'],
  bezugsquelle: ['supplier'],
  gehause: ['package'],
  bauform: ['package'],
  obudowa: ['package'],
  pouzdro: ['package'],
  encapsulado: ['package'],
  behuizing: ['package'],
  anbieter: ['supplier', 'part', 'number'],
  bezeichner: ['ref'],
  oznaczenie: ['ref'],
  // The board a count is for: Polish "płytka" ("na płytkę"), Czech "DPS" (deska plošných spojů).
  plytka: ['board'],
  plytke: ['board'],
  plytce: ['board'],
  deska: ['board'],
  desku: ['board'],
  desce: ['board'],
  dps: ['board'],
  // Placed or not
  install: ['populate'],
  installed: ['populate'],
  bestuckung: ['populate'],
  monte: ['populate'],
  // Swedish, Danish, Norwegian and Finnish hand-made lists: Antal, Komponent, Beskrivning, Tillverkare, Länk, Määrä.
  antal: ['qty'],
  antall: ['qty'],
  maara: ['qty'],
  kpl: ['qty'],
  komponent: ['component'],
  komponenter: ['component'],
  komponentti: ['component'],
  beskrivning: ['description'],
  beskrivelse: ['description'],
  kuvaus: ['description'],
  tillverkare: ['mfr'],
  produsent: ['mfr'],
  valmistaja: ['mfr'],
  leverantor: ['supplier'],
  leverandor: ['supplier'],
  toimittaja: ['supplier'],
  lank: ['url'],
  lenke: ['url'],
  linkki: ['url'],
  pris: ['price'],
  hinta: ['price'],
  // Hungarian and Indonesian: Mennyiség, Darab, Megnevezés, Gyártó; Banyaknya, Komponen, Harga, Keterangan (Jumlah is a count or a sum: not read).
  mennyiseg: ['qty'],
  darab: ['qty'],
  megnevezes: ['description'],
  alkatresz: ['component'],
  leiras: ['description'],
  gyarto: ['mfr'],
  megjegyzes: ['notes'],
  banyaknya: ['qty'],
  komponen: ['component'],
  harga: ['price'],
  keterangan: ['notes'],
  produsen: ['mfr'],
  pabrikan: ['mfr'],
  tautan: ['url'],
  // Greek, accents stripped: Ποσότητα and Τεμάχια (pieces) the count, Τεμάχιο in "Κόστος / Τεμάχιο" (cost per piece).
  ποσοτητα: ['qty'],
  τεμαχια: ['qty'],
  τεμ: ['qty'],
  τεμαχιο: ['each'],
  υλικα: ['description'],
  υλικο: ['description'],
  περιγραφη: ['description'],
  εξαρτημα: ['component'],
  εξαρτηματα: ['component'],
  κατασκευαστης: ['mfr'],
  κοστος: ['price'],
  τιμη: ['price'],
  καταστημα: ['supplier'],
  προμηθευτης: ['supplier'],
  συνδεσμος: ['url'],
  παρατηρησεις: ['notes'],
  σημειωσεις: ['notes'],
  // Persian and Arabic (vowel marks stripped): تعداد and الكمية the count, قطعه (a part) and الوصف what it is.
  تعداد: ['qty'],
  عدد: ['qty'],
  العدد: ['qty'],
  کمیة: ['qty'],
  الکمیة: ['qty'],
  قطعه: ['component'],
  قطعات: ['component'],
  وصف: ['description'],
  الوصف: ['description'],
  توضیحات: ['notes'],
  ملاحظات: ['notes'],
  سازنده: ['mfr'],
  قیمت: ['price'],
  سعر: ['price'],
  السعر: ['price'],
  فروشگاه: ['supplier'],
  المورد: ['supplier'],
  لینک: ['url'],
  رابط: ['url'],
  الرابط: ['url'],
  // Romanian: Cantitate, Buc. (bucăți), Denumire, Producător, Preț, Furnizor, Observații.
  cantitate: ['qty'],
  buc: ['qty'],
  bucati: ['qty'],
  denumire: ['description'],
  descriere: ['description'],
  componenta: ['component'],
  producator: ['mfr'],
  pret: ['price'],
  furnizor: ['supplier'],
  observatii: ['notes'],
  valoare: ['value'],
  // Latvian, Lithuanian and Estonian: Daudzums, Kiekis, Kogus (the count); Nosaukums, Pavadinimas, Nimetus (the name);
  // Detaļa (a part); Ražotājs, Gamintojas, Tootja (the maker); Cena, Kaina, Hind; Saite, Nuoroda (a link).
  daudzums: ['qty'],
  skaits: ['qty'],
  kiekis: ['qty'],
  kogus: ['qty'],
  nosaukums: ['description'],
  apraksts: ['description'],
  pavadinimas: ['description'],
  aprasymas: ['description'],
  nimetus: ['description'],
  kirjeldus: ['description'],
  detala: ['component'],
  detalas: ['component'],
  razotajs: ['mfr'],
  gamintojas: ['mfr'],
  tootja: ['mfr'],
  piegadatajs: ['supplier'],
  tiekejas: ['supplier'],
  tarnija: ['supplier'],
  kaina: ['price'],
  hind: ['price'],
  saite: ['url'],
  nuoroda: ['url'],
  piezimes: ['notes'],
  pastabos: ['notes'],
  markused: ['notes'],
  vertiba: ['value'],
  verte: ['value'],
  vaartus: ['value'],
  // Croatian, Serbian, Bosnian, Slovene and Slovak: Količina, Kom. (komad), Naziv, Názov, Proizvođač, Výrobca, Cijena,
  // Dobavljač, Napomena, Vrijednost.
  kolicina: ['qty'],
  kom: ['qty'],
  mnozstvo: ['qty'],
  naziv: ['description'],
  nazov: ['description'],
  proizvodac: ['mfr'],
  proizvodjac: ['mfr'],
  vyrobca: ['mfr'],
  cijena: ['price'],
  dobavljac: ['supplier'],
  napomena: ['notes'],
  vrijednost: ['value'],
  vrednost: ['value'],
  // Hebrew: כמות (quantity), תיאור (description), יצרן (maker), מחיר (price), ספק (supplier), קישור (link).
  כמות: ['qty'],
  תיאור: ['description'],
  רכיב: ['component'],
  יצרן: ['mfr'],
  מחיר: ['price'],
  ספק: ['supplier'],
  קישור: ['url'],
  הערות: ['notes'],
};

/**
 * A word as the table below is looked up by: Greek's final sigma as any sigma; Arabic's yeh, kaf and teh marbuta as
 * Persian writes them, its tatweel (the stretching stroke) left out; Danish and Norwegian ø and æ as o and ae, Polish
 * ł as l, Croatian đ as d.
 */
function folded(word: string): string {
  return word
    .replace(/ς/g, 'σ')
    .replace(/\u064A/g, '\u06CC')
    .replace(/\u0643/g, '\u06A9')
    .replace(/\u0629/g, '\u0647')
    .replace(/\u0640/g, '')
    .replace(/ø/g, 'o')
    .replace(/ł/g, 'l')
    .replace(/đ/g, 'd')
    .replace(/æ/g, 'ae');
}

/** FOREIGN_WORDS by folded word. */
const FOLDED_WORDS: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries(FOREIGN_WORDS).map(([word, words]) => [folded(word), words]),
);

/**
 * A word of another language (accents stripped, lower case) as English words, or undefined. A German word typed
 * without its umlauts ("Gehaeuse", "Stueck") reads as written with them; letters written more than one way read as
 * one (folded).
 */
export function foreignWords(word: string): readonly string[] | undefined {
  const own = (w: string) => FOLDED_WORDS.get(folded(w));
  return own(word) ?? (/[aou]e/.test(word) ? own(word.replace(/([aou])e/g, '$1')) : undefined);
}

/**
 * Text written in UTF-8 and read back as Windows-1252 ("GehÃ¤use", "StÃ¼ckzahl"), put right; other text as it is.
 */
export function repairMojibake(text: string): string {
  if (!/[ÃÂ][\u0080-\u00BF]/.test(text) || /[^\u0000-\u00FF]/.test(text)) return text;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(text, (ch) => ch.charCodeAt(0)));
  } catch {
    return text;
  }
}

/** The header cell with its foreign words put into English words (the cell as it is when it has none). */
export function translateHeader(text: string): string {
  let t = text;
  // Most headers are plain ASCII: nothing to translate before the token map.
  if (!/[^\x20-\x7E]/.test(t)) return t;
  for (const [term, words] of ACCENTED) t = t.replace(term, words);
  if (/[\u3040-\u30FF\u3400-\u9FFF\uF900-\uFAFF]/.test(t)) {
    for (const [term, words] of CJK_TERMS) t = t.replace(term, words);
    // What is left says how the column counts ("1台あたり必要": per unit, required): no word of the vocabulary.
    t = t.replace(
      /[\d\u3040-\u30FF\u3400-\u9FFF\uF900-\uFAFF]*[\u3040-\u30FF\u3400-\u9FFF\uF900-\uFAFF][\d\u3040-\u30FF\u3400-\u9FFF\uF900-\uFAFF]*/g,
      ' ',
    );
  }
  if (/[\uAC00-\uD7AF]/.test(t)) {
    for (const [term, words] of HANGUL_TERMS) t = t.replace(term, words);
    t = t.replace(/[\uAC00-\uD7AF]+/g, ' ');
  }
  if (/[\u0400-\u04FF]/.test(t)) {
    for (const [term, words] of CYRILLIC_TERMS) t = t.replace(term, words);
    t = t.replace(/[\u0400-\u04FF]+\.?/g, ' ');
  }
  return t;
}
