import { formatMoney } from '../../src/pricing/money';
import { type PurchaseScenarios, scenarioLabel } from '../../src/purchase';
import type { PurchaseSetup } from '../purchase/several-boms';
import { setupScenarios } from '../purchase/several-boms';
import { ChoiceSelect } from './ChoiceSelect';
import { useSectionStyles } from './styles';

function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** The scenarios the kept BOMs make, or why their quantities cannot be paired. */
export function scenariosOf(setup: PurchaseSetup): { sets: number[][]; problem: string | null } {
  try {
    return { sets: setupScenarios(setup), problem: null };
  } catch (e) {
    return { sets: [], problem: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * With BOMs given several build quantities: which scenario the Purchase list sheet is written for (and ordered
 * from), or why the quantities cannot be paired. Nothing when every BOM has one quantity.
 */
export function ScenarioChooser({
  setup,
  busy,
  onChoose,
}: {
  setup: PurchaseSetup;
  busy: boolean;
  onChoose: (scenario: number) => void;
}) {
  const s = useSectionStyles();
  const { sets, problem } = scenariosOf(setup);
  if (problem !== null)
    return (
      <p className={s.small} data-testid="scenario-problem" role="alert">
        {problem}
      </p>
    );
  if (sets.length < 2) return null;
  const names = setup.boms.map((b) => b.name);
  const chosen = Math.min(setup.scenario ?? 0, sets.length - 1);
  return (
    <ChoiceSelect
      label="Scenario for the Purchase list sheet"
      options={sets.map((builds, i) => ({ value: i, text: `${i + 1}. ${scenarioLabel(names, builds)}` }))}
      chosen={chosen}
      busy={busy}
      onChoose={onChoose}
    />
  );
}

/** The scenarios side by side: per scenario its total, parts to buy, spares, parts short and each BOM's share. */
export function ScenarioComparison({ scenarios }: { scenarios: PurchaseScenarios }) {
  const s = useSectionStyles();
  return (
    <ul className={s.list} aria-label="Scenarios">
      {scenarios.scenarios.map((sc, i) => {
        const money = (n: number) => formatMoney(n, sc.result.currency);
        const shares = sc.shares.map((share) => `${share.name} ${money(share.cost)}`).join(', ');
        return (
          <li key={sc.number} data-testid="scenario" aria-current={i === scenarios.chosen ? 'true' : undefined}>
            <strong>
              {sc.number}. {sc.label}
            </strong>
            {i === scenarios.chosen ? ' (on the sheet)' : ''}: {money(sc.total)}; {count(sc.partsToBuy)} of{' '}
            {count(sc.parts)} parts to buy; spares {money(sc.excess)}
            {sc.short > 0 ? `; ${count(sc.short)} short` : ''}
            {sc.noPrice > 0 ? `; ${count(sc.noPrice)} without a price` : ''}; shares: {shares}
          </li>
        );
      })}
    </ul>
  );
}
