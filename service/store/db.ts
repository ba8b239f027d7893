import Database from 'better-sqlite3';
import { createHash, timingSafeEqual } from 'node:crypto';
import { partNumberKey } from '../../protocol/part-number';
import type { ManufacturerRecord, OfferRecord, PartRecord, PriceBreakRecord, PipelineRecord } from './types';

export type Db = Database.Database;

/** Part numbers match case-insensitively, ignoring punctuation and spaces: `bav99-7-f` finds `BAV99-7-F` (protocol/part-number.ts). */
export const normalizePartNumber = partNumberKey;

/** Lowercase hyphenated form of a manufacturer name (`stateAlternateName`). */
export function alternateName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS manufacturers (
  mfr_id INTEGER PRIMARY KEY,
  mfr_cd TEXT NOT NULL UNIQUE COLLATE NOCASE,
  mfr_name TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS parts (
  item_id INTEGER PRIMARY KEY,
  part_num TEXT NOT NULL,
  norm TEXT NOT NULL,
  mfr_id INTEGER NOT NULL REFERENCES manufacturers(mfr_id),
  description TEXT NOT NULL,
  package_type TEXT NOT NULL,
  category_name TEXT NOT NULL,
  status TEXT NOT NULL,
  datasheet_url TEXT,
  image_url TEXT,
  eurohs TEXT NOT NULL,
  cnrohs TEXT NOT NULL,
  pkey TEXT NOT NULL UNIQUE,
  UNIQUE (mfr_id, part_num)
);
CREATE INDEX IF NOT EXISTS parts_norm ON parts(norm);
CREATE TABLE IF NOT EXISTS offers (
  source_part_id TEXT PRIMARY KEY,
  item_id INTEGER NOT NULL REFERENCES parts(item_id),
  position INTEGER NOT NULL,
  source_cd TEXT NOT NULL,
  source_name TEXT NOT NULL,
  currency TEXT NOT NULL,
  websites TEXT NOT NULL,
  pack_size INTEGER NOT NULL,
  moq INTEGER NOT NULL,
  breaks TEXT,
  foh_qty INTEGER NOT NULL CHECK (foh_qty >= 0),
  availability_cd TEXT NOT NULL,
  availability_msg TEXT NOT NULL,
  pipeline TEXT NOT NULL,
  date_code TEXT NOT NULL,
  mfr_lead_time REAL NOT NULL,
  tariff_flag INTEGER NOT NULL,
  ships_from TEXT,
  ships_in TEXT,
  partner_lead_time TEXT NOT NULL,
  is_ncnr INTEGER NOT NULL,
  is_npi INTEGER NOT NULL,
  product_code TEXT NOT NULL,
  eccn_code TEXT NOT NULL,
  hts_code TEXT,
  country_of_origin TEXT,
  container_type TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS offers_item ON offers(item_id, position);
CREATE TABLE IF NOT EXISTS api_keys (login TEXT PRIMARY KEY, key_hash TEXT NOT NULL);
`;

export interface PartRow {
  item_id: number;
  part_num: string;
  norm: string;
  mfr_id: number;
  mfr_cd: string;
  mfr_name: string;
  description: string;
  package_type: string;
  category_name: string;
  status: string;
  datasheet_url: string | null;
  image_url: string | null;
  eurohs: string;
  cnrohs: string;
  pkey: string;
}

export interface OfferRow {
  source_part_id: string;
  item_id: number;
  source_cd: string;
  source_name: string;
  currency: string;
  websites: string;
  pack_size: number;
  moq: number;
  breaks: string | null;
  foh_qty: number;
  availability_cd: string;
  availability_msg: string;
  pipeline: string;
  date_code: string;
  mfr_lead_time: number;
  tariff_flag: number;
  ships_from: string | null;
  ships_in: string | null;
  partner_lead_time: string;
  is_ncnr: number;
  is_npi: number;
  product_code: string;
  eccn_code: string;
  hts_code: string | null;
  country_of_origin: string | null;
  container_type: string;
}

export interface ManufacturerRow {
  mfr_id: number;
  mfr_cd: string;
  mfr_name: string;
}

/** Offers as the routes and the checkout use them: JSON columns parsed. */
export interface Offer extends Omit<OfferRow, 'breaks' | 'pipeline' | 'websites'> {
  breaks: PriceBreakRecord[] | null;
  pipeline: PipelineRecord[];
  websites: string[];
}

export function parseOfferRow(row: OfferRow): Offer {
  // Rows are fresh objects from SQLite: convert the JSON columns in place rather than copying 27 fields.
  const offer = row as unknown as Offer;
  offer.breaks = row.breaks === null ? null : (JSON.parse(row.breaks) as PriceBreakRecord[]);
  offer.pipeline = row.pipeline === '[]' ? [] : (JSON.parse(row.pipeline) as PipelineRecord[]);
  offer.websites = row.websites.split(',');
  return offer;
}

const PART_COLUMNS = `p.item_id, p.part_num, p.norm, p.mfr_id, m.mfr_cd, m.mfr_name, p.description, p.package_type,
  p.category_name, p.status, p.datasheet_url, p.image_url, p.eurohs, p.cnrohs, p.pkey`;

/** Upper bound for a prefix range over normalised part numbers ([A-Z0-9] only, so '~' sorts after all). */
function prefixEnd(prefix: string): string {
  return prefix + '~';
}

export function openDatabase(file: string, options: { readonly?: boolean } = {}): Db {
  const db = new Database(file, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false });
  if (!options.readonly) {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.exec(SCHEMA);
  }
  db.pragma('busy_timeout = 5000');
  return db;
}

/** Whether a store has table `name` (a store opened read-only cannot be given the tables it lacks). */
export function hasTable(db: Db, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

/** Every catalog query the item service and the checkout make, as prepared statements. */
export class CatalogStore {
  private readonly stmts;

  constructor(readonly db: Db) {
    this.stmts = {
      mfrByCode: db.prepare<[string], ManufacturerRow>(
        'SELECT mfr_id, mfr_cd, mfr_name FROM manufacturers WHERE mfr_cd = ?',
      ),
      mfrAll: db.prepare<[], ManufacturerRow>(
        'SELECT mfr_id, mfr_cd, mfr_name FROM manufacturers ORDER BY mfr_name COLLATE NOCASE, mfr_id',
      ),
      insertMfr: db.prepare(
        'INSERT INTO manufacturers (mfr_cd, mfr_name) VALUES (?, ?) ON CONFLICT(mfr_cd) DO NOTHING',
      ),
      exact: db.prepare<[string, number], PartRow>(
        `SELECT ${PART_COLUMNS} FROM parts p JOIN manufacturers m ON m.mfr_id = p.mfr_id WHERE p.norm = ? ORDER BY p.item_id LIMIT ?`,
      ),
      exactCount: db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM parts WHERE norm = ?'),
      exactMfr: db.prepare<[string, number, number], PartRow>(
        `SELECT ${PART_COLUMNS} FROM parts p JOIN manufacturers m ON m.mfr_id = p.mfr_id WHERE p.norm = ? AND p.mfr_id = ? ORDER BY p.item_id LIMIT ?`,
      ),
      exactMfrCount: db.prepare<[string, number], { n: number }>(
        'SELECT count(*) AS n FROM parts WHERE norm = ? AND mfr_id = ?',
      ),
      prefix: db.prepare<[string, string, number, number], PartRow>(
        `SELECT ${PART_COLUMNS} FROM parts p JOIN manufacturers m ON m.mfr_id = p.mfr_id
         WHERE p.norm >= ? AND p.norm < ? ORDER BY p.norm, p.item_id LIMIT ? OFFSET ?`,
      ),
      prefixCount: db.prepare<[string, string], { n: number }>(
        'SELECT count(*) AS n FROM parts WHERE norm >= ? AND norm < ?',
      ),
      prefixMfr: db.prepare<[string, string, number, number, number], PartRow>(
        `SELECT ${PART_COLUMNS} FROM parts p JOIN manufacturers m ON m.mfr_id = p.mfr_id
         WHERE p.norm >= ? AND p.norm < ? AND p.mfr_id = ? ORDER BY p.norm, p.item_id LIMIT ? OFFSET ?`,
      ),
      prefixMfrCount: db.prepare<[string, string, number], { n: number }>(
        'SELECT count(*) AS n FROM parts WHERE norm >= ? AND norm < ? AND mfr_id = ?',
      ),
      byMfrAndNumber: db.prepare<[string, string], PartRow>(
        `SELECT ${PART_COLUMNS} FROM parts p JOIN manufacturers m ON m.mfr_id = p.mfr_id WHERE m.mfr_cd = ? AND p.part_num = ?`,
      ),
      byPkey: db.prepare<[string], PartRow>(
        `SELECT ${PART_COLUMNS} FROM parts p JOIN manufacturers m ON m.mfr_id = p.mfr_id WHERE p.pkey = ?`,
      ),
      byNorms: db.prepare<[string], PartRow>(
        `SELECT ${PART_COLUMNS} FROM json_each(?) j JOIN parts p ON p.norm = j.value JOIN manufacturers m ON m.mfr_id = p.mfr_id
         ORDER BY p.item_id`,
      ),
      offersOfMany: db.prepare<[string], OfferRow>(
        'SELECT o.* FROM json_each(?) j JOIN offers o ON o.item_id = j.value ORDER BY o.item_id, o.position',
      ),
      stockOfMany: db
        .prepare<[string], [number, number]>(
          'SELECT o.item_id, o.foh_qty FROM json_each(?) j JOIN offers o ON o.item_id = j.value',
        )
        .raw(true),
      offersOf: db.prepare<[number], OfferRow>('SELECT * FROM offers WHERE item_id = ? ORDER BY position'),
      offerById: db.prepare<[string], OfferRow>('SELECT * FROM offers WHERE source_part_id = ?'),
      maxItemId: db.prepare<[], { m: number | null }>('SELECT max(item_id) AS m FROM parts'),
      partCount: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM parts'),
      insertPart: db.prepare(
        `INSERT INTO parts (item_id, part_num, norm, mfr_id, description, package_type, category_name, status,
           datasheet_url, image_url, eurohs, cnrohs, pkey)
         VALUES (@item_id, @part_num, @norm, @mfr_id, @description, @package_type, @category_name, @status,
           @datasheet_url, @image_url, @eurohs, @cnrohs, @pkey)`,
      ),
      insertOffer: db.prepare(
        `INSERT INTO offers VALUES (@source_part_id, @item_id, @position, @source_cd, @source_name, @currency, @websites,
           @pack_size, @moq, @breaks, @foh_qty, @availability_cd, @availability_msg, @pipeline, @date_code, @mfr_lead_time,
           @tariff_flag, @ships_from, @ships_in, @partner_lead_time, @is_ncnr, @is_npi, @product_code, @eccn_code,
           @hts_code, @country_of_origin, @container_type)`,
      ),
      apiKey: db.prepare<[string], { key_hash: string }>('SELECT key_hash FROM api_keys WHERE login = ?'),
      setApiKey: db.prepare(
        'INSERT INTO api_keys (login, key_hash) VALUES (?, ?) ON CONFLICT(login) DO UPDATE SET key_hash = excluded.key_hash',
      ),
      getMeta: db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?'),
      setMeta: db.prepare(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
      ),
    };
  }

  /** Logins that have an item-service key. */
  apiLogins(): string[] {
    return this.db
      .prepare<[], { login: string }>('SELECT login FROM api_keys ORDER BY login')
      .all()
      .map((r) => r.login);
  }

  /** Removes a login's key; false when it had none. */
  removeApiKey(login: string): boolean {
    return this.db.prepare('DELETE FROM api_keys WHERE login = ?').run(login).changes > 0;
  }

  setApiKey(login: string, apikey: string): void {
    this.stmts.setApiKey.run(login, sha256Hex(apikey));
  }

  /** Compares key digests in constant time; an unknown login costs the same as a wrong key. */
  checkApiKey(login: string, apikey: string): boolean {
    const stored = this.stmts.apiKey.get(login)?.key_hash ?? UNKNOWN_LOGIN_DIGEST;
    const ok = timingSafeEqual(Buffer.from(stored, 'hex'), Buffer.from(sha256Hex(apikey), 'hex'));
    return ok && stored !== UNKNOWN_LOGIN_DIGEST;
  }

  manufacturerByCode(code: string): ManufacturerRow | undefined {
    return this.stmts.mfrByCode.get(code);
  }

  manufacturers(): ManufacturerRow[] {
    return this.stmts.mfrAll.all();
  }

  /**
   * Parts whose normalised number equals `norm` (exact) or starts with it (prefix), optionally of one
   * manufacturer. Exact matches sort first in prefix mode because a string precedes its extensions.
   */
  findParts(norm: string, opts: { exact: boolean; mfrId?: number; limit: number; offset?: number }): PartRow[] {
    const { exact, mfrId, limit } = opts;
    const offset = opts.offset ?? 0;
    if (exact) {
      // Exact matches are few; page in memory to keep one statement per shape.
      const rows =
        mfrId === undefined
          ? this.stmts.exact.all(norm, offset + limit)
          : this.stmts.exactMfr.all(norm, mfrId, offset + limit);
      return rows.slice(offset);
    }
    return mfrId === undefined
      ? this.stmts.prefix.all(norm, prefixEnd(norm), limit, offset)
      : this.stmts.prefixMfr.all(norm, prefixEnd(norm), mfrId, limit, offset);
  }

  countParts(norm: string, opts: { exact: boolean; mfrId?: number }): number {
    const { exact, mfrId } = opts;
    if (exact) {
      return (mfrId === undefined ? this.stmts.exactCount.get(norm) : this.stmts.exactMfrCount.get(norm, mfrId))!.n;
    }
    return (
      mfrId === undefined
        ? this.stmts.prefixCount.get(norm, prefixEnd(norm))
        : this.stmts.prefixMfrCount.get(norm, prefixEnd(norm), mfrId)
    )!.n;
  }

  /** Every part whose normalised number is one of `norms`, in one statement (list search with exact matching). */
  partsByNorms(norms: string[]): Map<string, PartRow[]> {
    const byNorm = new Map<string, PartRow[]>();
    if (norms.length === 0) return byNorm;
    for (const row of this.stmts.byNorms.all(JSON.stringify(norms))) {
      const list = byNorm.get(row.norm);
      if (list) list.push(row);
      else byNorm.set(row.norm, [row]);
    }
    return byNorm;
  }

  /** The offers of many parts in one statement, each part's in published order. */
  offersOfMany(itemIds: number[]): Map<number, Offer[]> {
    const byItem = new Map<number, Offer[]>();
    if (itemIds.length === 0) return byItem;
    for (const row of this.stmts.offersOfMany.all(JSON.stringify([...new Set(itemIds)]))) {
      const offer = parseOfferRow(row);
      const list = byItem.get(row.item_id);
      if (list) list.push(offer);
      else byItem.set(row.item_id, [offer]);
    }
    return byItem;
  }

  /** Each part's stock as one text (`"120,0,55"`): what a rendered part depends on that orders change. */
  stockSignatures(itemIds: number[]): Map<number, string> {
    const byItem = new Map<number, string>();
    if (itemIds.length === 0) return byItem;
    for (const [itemId, qty] of this.stmts.stockOfMany.all(JSON.stringify([...new Set(itemIds)]))) {
      const seen = byItem.get(itemId);
      byItem.set(itemId, seen === undefined ? String(qty) : `${seen},${qty}`);
    }
    return byItem;
  }

  partByNumber(mfrCd: string, partNum: string): PartRow | undefined {
    return this.stmts.byMfrAndNumber.get(mfrCd, partNum);
  }

  partByPkey(pkey: string): PartRow | undefined {
    return this.stmts.byPkey.get(pkey);
  }

  offersOf(itemId: number): Offer[] {
    return this.stmts.offersOf.all(itemId).map(parseOfferRow);
  }

  offer(sourcePartId: string): Offer | undefined {
    const row = this.stmts.offerById.get(sourcePartId);
    return row && parseOfferRow(row);
  }

  partCount(): number {
    return this.stmts.partCount.get()!.n;
  }

  meta(key: string): string | undefined {
    return this.stmts.getMeta.get(key)?.value;
  }

  setMeta(key: string, value: string): void {
    this.stmts.setMeta.run(key, value);
  }

  addManufacturers(list: ManufacturerRecord[]): void {
    const tx = this.db.transaction((items: ManufacturerRecord[]) => {
      for (const m of items) this.stmts.insertMfr.run(m.mfrCd, m.mfrName);
    });
    tx(list);
  }

  /**
   * Adds parts in one transaction. Each part must name a known manufacturer and not exist already
   * (same manufacturer and number); offers must have unused source-part ids. Returns the item ids given.
   */
  addParts(parts: PartRecord[]): number[] {
    const tx = this.db.transaction((items: PartRecord[]) => {
      let next = (this.stmts.maxItemId.get()!.m ?? 1_000_000) + 1;
      const ids: number[] = [];
      for (const part of items) {
        const mfr = this.stmts.mfrByCode.get(part.mfrCd);
        if (!mfr) throw new Error(`unknown manufacturer code ${JSON.stringify(part.mfrCd)}`);
        const itemId = next++;
        this.stmts.insertPart.run({
          item_id: itemId,
          part_num: part.partNum,
          norm: normalizePartNumber(part.partNum),
          mfr_id: mfr.mfr_id,
          description: part.desc,
          package_type: part.packageType,
          category_name: part.categoryName,
          status: part.status,
          datasheet_url: part.datasheetUrl,
          image_url: part.imageUrl,
          eurohs: part.compliance.eurohs,
          cnrohs: part.compliance.cnrohs,
          pkey: makePkey(itemId, mfr.mfr_cd, part.partNum),
        });
        part.offers.forEach((offer, position) => this.stmts.insertOffer.run(offerParams(offer, itemId, position)));
        ids.push(itemId);
      }
      return ids;
    });
    return tx(parts);
  }
}

function offerParams(o: OfferRecord, itemId: number, position: number) {
  return {
    source_part_id: o.sourcePartId,
    item_id: itemId,
    position,
    source_cd: o.sourceCd,
    source_name: o.sourceName,
    currency: o.currency,
    websites: o.websites.join(','),
    pack_size: o.packSize,
    moq: o.minimumOrderQuantity,
    breaks: o.breaks === null ? null : JSON.stringify(o.breaks),
    foh_qty: o.fohQty,
    availability_cd: o.availabilityCd,
    availability_msg: o.availabilityMessage,
    pipeline: JSON.stringify(o.pipeline),
    date_code: o.dateCode,
    mfr_lead_time: o.mfrLeadTime,
    tariff_flag: o.tariffFlag ? 1 : 0,
    ships_from: o.shipsFrom,
    ships_in: o.shipsIn,
    partner_lead_time: o.partnerLeadTime,
    is_ncnr: o.isNcnr ? 1 : 0,
    is_npi: o.isNpi ? 1 : 0,
    product_code: o.productCode,
    eccn_code: o.eccnCode,
    hts_code: o.htsCode,
    country_of_origin: o.countryOfOrigin,
    container_type: o.containerType,
  };
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

const UNKNOWN_LOGIN_DIGEST = '0'.repeat(64);

/** Opaque 43-character base64url key for `detail?pkey=`. */
export function makePkey(itemId: number, mfrCd: string, partNum: string): string {
  return createHash('sha256').update(`pkey:${itemId}:${mfrCd}:${partNum}`).digest('base64url');
}
