import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useRef } from 'react';
import { formatDateTime } from '../../src/bom/layout';
import type { OrderQuestion, QuestionAnswer } from '../order/controller';
import { orderedRowText } from './AlreadyOrdered';

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

/** Asked before sending: rows ordered before are ticked back in, the same PO number is in the Orders log, or the order goes to production. */
export function OrderQuestionDialog({ question, onAnswer }: OrderQuestionDialogProps) {
  const asked = question && question.kind !== 'overwrite' ? question : null;
  // The last question stays on screen while the dialog closes.
  const last = useRef<Asked | null>(null);
  if (asked) last.current = asked;
  const shown = asked ?? last.current;
  return (
    <Dialog open={asked !== null} modalType="alert" onOpenChange={(_, data) => !data.open && onAnswer('no')}>
      <DialogSurface aria-describedby="order-question-text">
        <DialogBody>
          {shown?.kind === 'production' && (
            <>
              <DialogTitle>Submit to production?</DialogTitle>
              <DialogContent id="order-question-text">
                <p>
                  This places a real order of {shown.lines} line{shown.lines === 1 ? '' : 's'} for an estimated total of <strong>{shown.total}</strong>, at
                  the sheet’s unit prices. The checkout confirms the prices and any discount, and takes the parts from stock.
                </p>
              </DialogContent>
              <DialogActions fluid>
                <Button appearance="primary" onClick={() => onAnswer('yes')}>
                  Submit order for {shown.total}
                </Button>
                <Button onClick={() => onAnswer('no')}>Cancel</Button>
              </DialogActions>
            </>
          )}
          {shown?.kind === 'already-ordered' && (
            <>
              <DialogTitle>Order {shown.rows.length === 1 ? 'this row' : `these ${shown.rows.length} rows`} again?</DialogTitle>
              <DialogContent id="order-question-text">
                <p>{shown.rows.length === 1 ? 'You ticked a row that was ordered before:' : 'You ticked rows that were ordered before:'}</p>
                <ul>
                  {shown.rows.map((r) => (
                    <li key={r.row}>{orderedRowText(r)}</li>
                  ))}
                </ul>
                <p>This order buys {shown.rows.length === 1 ? 'it' : 'them'} a second time.</p>
              </DialogContent>
              <DialogActions fluid>
                <Button appearance="primary" onClick={() => onAnswer('yes')}>
                  Order again
                </Button>
                <Button onClick={() => onAnswer('no')}>Cancel</Button>
              </DialogActions>
            </>
          )}
          {shown?.kind === 'overbuy' && (
            <>
              <DialogTitle>Order {shown.lines.length === 1 ? 'an overbuy' : `${shown.lines.length} overbuys`}?</DialogTitle>
              <DialogContent id="order-question-text">
                <p>{shown.lines.length === 1 ? 'This line buys' : 'These lines buy'} far more than the BOM needs:</p>
                <ul>
                  {shown.lines.map((l) => (
                    <li key={l.rows.join(',')}>
                      Row{l.rows.length === 1 ? '' : 's'} {l.rows.map((r) => r + 1).join(', ')}: {l.part}, {l.quantity}: {l.overbuy}
                    </li>
                  ))}
                </ul>
                <p>Order {shown.lines.length === 1 ? 'it' : 'them'} as planned, or go back and change the quantities.</p>
              </DialogContent>
              <DialogActions fluid>
                <Button appearance="primary" onClick={() => onAnswer('yes')}>
                  Order as planned
                </Button>
                <Button onClick={() => onAnswer('no')}>Go back</Button>
              </DialogActions>
            </>
          )}
          {shown?.kind === 'duplicate-po' && (
            <>
              <DialogTitle>PO {shown.po} was used before</DialogTitle>
              <DialogContent id="order-question-text">
                <p>The Orders sheet already has this PO number:</p>
                <ul>
                  {shown.earlier.slice(0, 5).map((e, i) => (
                    <li key={i}>{earlierText(e)}</li>
                  ))}
                </ul>
                {shown.earlier.length > 5 && <p>and {shown.earlier.length - 5} more.</p>}
                <p>Send another order with the same PO number?</p>
              </DialogContent>
              <DialogActions fluid>
                <Button appearance="primary" onClick={() => onAnswer('yes')}>
                  Send another order
                </Button>
                <Button onClick={() => onAnswer('no')}>Cancel</Button>
              </DialogActions>
            </>
          )}
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
