/**
 * Which sheet of a workbook is the BOM. Each sheet is read as a BOM and judged by evidence: how many lines it
 * gives, how many of them carry designators or a quantity of their own, and what its name says. A sheet named as
 * a draft, an old revision, a template, a read-me or a catalogue is passed over while another sheet holds a BOM;
 * a sheet of many part rows with no designators beside a sheet that has them is a catalogue, not the BOM, and one of
 * codes and counts alone (a shop's quick-order list) was made from the boards' lists beside it. When
 * two sheets come close, the choice says so: the CLI names them and the `--sheet` to pass, the pane asks.
 *
 * The judgement is a record (SheetChoice); the words for people are written from it (sheetChoiceWords).
 */
import { type CellGrid, cellText } from '../text/normalize';
import { readBom } from './read';
import { DISTRIBUTORS, headerTokens } from './header-tokens';

/** At most this many sheets of a workbook are judged; a BOM is rarely past its first few. */
export const MAX_SHEETS_JUDGED = 10;

/** Why a sheet was passed over, as a record. */
export interface NamedNotBom {
  kind: 'name';
  says: 'draft' | 'old' | 'template' | 'notes' | 'catalogue' | 'made';
}
/**
 * Why a sheet was passed over: its name; a catalogue (many part rows, no designators, beside a BOM with them); a
 * shop's order list (codes and counts only, beside the boards' lists it was made from); no BOM table at all.
 */
export type PassedOver =
  NamedNotBom | { kind: 'catalogue'; rows: number } | { kind: 'order-list'; rows: number } | { kind: 'no-table' };

export interface SheetJudgement {
  name: string;
  /** 0-based position in the workbook. */
  index: number;
  /** Lines the sheet reads as (lines to buy, lines without a part number and DNP lines). */
  lines: number;
  /** Of those, lines with designators. */
  withDesignators: number;
  /** Lines whose quantity comes from a quantity or designator column. */
  counted: number;
  /** How BOM-like the sheet is; higher is better. */
  score: number;
  /** Why it is not the BOM, or undefined when it may be. */
  passedOver?: PassedOver;
  /** Its name says it is the BOM ("BOM", "Bill of Materials", "Final", "部品表"). */
  namedBom: boolean;
  /** Its table's header texts, joined ('' without one): copies of one list share it. */
  header?: string;
  /**
   * Its table names part numbers and counts and nothing else (no designators, descriptions or makers), and its name a
   * shop's order or cart, never the BOM itself: a shop's quick-order list.
   */
  codesAndCounts?: boolean;
  /** Some of its rows name positions (designators), on lines with a part number or without one. */
  namesPositions?: boolean;
}

export interface SheetChoice {
  /** The sheet read. */
  chosen: SheetJudgement;
  /** Every sheet judged, in workbook order. */
  judged: SheetJudgement[];
  /** Another sheet that comes close to the one chosen (within a fifth of its score), not passed over. */
  rival?: SheetJudgement;
}

/** A sheet's name as Excel compares names: case and surrounding spaces ignored. */
export function sheetKey(name: string): string {
  return name.trim().toLowerCase();
}

