/**
 * Exchange rates for comparing and adding offers in one currency, learned from the item service itself.
 *
 * The service converts USD prices with `utm_currency` and leaves offers in their own currency otherwise
 * (docs/item-service.md, "Offers"; a EUROPE offer stays EUR). So an answer asked in the user's currency U can still
 * hold offers in another currency C. The rate C → U is learned by asking for one part again with `utm_currency=C`: an
 * offer that the first answer gave in U and the second in C (same sourcePartId, same price break) shows how many U one
 * C is worth, at the service's own rate. That works against the production service as well as the reference one, and
 * needs no market-data feed. Each rate keeps where it came from and when, for the "as of" the output shows.
 *
 * Conversion rounds once, to the micro-unit of the target currency (money.ts's rounding rule).
 */
import type { Part } from '../catalog/model';
import { normalizeCurrency } from './money';

/** Where one rate came from. */
export interface RateOrigin {
  /** `learned`: from the item service's own conversion; `given`: set by the user. */
  method: 'learned' | 'given';
  /** In words: "item service utm_currency=EUR, offer 65130988 of LM358N". */
  detail: string;
  asOf: Date;
}

export interface Rate {
  from: string;
  to: string;
  /** Units of `to` per one unit of `from`. */
  rate: number;
  origin: RateOrigin;
}

/** A currency that has offers but could not be converted, and why. */
export interface MissingRate {
  from: string;
  to: string;
  reason: string;
}

/** The rates in force for one plan: every amount is converted into `base` before it is compared or added. */
export interface RateTable {
  base: string;
  rates: Rate[];
  missing: MissingRate[];
}

/** A table with no rates: only offers already in `base` compete. */
export function baseOnly(base: string): RateTable {
  return { base: normalizeCurrency(base) || 'USD', rates: [], missing: [] };
}

/** Units of `table.base` per one unit of `from`; 1 for the base itself; null when there is no rate. */
export function rateOf(table: RateTable, from: string): number | null {
  const code = normalizeCurrency(from);
  if (code === table.base) return 1;
  const found = table.rates.find((r) => r.from === code);
  return found ? found.rate : null;
}

/** An amount in micro-units of `from`, in micro-units of the table's base; null when there is no rate. */
export function convertMicro(micro: bigint, from: string, table: RateTable): bigint | null {
  const rate = rateOf(table, from);
  if (rate === null) return null;
  if (rate === 1) return micro;
  return BigInt(Math.round(Number(micro) * rate));
}

/** The user's currency: the one given, upper case, or USD when none is. */
export function userCurrency(currency: string | null | undefined): string {
  return normalizeCurrency(currency ?? '') || 'USD';
}

/**
 * What is sent as `utm_currency` for the user's currency: nothing for USD, the service's own currency, so a lookup
 * in USD is the same cached lookup whoever asks (the task pane or a cell).
 */
export function wireCurrency(currency: string): string | undefined {
  const c = userCurrency(currency);
  return c === 'USD' ? undefined : c;
}

/** "1 EUR = 1.08696 USD (item service utm_currency=EUR, offer … of …, as of 2026-11-23 21:40 UTC)". */
export function rateSentence(rate: {
  from: string;
  to: string;
  rate: number;
  detail: string;
  asOf: Date | string;
}): string {
  const asOf = (typeof rate.asOf === 'string' ? rate.asOf : rate.asOf.toISOString()).slice(0, 16).replace('T', ' ');
  return `1 ${rate.from} = ${significant(rate.rate)} ${rate.to} (${rate.detail}, as of ${asOf} UTC)`;
}

export function describeRate(rate: Rate): string {
  return rateSentence({ ...rate, detail: rate.origin.detail, asOf: rate.origin.asOf });
}

function significant(n: number): string {
  return String(Number(n.toPrecision(6)));
}

