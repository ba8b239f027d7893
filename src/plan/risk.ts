/**
 * The supply risk of every part a BOM buys: its lifecycle, compliance, export and tariff codes and the number of
 * sources with stock, as the catalog gives them (a value it does not give is "Unknown", never blank), and a risk
 * level set by one rule table, RISK_RULES (docs/dates-and-risk.md lists it; a test holds the two together): the part's
 * level is the highest of the rules that apply to it, "low" when none does.
 */
import type { Part } from '../catalog/model';
import { stockCount, uniqueOffers } from '../pricing/stock';
import type { PartPlan } from './plan';

export type RiskLevel = 'high' | 'medium' | 'low';

export const UNKNOWN = 'Unknown';

/** What the rules read of a part and its plan. */
export interface RiskFacts {
  /** The lifecycle as given, '' when not. */
  lifecycle: string;
  /** Offers (each sourcePartId once) with stock. */
  sourcesWithStock: number;
  /** The plan leaves part of the need unbought. */
  short: boolean;
  /** The RoHS compliance (eurohs) as given, '' when not. */
  rohs: string;
  /** Some offer says the part may carry a tariff. */
  tariff: boolean;
}

export interface RiskRule {
  id: string;
  level: RiskLevel;
  /** What the rule says, as the table in the docs and the reasons of a row say it. */
  says: string;
  applies(f: RiskFacts): boolean;
}

const END_OF_LIFE = /^(obsolete|eol|end of life|discontinued|last time buy|ltb)$/i;
const NOT_FOR_NEW = /^(nrnd|not recommended for new designs?)$/i;

/** The rule table, highest level first. */
export const RISK_RULES: readonly RiskRule[] = [
  {
    id: 'end-of-life',
    level: 'high',
    says: 'lifecycle Obsolete, end of life or last time buy',
    applies: (f) => END_OF_LIFE.test(f.lifecycle.trim()),
  },
  {
    id: 'no-stock',
    level: 'high',
    says: 'no source has stock',
    applies: (f) => f.sourcesWithStock === 0,
  },
  {
    id: 'not-for-new-designs',
    level: 'medium',
    says: 'lifecycle NRND: not recommended for new designs',
    applies: (f) => NOT_FOR_NEW.test(f.lifecycle.trim()),
  },
  {
    id: 'single-source',
    level: 'medium',
    says: 'one source only has stock',
    applies: (f) => f.sourcesWithStock === 1,
  },
  {
    id: 'short',
    level: 'medium',
    says: 'the stock there is does not cover the need',
    applies: (f) => f.short && f.sourcesWithStock > 0,
  },
  {
    id: 'not-rohs',
    level: 'medium',
    says: 'not RoHS compliant',
    applies: (f) => /^non[- ]?compliant$/i.test(f.rohs.trim()),
  },
  {
    id: 'lifecycle-unknown',
    level: 'low',
    says: 'lifecycle not given',
    applies: (f) => f.lifecycle.trim() === '',
  },
  {
    id: 'tariff',
    level: 'low',
    says: 'may carry a tariff',
    applies: (f) => f.tariff,
  },
];

const RANK: Record<RiskLevel, number> = { high: 2, medium: 1, low: 0 };

export interface RiskRow {
  partNumber: string;
  manufacturer: string;
  /** The BOM rows (0-based) that buy the part. */
  rows: number[];
  level: RiskLevel;
  /** The rules that apply, in table order. */
  reasons: Array<{ id: string; level: RiskLevel; says: string }>;
  lifecycle: string;
  /** Each compliance label the catalog gives (eurohs, cnrohs…) with its value; "Unknown" where empty. */
  compliance: Record<string, string>;
  rohs: string;
  eccn: string;
  hts: string;
  /** "Yes" when some offer says it may carry a tariff, else "No". */
  tariff: string;
  sourcesWithStock: number;
}

/** Distinct non-empty values, in order, joined; "Unknown" when there are none. */
function distinct(values: ReadonlyArray<string | null>): string {
  const seen: string[] = [];
  for (const v of values) {
    const t = (v ?? '').trim();
    if (t !== '' && !seen.includes(t)) seen.push(t);
  }
  return seen.length === 0 ? UNKNOWN : seen.join(', ');
}

function known(value: string | undefined): string {
  const t = (value ?? '').trim();
  return t === '' ? UNKNOWN : t;
}

/** The facts the rules read. */
export function riskFacts(part: Part, short: boolean): RiskFacts {
  const offers = uniqueOffers(part.offers);
  return {
    lifecycle: part.status ?? '',
    sourcesWithStock: offers.filter((o) => stockCount(o) > 0).length,
    short,
    rohs: part.compliance.eurohs ?? '',
    tariff: offers.some((o) => o.tariff),
  };
}

/** The level and reasons the rule table gives the facts. */
export function riskOf(f: RiskFacts): { level: RiskLevel; reasons: RiskRow['reasons'] } {
  const reasons = RISK_RULES.filter((r) => r.applies(f)).map((r) => ({ id: r.id, level: r.level, says: r.says }));
  let level: RiskLevel = 'low';
  for (const r of reasons) if (RANK[r.level] > RANK[level]) level = r.level;
  return { level, reasons };
}

/** One row per part plan (parts needing nothing left out), in the plans' order. */
export function riskTable(plans: readonly PartPlan[]): RiskRow[] {
  return plans
    .filter((p) => p.need > 0)
    .map((plan) => {
      const { part } = plan;
      const facts = riskFacts(part, plan.shortfall > 0);
      const offers = uniqueOffers(part.offers);
      const compliance: Record<string, string> = {};
      for (const [label, value] of Object.entries(part.compliance)) compliance[label] = known(value);
      return {
        partNumber: part.partNumber,
        manufacturer: known(part.manufacturerName || part.manufacturerCode),
        rows: plan.lines.map((l) => l.id),
        ...riskOf(facts),
        lifecycle: known(part.status),
        compliance,
        rohs: known(part.compliance.eurohs),
        eccn: distinct(offers.map((o) => o.eccn)),
        hts: distinct(offers.map((o) => o.hts)),
        tariff: facts.tariff ? 'Yes' : 'No',
        sourcesWithStock: facts.sourcesWithStock,
      };
    });
}
