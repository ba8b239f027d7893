/**
 * One key per manufacturer, however the BOM spells it: "Texas Instruments", "TI" and
 * "texas instruments inc." all have the key "TEXAS INSTRUMENTS".
 *
 * The key is the name upper-cased, without accents, punctuation or a company-form suffix (Inc., Corp.,
 * Co., Ltd., LLC, GmbH, AG, S.A., B.V., plc, K.K.). Then a small alias table maps the abbreviations and
 * long forms buyers actually type to one canonical name: that table is data (manufacturer-names.ts, one entry
 * per maker with its source). A manufacturer not in it still gets a stable key from its own name.
 * Divisions and acquired brands (Vishay Dale, Atmel) are not merged into one key: catalogs list them separately.
 * `manufacturerMatch` tells a near match (an acquired brand, a division, a looser spelling) from a different maker.
 */
import { MANUFACTURERS } from './manufacturer-names';
import { normalizeText, stripDiacritics } from '../text/normalize';

const ALIAS_TO_KEY = new Map<string, string>();
for (const entry of MANUFACTURERS) {
  ALIAS_TO_KEY.set(entry.name, entry.name);
  for (const s of entry.aliases) ALIAS_TO_KEY.set(s, entry.name);
}

const COMPANY_SUFFIX =
  /(?:\s+(?:INC|INCORPORATED|CORP|CORPORATION|CO|COMPANY|LTD|LIMITED|LLC|GMBH|AG|SA|BV|NV|PLC|KK|SRL|SPA|AB|OY|AS|KG|& CO))+$/;

/** A manufacturer name in key form before aliases: upper-case ASCII words, no punctuation or company form. */
function baseKey(name: string): string {
  let t = stripDiacritics(normalizeText(name)).toUpperCase();
  t = t.replace(/\bS\.\s?A\.|\bB\.\s?V\.|\bK\.\s?K\.|\bN\.\s?V\./g, (m) => ` ${m.replace(/[.\s]/g, '')}`);
  t = t
    .replace(/[^A-Z0-9&-]+/g, ' ')
    .replace(/\s+-\s+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const withoutSuffix = t.replace(COMPANY_SUFFIX, '').trim();
  return withoutSuffix === '' ? t : withoutSuffix;
}

/**
 * Results of a pure function of strings, remembered: a BOM names a few hundred makers over thousands of lines, and
 * every line compares its maker with its candidates'. Bounded: emptied when full, so a long-running process that
 * meets many names keeps no more than `limit`.
 */
function remembered<A extends string[], R>(fn: (...args: A) => R, limit = 20_000): (...args: A) => R {
  const memo = new Map<string, R>();
  return (...args: A): R => {
    const key = args.join('\u0000');
    const hit = memo.get(key);
    if (hit !== undefined || memo.has(key)) return hit as R;
    if (memo.size >= limit) memo.clear();
    const value = fn(...args);
    memo.set(key, value);
    return value;
  };
}

/** The key that makes spellings of one manufacturer equal; '' for an empty name. */
export const manufacturerKey = remembered(keyOf);

function keyOf(name: string): string {
  const base = baseKey(name);
  if (base === '') return '';
  return ALIAS_TO_KEY.get(base) ?? ALIAS_TO_KEY.get(base.replace(/-/g, ' ')) ?? base;
}

/** Acquired maker's key → the key of the maker that owns it now. */
const OWNER = new Map<string, string>();
for (const entry of MANUFACTURERS) for (const a of entry.acquired ?? []) OWNER.set(manufacturerKey(a), entry.name);

/** Whether the name is one the alias table knows (used to recognise a manufacturer column by content). */
export function isKnownManufacturer(name: string): boolean {
  const base = baseKey(name);
  if (base === '') return false;
  const dashless = base.replace(/-/g, ' ');
  return ALIAS_TO_KEY.has(base) || ALIAS_TO_KEY.has(dashless) || OWNER.has(base) || OWNER.has(dashless);
}

/** The canonical keys of the alias table, for documentation and tests. */
export const KNOWN_MANUFACTURER_KEYS: readonly string[] = MANUFACTURERS.map((m) => m.name);

/** Words that say what kind of company it is, not which one: dropped for the loose comparison. */
const GENERIC_TAIL =
  /(?:\s+(?:SEMICONDUCTORS?|SEMI|ELECTRONICS?|TECHNOLOGY|TECHNOLOGIES|TECH|INTERNATIONAL|INTL|COMPONENTS|INDUSTRIES|INDUSTRY|MANUFACTURING|MFG|USA|AMERICA|NORTH AMERICA|EUROPE|GROUP|HOLDINGS|DEVICES|SWITCHES|INTEGRATED|PRODUCTS))+$/;

/** The keys a name can stand for: its key, the key of its loose form, and of a part in brackets ("Amphenol ICC (FCI)"). */
function keysOf(name: string): Set<string> {
  const keys = new Set<string>();
  const add = (n: string): void => {
    const key = manufacturerKey(n);
    if (key === '') return;
    keys.add(key);
    const loose = key
      .replace(/ AND /g, ' & ')
      .replace(/\bLABORATORIES\b/g, 'LABS')
      .replace(/\bLABORATORY\b/g, 'LAB')
      .replace(GENERIC_TAIL, '')
      .trim();
    if (loose !== '') keys.add(ALIAS_TO_KEY.get(loose) ?? loose);
  };
  const text = normalizeText(name);
  const bracketed = [...text.matchAll(/\(([^)]*)\)/g)]
    .map((m) => m[1].trim())
    .filter((b) => b !== '' && !/^(?:VA|USA|EU|UK)$/i.test(b));
  add(text.replace(/\([^)]*\)/g, ' '));
  for (const b of bracketed) add(b);
  return keys;
}

function startsWithWords(long: string, short: string): boolean {
  return short !== '' && long !== short && long.startsWith(`${short} `);
}

/**
 * How the manufacturer a BOM names relates to a catalog part's maker (its name and code):
 * 'same' when they are one maker by key, alias or a looser spelling ("SILICON LABORATORIES INC" and
 * "Silicon Labs", "Alpha and Omega" and "Alpha & Omega Semiconductor"); 'near' when one bought the other, one
 * is a division or bracketed former name of the other ("FCI" and "Amphenol ICC (FCI)", "Fairchild" and
 * "onsemi", "Vishay Dale" and "Vishay"); 'none' otherwise.
 */
export function manufacturerMatch(bomName: string, partName: string, partCode = ''): 'same' | 'near' | 'none' {
  return rememberedMatch(bomName, partName, partCode);
}

const rememberedMatch = remembered(matchOf);

function matchOf(bomName: string, partName: string, partCode: string): 'same' | 'near' | 'none' {
  const bom = keysOf(bomName);
  if (bom.size === 0) return 'none';
  // The part's code and its key name the maker itself, as does its name outside brackets.
  const code = partCode.trim().toUpperCase();
  const codes = [code, manufacturerKey(code)].filter((c) => c !== '');
  const part = new Set([...keysOf(partName), ...codes]);
  const main = new Set([...keysOf(partName.replace(/\([^)]*\)/g, ' ')), ...codes]);
  for (const k of bom) if (main.has(k)) return 'same';
  for (const k of bom) if (part.has(k)) return 'near';
  for (const b of bom) {
    for (const p of part) {
      const ob = OWNER.get(b);
      const op = OWNER.get(p);
      if (ob === p || op === b || (ob !== undefined && ob === op)) return 'near';
      if (startsWithWords(b, p) || startsWithWords(p, b)) return 'near';
    }
  }
  return 'none';
}