/** A rate read off two answers for the same part: `inBase` asked in the base currency, `inOther` with utm_currency=other. */
export function rateFromAnswers(
  inBase: readonly Part[],
  inOther: readonly Part[],
  base: string,
  other: string,
): { rate: number; detail: string } | null {
  const b = normalizeCurrency(base);
  const o = normalizeCurrency(other);
  const baseOffers = new Map<string, { price: number; minQty: number; partNumber: string }[]>();
  for (const part of inBase) {
    for (const offer of part.offers) {
      if (normalizeCurrency(offer.currency) !== b || !offer.sourcePartId) continue;
      baseOffers.set(
        offer.sourcePartId,
        offer.breaks.map((t) => ({ price: t.price, minQty: t.minQty, partNumber: part.partNumber })),
      );
    }
  }
  // The pair with the largest prices: the service rounds prices, so the largest give the most exact ratio.
  let best: { base: number; other: number; id: string; partNumber: string } | null = null;
  for (const part of inOther) {
    for (const offer of part.offers) {
      if (normalizeCurrency(offer.currency) !== o) continue;
      const tiers = baseOffers.get(offer.sourcePartId);
      if (!tiers) continue;
      for (const tier of offer.breaks) {
        const match = tiers.find((t) => t.minQty === tier.minQty);
        if (!match || !(match.price > 0) || !(tier.price > 0)) continue;
        if (best === null || match.price > best.base) {
          best = { base: match.price, other: tier.price, id: offer.sourcePartId, partNumber: match.partNumber };
        }
      }
    }
  }
  if (best === null) return null;
  return {
    rate: best.base / best.other,
    detail: `item service utm_currency=${o}, offer ${best.id} of ${best.partNumber}`,
  };
}

/** Asks the item service for one part in a currency (`utm_currency`), as the main lookups do. */
export type RateProbe = (partNumber: string, currency: string, signal?: AbortSignal) => Promise<readonly Part[]>;

/** A probe over the item service's token search (a catalog client's `searchToken`). */
export function tokenSearchProbe(
  searchToken: (
    token: string,
    opts: { currency?: string; rows?: number; signal?: AbortSignal },
  ) => Promise<{ parts: Part[] }>,
): RateProbe {
  return async (partNumber, currency, signal) => (await searchToken(partNumber, { currency, rows: 10, signal })).parts;
}

export interface RateBookOptions {
  probe: RateProbe;
  /** How long a learned rate is used before it is learned again. Default 6 hours. */
  ttlMs?: number;
  now?: () => Date;
  /** Rates the user set: currency → units of the base per one unit (they win over learned ones). */
  given?: Record<string, number>;
}

const DEFAULT_RATE_TTL_MS = 6 * 60 * 60 * 1000;
/** How long a currency that could not be learned is left alone before it is tried again. */
const FAILED_RATE_RETRY_MS = 5 * 60 * 1000;
/** Parts tried as a probe before a currency is given up for this plan. */
const MAX_PROBES = 3;

/**
 * Learned rates, kept for a while per (currency, base). One probe per missing currency: the part from the base
 * answers with the most expensive offer in the base currency is asked for again in the other currency.
 */
export class RateBook {
  private readonly learned = new Map<string, Rate>();
  /** Rates being learned: the PARTS cells of one recalculation ask together, and share one probe. */
  private readonly learning = new Map<string, Promise<Rate | { reason: string }>>();
  /** Currencies that could not be learned, and when: not asked again for a while (cells are calculated one by one). */
  private readonly failed = new Map<string, { reason: string; at: number }>();
  private readonly probe: RateProbe;
  private readonly ttlMs: number;
  private readonly now: () => Date;
  private readonly given: Record<string, number>;

  constructor(options: RateBookOptions) {
    this.probe = options.probe;
    this.ttlMs = options.ttlMs ?? DEFAULT_RATE_TTL_MS;
    this.now = options.now ?? (() => new Date());
    this.given = Object.fromEntries(Object.entries(options.given ?? {}).map(([c, r]) => [normalizeCurrency(c), r]));
  }

  /** Forgets learned rates (a "Refresh prices" asks again). */
  clear(): void {
    this.learned.clear();
    this.failed.clear();
  }

