/**
 * What `partsheet plan --json` prints: the purchase list, the per-BOM summary (with each BOM's dates when worked
 * out), what was not applied, the schedule of what is bought, and the scenarios when several.
 */
import type { PurchaseResult, PurchaseScenarios } from '../src/purchase';
import { scheduleJson } from '../src/plan/schedule-words';

/** The JSON of --json: amounts as numbers, the micro-unit totals as exact text. */
export function planJson(result: PurchaseResult, extra: { stock: string[]; problems: unknown[] }): unknown {
  return {
    currency: result.currency,
    total: result.total,
    totalMicro: result.micro.toString(),
    lookups: result.lookups,
    pricedAt: result.pricedAt.toISOString(),
    boms: result.boms.map((b) => ({ ...b, micro: undefined, costMicro: b.micro.toString() })),
    // Builds by the need-by date are each BOM's (boms[].dates); the list as a whole has none.
    schedule: result.schedule
      ? { ...(scheduleJson(result.schedule, result.currency) as object), buildsByNeedBy: undefined }
      : null,
    rows: result.rows.map((r) => ({
      partNumber: r.partNumber,
      manufacturer: r.manufacturer,
      description: r.description,
      needs: Object.fromEntries(result.boms.map((b, i) => [b.name, r.needs[i]])),
      need: r.need,
      onHand: r.onHand,
      onOrder: r.onOrder,
      toBuy: r.toBuy,
      orderQty: r.orderQty,
      spare: r.spare,
      shortfall: r.shortfall,
      offers: r.purchases,
      cost: r.cost,
      costMicro: r.micro.toString(),
      shares: Object.fromEntries(
        result.boms.map((b, i) => [
          b.name,
          {
            qty: r.shares[i],
            cost: Number(r.shareMicros[i]) / 1e6,
            fromOnHand: r.fromOnHand[i],
            fromOnOrder: r.fromOnOrder[i],
          },
        ]),
      ),
      status: r.status,
      sharedBy: r.sharedBy,
      whyMore: r.whyMore,
      notes: r.notes,
    })),
    unlisted: result.unlisted.map((u) => ({
      bom: result.boms[u.bom].name,
      row: u.row + 1,
      partNumber: u.partNumber,
      status: u.status,
      reason: u.reason,
      need: u.need,
    })),
    notApplied: result.notApplied.map((n) => ({ ...n.entry, kind: n.kind, why: n.text, onOrder: n.onOrder })),
    stockRead: extra.stock,
    stockRowsNotRead: extra.problems,
  };
}

/** The Scenarios section of --json: per scenario its builds per BOM and figures; `scenario` is the one listed (1-based). */
export function scenariosJson(s: PurchaseScenarios): { scenario: number; scenarios: unknown[] } {
  return {
    scenario: s.chosen + 1,
    scenarios: s.scenarios.map((sc) => ({
      scenario: sc.number,
      label: sc.label,
      builds: Object.fromEntries(sc.shares.map((share) => [share.name, share.builds])),
      total: sc.total,
      totalMicro: sc.micro.toString(),
      currency: sc.result.currency,
      partsToBuy: sc.partsToBuy,
      parts: sc.parts,
      covered: sc.covered,
      excess: sc.excess,
      excessMicro: sc.excessMicro.toString(),
      short: sc.short,
      noPrice: sc.noPrice,
      shares: Object.fromEntries(
        sc.shares.map((share) => [share.name, { cost: share.cost, costMicro: share.micro.toString() }]),
      ),
    })),
  };
}
