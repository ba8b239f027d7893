/**
 * One key per manufacturer, however the BOM spells it: "Texas Instruments", "TI" and
 * "texas instruments inc." all have the key "TEXAS INSTRUMENTS".
 *
 * The key is the name upper-cased, without accents, punctuation or a company-form suffix (Inc., Corp.,
 * Co., Ltd., LLC, GmbH, AG, S.A., B.V., plc, K.K.). Then a small alias table maps the abbreviations and
 * long forms buyers actually type to one canonical name. The table is deliberately small: a manufacturer not
 * in it still gets a stable key from its own name, and the catalog's manufacturer search handles the rest.
 * Divisions and acquired brands (Vishay Dale, Atmel) are not merged: catalogs list them separately.
 */
import { normalizeText, stripDiacritics } from './normalize';

/** Canonical key → the spellings (already in key form) that mean it. */
const ALIASES: Record<string, readonly string[]> = {
  'ANALOG DEVICES': ['ADI', 'ANALOG', 'ANALOG DEVICES INTERNATIONAL'],
  AVX: ['KYOCERA AVX', 'AVX KYOCERA'],
  BOURNS: ['BOURNS ELECTRONICS'],
  'DIODES INCORPORATED': ['DIODES', 'DIODES INC'],
  'INFINEON TECHNOLOGIES': ['INFINEON', 'IFX', 'INFINEON TECH'],
  KEMET: ['KEMET ELECTRONICS'],
  KOA: ['KOA SPEER', 'KOA SPEER ELECTRONICS'],
  LITTELFUSE: ['LITTLEFUSE', 'LITTELFUSE INC'],
  'MAXIM INTEGRATED': ['MAXIM', 'MAXIM IC'],
  'MICROCHIP TECHNOLOGY': ['MICROCHIP', 'MCHP'],
  MOLEX: ['MOLEX CONNECTOR'],
  MURATA: ['MURATA MANUFACTURING', 'MURATA ELECTRONICS', 'MURATA MFG'],
  NEXPERIA: ['NEXPERIA USA'],
  NXP: ['NXP SEMICONDUCTORS', 'NXP SEMI', 'NXP USA'],
  'ON SEMICONDUCTOR': ['ONSEMI', 'ON SEMI', 'ON'],
  PANASONIC: ['PANASONIC ELECTRONIC COMPONENTS', 'PANASONIC INDUSTRY'],
  RENESAS: ['RENESAS ELECTRONICS'],
  ROHM: ['ROHM SEMICONDUCTOR'],
  'SAMSUNG ELECTRO-MECHANICS': ['SAMSUNG', 'SAMSUNG EM', 'SEMCO', 'SAMSUNG ELECTROMECHANICS', 'SAMSUNG ELECTRO MECHANICS'],
  STMICROELECTRONICS: ['ST', 'STM', 'ST MICRO', 'ST MICROELECTRONICS', 'STMICRO'],
  'TE CONNECTIVITY': ['TE', 'TYCO ELECTRONICS', 'TE CONNECTIVITY AMP'],
  TDK: ['TDK ELECTRONICS', 'TDK EPCOS'],
  'TEXAS INSTRUMENTS': ['TI', 'TEXAS INSTR', 'TEXAS'],
  'VISHAY INTERTECHNOLOGY': ['VISHAY'],
  'WURTH ELEKTRONIK': ['WURTH', 'WE', 'WUERTH', 'WUERTH ELEKTRONIK', 'WURTH ELECTRONICS'],
  YAGEO: ['YAGEO CORPORATION'],
};

const ALIAS_TO_KEY = new Map<string, string>();
for (const [key, spellings] of Object.entries(ALIASES)) {
  ALIAS_TO_KEY.set(key, key);
  for (const s of spellings) ALIAS_TO_KEY.set(s, key);
}

const COMPANY_SUFFIX =
  /(?:\s+(?:INC|INCORPORATED|CORP|CORPORATION|CO|COMPANY|LTD|LIMITED|LLC|GMBH|AG|SA|BV|NV|PLC|KK|SRL|SPA|AB|OY|AS|KG|& CO))+$/;

/** A manufacturer name in key form before aliases: upper-case ASCII words, no punctuation or company form. */
function baseKey(name: string): string {
  let t = stripDiacritics(normalizeText(name)).toUpperCase();
  t = t.replace(/\bS\.\s?A\.|\bB\.\s?V\.|\bK\.\s?K\.|\bN\.\s?V\./g, (m) => ` ${m.replace(/[.\s]/g, '')}`);
  t = t.replace(/[^A-Z0-9&-]+/g, ' ').replace(/\s+-\s+/g, ' ').replace(/\s+/g, ' ').trim();
  const withoutSuffix = t.replace(COMPANY_SUFFIX, '').trim();
  return withoutSuffix === '' ? t : withoutSuffix;
}

/** The key that makes spellings of one manufacturer equal; '' for an empty name. */
export function manufacturerKey(name: string): string {
  const base = baseKey(name);
  if (base === '') return '';
  return ALIAS_TO_KEY.get(base) ?? ALIAS_TO_KEY.get(base.replace(/-/g, ' ')) ?? base;
}

/** Whether the name is one the alias table knows (used to recognise a manufacturer column by content). */
export function isKnownManufacturer(name: string): boolean {
  const base = baseKey(name);
  return base !== '' && (ALIAS_TO_KEY.has(base) || ALIAS_TO_KEY.has(base.replace(/-/g, ' ')));
}

/** The canonical keys of the alias table, for documentation and tests. */
export const KNOWN_MANUFACTURER_KEYS: readonly string[] = Object.keys(ALIASES);