  /**
   * The rates into `base` for every currency of the offers in `parts` (the answers asked in `base`).
   * A currency that cannot be learned is listed in `missing` with the reason; its offers do not compete.
   */
  async tableFor(base: string, parts: readonly Part[], signal?: AbortSignal): Promise<RateTable> {
    const table = baseOnly(base);
    const needed = new Set<string>();
    // Offers nearly all give their currency in the same words: each text is read once while it repeats.
    let lastCurrency: string | null = null;
    for (let p = 0; p < parts.length; p++) {
      const offers = parts[p].offers;
      for (let o = 0; o < offers.length; o++) {
        const offer = offers[o];
        if (offer.breaks.length === 0 || offer.currency === lastCurrency) continue;
        lastCurrency = offer.currency;
        needed.add(normalizeCurrency(lastCurrency));
      }
    }
    needed.delete(table.base);
    needed.delete('');
    for (const currency of [...needed].sort()) {
      const given = this.given[currency];
      if (typeof given === 'number' && Number.isFinite(given) && given > 0) {
        table.rates.push({
          from: currency,
          to: table.base,
          rate: given,
          origin: { method: 'given', detail: 'set by the user', asOf: this.now() },
        });
        continue;
      }
      const key = `${currency}>${table.base}`;
      const cached = this.learned.get(key);
      if (cached && this.now().getTime() - cached.origin.asOf.getTime() < this.ttlMs) {
        table.rates.push(cached);
        continue;
      }
      const failure = this.failed.get(key);
      if (failure && this.now().getTime() - failure.at < Math.min(this.ttlMs, FAILED_RATE_RETRY_MS)) {
        table.missing.push({ from: currency, to: table.base, reason: failure.reason });
        continue;
      }
      let pending = this.learning.get(key);
      if (!pending) {
        pending = this.learn(table.base, currency, parts, signal).finally(() => this.learning.delete(key));
        this.learning.set(key, pending);
      }
      const learned = await pending;
      if ('rate' in learned) {
        this.learned.set(key, learned);
        table.rates.push(learned);
      } else {
        this.failed.set(key, { reason: learned.reason, at: this.now().getTime() });
        table.missing.push({ from: currency, to: table.base, reason: learned.reason });
      }
    }
    return table;
  }

  private async learn(
    base: string,
    currency: string,
    parts: readonly Part[],
    signal?: AbortSignal,
  ): Promise<Rate | { reason: string }> {
    const samples = probeCandidates(parts, base);
    if (samples.length === 0) return { reason: `no offer in ${base} to learn the ${currency} rate from` };
    let lastError = '';
    for (const part of samples.slice(0, MAX_PROBES)) {
      let answer: readonly Part[];
      try {
        answer = await this.probe(part.partNumber, currency, signal);
      } catch (e) {
        if (signal?.aborted) throw e;
        lastError = e instanceof Error ? e.message : String(e);
        continue;
      }
      const found = rateFromAnswers([part], answer, base, currency);
      if (found)
        return {
          from: currency,
          to: base,
          rate: found.rate,
          origin: { method: 'learned', detail: found.detail, asOf: this.now() },
        };
    }
    return {
      reason: lastError
        ? `the ${currency} rate could not be learned: ${lastError}`
        : `the item service did not convert prices to ${currency} (utm_currency), so the rate could not be learned`,
    };
  }
}

/** Parts with a priced offer in `base`, most expensive first (the best probes). */
function probeCandidates(parts: readonly Part[], base: string): Part[] {
  const priced: Array<{ part: Part; price: number }> = [];
  const seen = new Set<number>();
  for (const part of parts) {
    if (seen.has(part.itemId)) continue;
    seen.add(part.itemId);
    let max = 0;
    for (const offer of part.offers) {
      if (normalizeCurrency(offer.currency) !== base) continue;
      for (const tier of offer.breaks) if (tier.price > max) max = tier.price;
    }
    if (max > 0) priced.push({ part, price: max });
  }
  return priced.sort((a, b) => b.price - a.price).map((p) => p.part);
}
