/**
 * What the summary says of the run's place among runs: the results marked stale when the BOM's cells changed after
 * pricing (PricingView.edited), and what changed since the last run the workbook kept (PricingView.changes: the
 * summary line, the largest changes, where the Changes sheet is). Words are made here from those records.
 */
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { changeLine, changesSummary } from '../../src/changes/words';
import { fullAddress, splitSheet } from '../../src/excel/address';
import { countOf } from '../../src/text/plural';
import { describeProblem } from '../errors';
import type { EditedCells, PricingView } from '../pane-state';
import { useSectionStyles } from './styles';
import { needByChanged, needByChangedWords } from '../need-by';

/** Changes listed in the pane; the rest are in the Changes sheet. */
const CHANGES_SHOWN = 3;

/** "Cell BOM!B5 changed", "BOM!B5 and 2 more changes". */
export function editedWords(edited: EditedCells): string {
  const first = fullAddress(edited.blocks[0]);
  const single = edited.blocks[0].rows === 1 && edited.blocks[0].columns === 1;
  if (edited.count === 1) return `${single ? 'Cell' : 'Cells'} ${first} of the BOM changed after pricing.`;
  return `The BOM changed after pricing: ${first} and ${countOf(edited.count - 1, 'more change')}.`;
}

/**
 * The stale mark: the BOM's cells changed after the run read them, or the need-by date set is not the one the run
 * planned for; each reason said in its own words, one "Price again" for both.
 */
export function EditedMark({
  pricing,
  busy,
  onPrice,
  needByNow = '',
}: {
  pricing: PricingView;
  busy: boolean;
  onPrice: () => void;
  /** The need-by date set now ('' for none). */
  needByNow?: string;
}) {
  const dates = needByChanged(pricing.schedule, needByNow);
  if (!pricing.edited && !dates) return null;
  return (
    <MessageBar intent="warning" layout="multiline" data-testid="results-edited">
      <MessageBarBody>
        <MessageBarTitle>Stale</MessageBarTitle>
        {pricing.edited && ` ${editedWords(pricing.edited)}`}
        {dates && <span data-testid="stale-need-by"> {needByChangedWords(dates)}</span>} These results do not include
        {pricing.edited && dates ? ' them' : ' it'}.
      </MessageBarBody>
      <MessageBarActions>
        <Button size="small" appearance="primary" disabled={busy} onClick={onPrice}>
          Price again
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}

/** The changes since the last run: the summary line, the largest few, and where the rest are. */
export function ChangesLine({ pricing }: { pricing: PricingView }) {
  const s = useSectionStyles();
  const changes = pricing.changes;
  if (!changes) return null;
  if (changes.unreadable)
    return (
      <p className={s.text} data-testid="summary-changes">
        Changes since the last run not shown: {describeProblem(changes.unreadable).text} This run is kept; the next one
        is compared with it.
      </p>
    );
  const c = changes.comparison;
  if (!c) return null;
  const sheet = changes.address ? splitSheet(changes.address).sheet : null;
  if (c.changes.length === 0)
    return (
      <p className={s.text} data-testid="summary-changes">
        {changesSummary(c)}
      </p>
    );
  return (
    <div data-testid="summary-changes">
      <p className={s.text}>
        Since the last run: {changesSummary(c)}
        {sheet ? ` (line by line, and the cost bridge, in the "${sheet}" sheet)` : ''}
      </p>
      <ul className={s.small}>
        {c.changes.slice(0, CHANGES_SHOWN).map((ch, i) => (
          <li key={i}>{changeLine(c, ch)}</li>
        ))}
      </ul>
    </div>
  );
}
