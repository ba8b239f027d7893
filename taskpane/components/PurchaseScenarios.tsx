import { formatMoney } from '../../src/pricing/money';
import { type PurchaseScenarios, scenarioLabel } from '../../src/purchase';
import type { PurchaseSetup } from '../purchase/setup';
import { setupScenarios } from '../purchase/setup';
import { ChoiceSelect } from './ChoiceSelect';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useFigureTableStyles, useSectionStyles } from './styles';
import { groupedCount } from '../../src/text/plural';

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

const useStyles = makeStyles({
  scroll: { overflowX: 'auto' },
  /** A figure table whose cells never wrap: the table scrolls sideways instead, its first column the scenario. */
  table: {
    '& th, & td': { whiteSpace: 'nowrap' },
    '& th[scope="row"]': { textAlign: 'left' },
    '& caption': { textAlign: 'left', captionSide: 'top', fontSize: tokens.fontSizeBase200 },
  },
  chosen: { fontWeight: tokens.fontWeightSemibold, backgroundColor: tokens.colorNeutralBackground3 },
});

/**
 * The scenarios side by side, one row each: its builds, total, parts to buy of those listed, spares, parts short and
 * without a price, and each BOM's cost share; the row on the sheet marked.
 */
export function ScenarioComparison({ scenarios }: { scenarios: PurchaseScenarios }) {
  const c = useStyles();
  const t = useFigureTableStyles();
  const names = scenarios.scenarios[0]?.shares.map((share) => share.name) ?? [];
  return (
    <div
      className={c.scroll}
      role="region"
      aria-labelledby="purchase-scenarios-caption"
      // The table scrolls sideways at a narrow width: the keyboard can scroll it too.
      tabIndex={0}
    >
      <table className={mergeClasses(t.table, c.table)} data-testid="purchase-scenarios">
        <caption id="purchase-scenarios-caption">
          Scenarios: the row marked "on the sheet" is the Purchase list sheet's
        </caption>
        <thead>
          <tr>
            <th scope="col">Scenario</th>
            <th scope="col">Total</th>
            <th scope="col">To buy</th>
            <th scope="col">Spares</th>
            <th scope="col">Short</th>
            <th scope="col">No price</th>
            {names.map((name) => (
              <th scope="col" key={name}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {scenarios.scenarios.map((sc, i) => {
            const money = (n: number) => formatMoney(n, sc.result.currency);
            const chosen = i === scenarios.chosen;
            return (
              <tr
                key={sc.number}
                data-testid="scenario"
                className={chosen ? c.chosen : undefined}
                aria-current={chosen ? 'true' : undefined}
              >
                <th scope="row">
                  {sc.number}. {sc.label}
                  {chosen ? ' (on the sheet)' : ''}
                </th>
                <td>{money(sc.total)}</td>
                <td>
                  {groupedCount(sc.partsToBuy)} of {groupedCount(sc.parts)}
                </td>
                <td>{money(sc.excess)}</td>
                <td>{groupedCount(sc.short)}</td>
                <td>{groupedCount(sc.noPrice)}</td>
                {sc.shares.map((share) => (
                  <td key={share.name}>{money(share.cost)}</td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
