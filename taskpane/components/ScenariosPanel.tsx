import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { changedText } from '../../src/purchase/scenario-layout';
import type { PricingView } from '../controller';
import { ChoiceSelect } from './ChoiceSelect';
import { SCENARIOS_HEADING } from './ScenariosJump';
import { useFigureTableStyles, useSectionStyles } from './styles';
import { countOf, groupedCount } from '../../src/text/plural';

export interface ScenariosPanelProps {
  pricing: PricingView;
  /** The quantity the BOM sheet is written for. */
  chosen: number;
  busy: boolean;
  onChoose: (boards: number) => void;
}

const useStyles = makeStyles({
  scroll: { overflowX: 'auto' },
  target: { scrollMarginTop: '64px' },
  /** A figure table (styles.ts useFigureTableStyles) whose cells never wrap: the table scrolls instead. */
  table: { '& th, & td': { whiteSpace: 'nowrap' } },
  chosen: { fontWeight: tokens.fontWeightSemibold, backgroundColor: tokens.colorNeutralBackground3 },
  partial: { color: tokens.colorPaletteDarkOrangeForeground1 },
});

function boardsText(n: number): string {
  return countOf(n, 'board');
}

function money(n: number): string {
  return n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** The BOM at several quantities: per quantity the cost per board, the total, what is short, and the offers that change. */
export function ScenariosPanel({ pricing, chosen, busy, onChoose }: ScenariosPanelProps) {
  const s = useSectionStyles();
  const c = useStyles();
  const t = useFigureTableStyles();
  const table = pricing.scenarios;
  if (!table) return null;
  const cur = table.currency ?? '';
  return (
    <section className={s.section} aria-labelledby={SCENARIOS_HEADING}>
      {/* The target of the jump link at the top of the results (ScenariosJump): focusable, clear of the sticky header. */}
      <h2 id={SCENARIOS_HEADING} className={mergeClasses(s.heading, c.target)} tabIndex={-1}>
        Scenarios{cur ? ` (${cur})` : ''}
      </h2>
      <div className={c.scroll}>
        <table className={mergeClasses(t.table, c.table)} data-testid="scenarios-table">
          <thead>
            <tr>
              <th scope="col">Boards</th>
              <th scope="col">Per board</th>
              <th scope="col">Total</th>
              <th scope="col">Spares</th>
              <th scope="col" title="Lines whose offer changes from the quantity before">
                Changes
              </th>
            </tr>
          </thead>
          <tbody>
            {table.quantities.map((q) => (
              <tr key={q.boards} className={q.boards === chosen ? c.chosen : undefined}>
                <td>{groupedCount(q.boards)}</td>
                <td>{money(q.perBoard)}</td>
                <td className={q.complete ? undefined : c.partial} title={q.coverage}>
                  {money(q.total)}
                  {q.complete ? '' : '*'}
                </td>
                <td>{money(q.excess)}</td>
                <td title={changedText(q, pricing.firstRowNumber)}>
                  {q.changed.length === 0 ? '–' : groupedCount(q.changed.length)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {table.quantities.some((q) => !q.complete) && (
        <p className={s.small} data-testid="scenarios-partial">
          * Partial:{' '}
          {table.quantities
            .filter((q) => !q.complete)
            .map((q) => `${groupedCount(q.priced)} of ${groupedCount(q.toBuy)} lines priced at ${boardsText(q.boards)}`)
            .join('; ')}
          .
        </p>
      )}
      {table.quantities.some((q) => q.changed.length > 0) && (
        <p className={s.small}>
          Offer changes:{' '}
          {table.quantities
            .filter((q) => q.changed.length > 0)
            .map((q) => `at ${boardsText(q.boards)}, ${changedText(q, pricing.firstRowNumber)}`)
            .join('; ')}
          .
        </p>
      )}
      <ChoiceSelect
        id="scenario-quantity"
        label="BOM sheet and orders for"
        hint={
          pricing.scenariosAddress
            ? `Every quantity is on ${pricing.scenariosAddress.split('!')[0]}, with a chart.`
            : undefined
        }
        options={table.quantities.map((q) => ({ value: q.boards, text: boardsText(q.boards) }))}
        chosen={chosen}
        busy={busy}
        onChoose={onChoose}
      />
    </section>
  );
}