const DRAFT = /\b(?:draft|do\s*not\s*use|don'?t\s*use|unused|wip|scratch|entwurf|brouillon)\b|草稿|草案|下書き|作業用/i;
const OLD =
  /\b(?:old|obsolete|superseded|deprecated|backup|archive[sd]?|previous|alt|copy|veraltet|ancien)\b|\(\d+\)$|旧|廃止|作废|备份/i;
const TEMPLATE = /\b(?:template|example|sample|vorlage|mod[eè]le)\b|テンプレート|模板|样例/i;
const NOTES =
  /\b(?:read\s*me|readme|instructions?|notes?|cover|change\s*log|changelog|revision\s*history|history|revisions?|info|about|legend|hinweise|anleitung)\b|説明|注意|说明|封面|履歴|变更/i;
const CATALOGUE =
  /\b(?:catalog(?:ue)?|price\s*list|pricelist|stock|inventory|library|parts\s*library|lager|katalog)\b|在庫|库存|カタログ|目录|価格表/i;
/** Parts made in house (machined, printed, cut): a list of work, not of purchases. */
const MADE =
  /\b(?:manufactured|fabricated|machined|self[\s-]*made|in[\s-]*house|3d[\s-]*print(?:ed|s|ing)?|printed\s*parts|eigenfertigung|fertigungsteile|pi[eè]ces\s*usin[ée]es)\b|自制|加工件|自作|内製/i;
/** A shop's order or cart ("Tayda Auto Order", "Mouser cart", "Warenkorb"), or a distributor named alone. */
const ORDER_WORDS = /\b(?:order|orders|cart|basket|warenkorb|panier|bestellung|upload|aliexpress)\b/i;
const namesShopOrder = (name: string): boolean =>
  ORDER_WORDS.test(name) || headerTokens(name).some((w) => DISTRIBUTORS.has(w));
/** A name that says the BOM itself, not an order made from it. */
const LIST_NAME =
  /\b(?:bom|b\.o\.m|bill\s*of\s*materials?|parts?\s*list|st[uü]ckliste|stueckliste)\b|部品表|物料清单|BOM/i;
/** A name that says the BOM, or the list a buyer finished or orders from ("Final", "Order", "Nomenclature"). */
const BOM_NAME = new RegExp(`${LIST_NAME.source}|\\b(?:final|order|nomenclature)\\b|物料|元器件清单|材料表`, 'i');

/** What a sheet's name says against it being the BOM, or undefined. */
export function nameSaysNotBom(name: string): NamedNotBom | undefined {
  const n = name.trim();
  if (DRAFT.test(n)) return { kind: 'name', says: 'draft' };
  if (TEMPLATE.test(n)) return { kind: 'name', says: 'template' };
  if (OLD.test(n)) return { kind: 'name', says: 'old' };
  if (CATALOGUE.test(n)) return { kind: 'name', says: 'catalogue' };
  if (MADE.test(n)) return { kind: 'name', says: 'made' };
  if (!BOM_NAME.test(n) && NOTES.test(n)) return { kind: 'name', says: 'notes' };
  return undefined;
}

/** A sheet read as a BOM: its lines and how many carry designators or their own quantity. */
export function judgeSheet(name: string, index: number, cells: CellGrid): SheetJudgement {
  const namedBom = BOM_NAME.test(name);
  let lines = 0;
  let withDesignators = 0;
  let counted = 0;
  let table = false;
  let header = '';
  let codesAndCounts = false;
  let namesPositions = false;
  try {
    const read = readBom(cells);
    table = true;
    if (read.headerRow !== null) header = read.headers.join('\u0001').toLowerCase();
    const others = read.skipped.filter((s) => s.reason === 'dnp' || s.reason === 'incomplete').length;
    lines = read.lines.length + others;
    withDesignators = read.lines.filter((l) => l.designators.length > 0).length;
    counted = read.lines.filter((l) => l.quantitySource !== 'default').length;
    // A list of values with no part numbers (a hobby kit's) names its positions too, on lines it cannot price.
    const column = read.mapping.designators;
    namesPositions =
      withDesignators > 0 ||
      (column !== undefined &&
        read.skipped.some((s) => s.reason === 'incomplete' && cellText(cells[s.row]?.[column]) !== ''));
    const fields = Object.keys(read.mapping);
    codesAndCounts =
      read.headerRow !== null &&
      fields.every((f) => f === 'partNumber' || f === 'quantity') &&
      namesShopOrder(name) &&
      !LIST_NAME.test(name);
  } catch {
    table = false;
  }
  // A record of one thing's fields, with no header over it, reads as no table however many of its rows read as lines.
  if (table && header === '' && recordOfFields(cells)) table = false;
  const score = table ? lines + counted + withDesignators + (namedBom ? Math.max(2, lines / 10) : 0) : -1;
  const judged: SheetJudgement = {
    name,
    index,
    lines,
    withDesignators,
    counted,
    score,
    namedBom,
    header,
    codesAndCounts,
    namesPositions,
  };
  const byName = nameSaysNotBom(name);
  if (!table || lines === 0) judged.passedOver = { kind: 'no-table' };
  else if (byName !== undefined && !namedBom) judged.passedOver = byName;
  else if (byName !== undefined && byName.says !== 'notes') judged.passedOver = byName;
  return judged;
}

/**
 * A record of one thing's fields rather than a list: most rows that hold anything a label and its value ("Mfr. No:
 * | PCF8523T/1,118", "Manufacturer: | NXP"), as a shop's page lays out each product of a cart.
 */
function recordOfFields(cells: CellGrid): boolean {
  const rows = cells.map((r) => (r ?? []).filter((c) => cellText(c) !== '')).filter((r) => r.length > 0);
  const fields = rows.filter((r) => r.length === 2 && /:$/.test(cellText(r[0])) && !/:$/.test(cellText(r[1])));
  return fields.length >= 2 && fields.length >= 0.6 * rows.length;
}

/** Scores this close to the best (within 5%) read alike: the earlier sheet is taken. */
const NEAR_TIE = 0.95;

/** A catalogue holds many part rows; a BOM beside it carries designators. */
const CATALOGUE_ROWS = 150;

/**
 * The BOM sheet of a workbook, from the sheets read (in workbook order). A sheet passed over is chosen only when
 * no other sheet holds a table; among the rest the highest score wins, the earlier when within 5% of it, and the
 * first of copies of one list (the same header) whatever their scores.
 */
export function chooseBomSheet(judged: readonly SheetJudgement[]): SheetChoice {
  if (judged.length === 0) throw new Error('chooseBomSheet: no sheets');
  const all = judged.map((j) => ({ ...j }));
  // A catalogue (many rows and no designators) or an order list, where another sheet has lines with designators (or
  // names positions on lines of values, for the order list).
  const someDesignated = all.some((j) => j.passedOver === undefined && j.withDesignators > 0);
  const somePositions = all.some((j) => j.passedOver === undefined && j.namesPositions === true);
  for (const j of all) {
    if (j.passedOver !== undefined || j.namesPositions === true) continue;
    if (someDesignated && j.lines >= CATALOGUE_ROWS) j.passedOver = { kind: 'catalogue', rows: j.lines };
    // A shop's quick-order list (SKU | Qty) made from the boards' lists beside it: the lists are the BOM.
    else if (somePositions && j.codesAndCounts) j.passedOver = { kind: 'order-list', rows: j.lines };
  }
  const open = all.filter((j) => j.passedOver === undefined);
  const pool = open.length > 0 ? open : all.filter((j) => j.passedOver?.kind !== 'no-table');
  const ranked = [...(pool.length > 0 ? pool : all)].sort((a, b) => b.score - a.score || a.index - b.index);
  // Copies of one list (the same header over the same columns): the first in the workbook is the list, a later
  // copy a draft or a split of it, however many lines each reads.
  const first = ranked.find((j) => j.index < ranked[0].index && j.header !== '' && j.header === ranked[0].header);
  // Two sheets that read nearly alike (a priced list and the same list kept plainer): the earlier is the list.
  const near = ranked
    .filter((j) => j.index < ranked[0].index && j.score >= ranked[0].score * NEAR_TIE)
    .sort((a, b) => a.index - b.index)[0];
  const chosen = first ?? near ?? ranked[0];
  const second = ranked.find((j) => j !== chosen);
  // A long list with no designators may be a catalogue where the BOM beside it has none either (an order form):
  // too close to call by size, so the other sheet is named.
  const maybeCatalogue = chosen.withDesignators === 0 && chosen.lines >= CATALOGUE_ROWS;
  const rival =
    second !== undefined &&
    second.passedOver === undefined &&
    second.score > 0 &&
    (second.score >= chosen.score * 0.8 || maybeCatalogue)
      ? second
      : undefined;
  return { chosen, judged: all, ...(rival ? { rival } : {}) };
}

const NAME_SAYS: Record<NamedNotBom['says'], string> = {
  draft: 'named a draft',
  old: 'named an old or spare copy',
  template: 'named a template',
  notes: 'named as notes or a read-me',
  catalogue: 'named a catalogue or stock list',
  made: 'named as parts made in house',
};

/** Why a sheet was passed over, in words. */
export function passedOverWords(p: PassedOver): string {
  if (p.kind === 'name') return NAME_SAYS[p.says];
  if (p.kind === 'catalogue') return `a catalogue (${p.rows} part rows, no designators)`;
  if (p.kind === 'order-list') return `an order list (${p.rows} codes and counts, no designators)`;
  return 'no BOM table';
}

/** One sheet as the words say it: "'Digikey Final' (26 lines, 3 with designators)", or its lines alone. */
function sheetWords(j: SheetJudgement, designators = true): string {
  const with_ = designators && j.withDesignators > 0 ? `, ${j.withDesignators} with designators` : '';
  return `'${j.name}' (${j.lines} ${j.lines === 1 ? 'line' : 'lines'}${with_})`;
}

/**
 * The choice in words: the sheet read and why, each sheet passed over and why, and a close rival. Empty when the
 * workbook's only or first sheet was read with nothing else near it.
 */
export function sheetChoiceWords(choice: SheetChoice): string[] {
  const { chosen, judged, rival } = choice;
  const passed = judged.filter((j) => j.passedOver !== undefined && j.passedOver.kind !== 'no-table');
  if (chosen.index === 0 && rival === undefined && passed.length === 0) return [];
  const out = [`sheet ${sheetWords(chosen)} was read${chosen.namedBom ? ', named as the BOM' : ''}`];
  for (const j of passed)
    if (j !== chosen) out.push(`'${j.name}' passed over: ${passedOverWords(j.passedOver as PassedOver)}`);
  if (rival !== undefined) out.push(`sheet ${sheetWords(rival)} comes close: check that the right one was read`);
  return out;
}

/**
 * What to ask when the BOM was taken from a sheet the rule would not choose alone: the sheet of the selection is
 * passed over while another is chosen ('passed-over'), or it and another come close ('rival').
 */
export interface SheetQuestion {
  why: 'passed-over' | 'rival';
  /** The sheet the selection is on, as judged. */
  selected: SheetJudgement;
  /** The sheet offered instead. */
  other: SheetJudgement;
}

/**
 * Whether to ask about the sheet named `selectedName` (compared as Excel compares sheet names), from the choice
 * over the workbook's sheets; undefined when that sheet is chosen with nothing near it, is the only BOM-like
 * one, was not judged, or is simply another BOM the rule ranks lower (a second board's).
 */
export function sheetQuestion(choice: SheetChoice, selectedName: string): SheetQuestion | undefined {
  const key = sheetKey(selectedName);
  const selected = choice.judged.find((j) => sheetKey(j.name) === key);
  if (selected === undefined) return undefined;
  const { chosen, rival } = choice;
  if (chosen.index !== selected.index && selected.passedOver !== undefined && chosen.passedOver === undefined)
    return { why: 'passed-over', selected, other: chosen };
  if (rival === undefined) return undefined;
  if (chosen.index === selected.index) return { why: 'rival', selected, other: rival };
  if (rival.index === selected.index) return { why: 'rival', selected, other: chosen };
  return undefined;
}

/**
 * The question in words: "Sheet 'DO NOT USE' is named a draft. Sheet 'Digikey Final' (26 lines) looks like the
 * BOM. Read 'Digikey Final'?"
 */
export function sheetQuestionWords(q: SheetQuestion): string {
  const read = `Read '${q.other.name}'?`;
  if (q.why === 'rival')
    return `Sheet ${sheetWords(q.selected, false)} and sheet ${sheetWords(q.other, false)} both look like the BOM. ${read}`;
  const p = q.selected.passedOver;
  const is =
    p === undefined ? 'is not the BOM' : p.kind === 'no-table' ? 'holds no BOM table' : `is ${passedOverWords(p)}`;
  return `Sheet '${q.selected.name}' ${is}. Sheet ${sheetWords(q.other, false)} looks like the BOM. ${read}`;
}
