import { Checkbox, MessageBar, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import type { OrderedRow } from '../../src/workflows/order-review';
import { useSectionStyles } from './styles';
import { plural } from '../../src/text/plural';

export interface AlreadyOrderedProps {
  rows: readonly OrderedRow[];
  disabled: boolean;
  onInclude: (row: number, on: boolean) => void;
}

const useStyles = makeStyles({
  list: {
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
  },
  body: { overflowWrap: 'anywhere', whiteSpace: 'normal' },
});

/** "Row 15 (BAV99): order 90000001 submitted 2026-11-20 09:30" */
export function orderedRowText(r: OrderedRow): string {
  return `Row ${r.row + 1}${r.what ? ` (${r.what})` : ''}: order ${r.orders.map((o) => o.text).join('; order ')}`;
}

/**
 * The selected rows ordered before, first in the review and hard to miss: each is left out of this order unless
 * the buyer ticks it back in (and confirms again when sending).
 */
export function AlreadyOrdered({ rows, disabled, onInclude }: AlreadyOrderedProps) {
  const s = useSectionStyles();
  const c = useStyles();
  if (rows.length === 0) return null;
  const out = rows.filter((r) => !r.included).length;
  return (
    <MessageBar intent="warning" layout="multiline" data-testid="already-ordered">
      <MessageBarBody className={c.body}>
        <MessageBarTitle>
          Already ordered: {rows.length} {plural(rows.length, 'row')}
        </MessageBarTitle>
        <p className={s.text}>
          {out === rows.length ? 'Left out of this order.' : `${out} left out; ticked rows are ordered again.`} Tick a
          row to order it again.
        </p>
        <ul className={c.list} aria-label="Rows already ordered">
          {rows.map((r) => (
            <li key={r.row}>
              <Checkbox
                checked={r.included}
                disabled={disabled}
                onChange={(_, d) => onInclude(r.row, d.checked === true)}
                label={orderedRowText(r)}
              />
            </li>
          ))}
        </ul>
      </MessageBarBody>
    </MessageBar>
  );
}
