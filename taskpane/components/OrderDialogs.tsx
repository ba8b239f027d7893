import { Button } from '@fluentui/react-components';
import { formatDateTime } from '../../src/bom/layout';
import type { OrderQuestion, QuestionAnswer } from '../order/controller';
import { orderedRowText } from './AlreadyOrdered';
import { PaneDialog, SAFE_ANSWER } from './PaneDialog';
import { plural } from '../../src/text/plural';
import { poLabel } from '../../src/text/words';

export interface OrderQuestionDialogProps {
  question: OrderQuestion | null;
  onAnswer: (answer: QuestionAnswer) => void;
}

type Asked = Exclude<OrderQuestion, { kind: 'overwrite' }>;

function earlierText(e: Extract<OrderQuestion, { kind: 'duplicate-po' }>['earlier'][number]): string {
  const when = Number.isNaN(e.time.getTime()) ? '' : `, ${formatDateTime(e.time)}`;
  const state = e.submitted === 'yes' ? 'submitted' : e.submitted === 'no' ? 'created, not submitted' : 'not confirmed';
  return `${e.orderId ? `Order ${e.orderId}` : 'An order without a number'} (${state}${when})`;
}

/**
 * Asked before sending: rows ordered before are ticked back in, the same PO number is in the Orders log, or the order
 * goes to production. The answer that sends nothing is focused.
 */
export function OrderQuestionDialog({ question, onAnswer }: OrderQuestionDialogProps) {
  const shown: Asked | null = question && question.kind !== 'overwrite' ? question : null;
  if (!shown) return null;
  const no = () => onAnswer('no');
  // Each question comes before an order is sent, which cannot be undone: Enter takes the answer that sends nothing.
  const cancel = (
    <Button {...SAFE_ANSWER} onClick={no}>
      Cancel
    </Button>
  );
  if (shown.kind === 'production') {
    return (
      <PaneDialog
        title="Submit to production?"
        onDismiss={no}
        actions={
          <>
            <Button appearance="primary" onClick={() => onAnswer('yes')}>
              Submit order for {shown.total}
            </Button>
            {cancel}
          </>
        }
      >
        <p>
          This places a real order of {shown.lines} {plural(shown.lines, 'line')} for an estimated total of{' '}
          <strong>{shown.total}</strong>, at the sheet’s unit prices. The checkout confirms the prices and any discount,
          and takes the parts from stock.
        </p>
      </PaneDialog>
    );
  }
  if (shown.kind === 'already-ordered') {
    return (
      <PaneDialog
        title={`Order ${shown.rows.length === 1 ? 'this row' : `these ${shown.rows.length} rows`} again?`}
        onDismiss={no}
        actions={
          <>
            <Button appearance="primary" onClick={() => onAnswer('yes')}>
              Order again
            </Button>
            {cancel}
          </>
        }
      >
        <p>
          {shown.rows.length === 1
            ? 'You ticked a row that was ordered before:'
            : 'You ticked rows that were ordered before:'}
        </p>
        <ul>
          {shown.rows.map((r) => (
            <li key={r.row}>{orderedRowText(r)}</li>
          ))}
        </ul>
        <p>This order buys {plural(shown.rows.length, 'it', 'them')} a second time.</p>
      </PaneDialog>
    );
  }
  if (shown.kind === 'overbuy') {
    return (
      <PaneDialog
        title={`Order ${shown.lines.length === 1 ? 'an overbuy' : `${shown.lines.length} overbuys`}?`}
        onDismiss={no}
        actions={
          <>
            <Button appearance="primary" onClick={() => onAnswer('yes')}>
              Order as planned
            </Button>
            <Button {...SAFE_ANSWER} onClick={no}>
              Go back
            </Button>
          </>
        }
      >
        <p>{plural(shown.lines.length, 'This line buys', 'These lines buy')} far more than the BOM needs:</p>
        <ul>
          {shown.lines.map((l) => (
            <li key={l.rows.join(',')}>
              {plural(l.rows.length, 'Row')} {l.rows.map((r) => r + 1).join(', ')}: {l.part}, {l.quantity}: {l.overbuy}
            </li>
          ))}
        </ul>
        <p>Order {plural(shown.lines.length, 'it', 'them')} as planned, or go back and change the quantities.</p>
      </PaneDialog>
    );
  }
  return (
    <PaneDialog
      title={`${poLabel(shown.po)} was used before`}
      onDismiss={no}
      actions={
        <>
          <Button appearance="primary" onClick={() => onAnswer('yes')}>
            Send another order
          </Button>
          {cancel}
        </>
      }
    >
      <p>The Orders sheet already has this PO number:</p>
      <ul>
        {shown.earlier.slice(0, 5).map((e, i) => (
          <li key={i}>{earlierText(e)}</li>
        ))}
      </ul>
      {shown.earlier.length > 5 && <p>and {shown.earlier.length - 5} more.</p>}
      <p>Send another order with the same PO number?</p>
    </PaneDialog>
  );
}
