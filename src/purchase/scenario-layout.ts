/**
 * The Scenarios section of a purchase list: one row per scenario (its build quantities, total, parts to buy, cost
 * of the spares, parts short, each BOM's share), the chosen one marked. The same rows for the CLI's printed list and
 * XLSX file and for the task pane's Purchase list sheet.
 */
import { formatMoney } from '../pricing/money';
import { count } from '../plan/count';
import type { TableValue } from './list-layout';
import type { PurchaseScenarios } from './scenarios';

/** The section's header row for these BOMs: one "Share" column per BOM. */
export function scenarioHeaders(bomNames: readonly string[]): string[] {
  return [
    'Scenario',
    'Builds',
    'Total',
    'Currency',
    'Parts to buy',
    'Covered by stock',
    'Spares cost',
    'Short',
    'No price',
    ...bomNames.map((n) => `Share ${n}`),
    'On the sheet',
  ];
}

/** Excel number formats of the section's columns. */
export function scenarioFormats(bomNames: readonly string[]): string[] {
  return [
    '#,##0',
    '@',
    '#,##0.00###',
    '@',
    '#,##0',
    '#,##0',
    '#,##0.00###',
    '#,##0',
    '#,##0',
    ...bomNames.map(() => '#,##0.00###'),
    '@',
  ];
}

/** One row per scenario, in the columns of scenarioHeaders. */
export function scenarioRows(s: PurchaseScenarios): TableValue[][] {
  return s.scenarios.map((sc, i) => [
    sc.number,
    sc.label,
    sc.total,
    sc.result.currency,
    sc.partsToBuy,
    sc.covered,
    sc.excess,
    sc.short,
    sc.noPrice,
    ...sc.shares.map((share) => share.cost),
    i === s.chosen ? 'yes' : '',
  ]);
}

/** The section as printed lines: one line per scenario, then which one the list below is for. */
export function scenarioLines(s: PurchaseScenarios): string[] {
  const out = ['Scenarios (one lookup for all):'];
  for (const [i, sc] of s.scenarios.entries()) {
    const currency = sc.result.currency;
    const shares = sc.shares.map((share) => `${share.name} ${formatMoney(share.cost, currency)}`).join(', ');
    const flags = [
      sc.short > 0 ? `${count(sc.short)} short` : '',
      sc.noPrice > 0 ? `${count(sc.noPrice)} without a price` : '',
    ].filter((f) => f !== '');
    out.push(
      `  ${i === s.chosen ? '*' : ' '} ${sc.number}. ${sc.label}: ${formatMoney(sc.total, currency)}; ${count(sc.partsToBuy)} of ${count(sc.parts)} parts to buy, ${count(sc.covered)} covered by stock; spares ${formatMoney(sc.excess, currency)}${flags.length > 0 ? `; ${flags.join(', ')}` : ''}; shares: ${shares}`,
    );
  }
  out.push(`The list below is scenario ${s.chosen + 1} (${s.scenarios[s.chosen].label}).`);
  return out;
}
