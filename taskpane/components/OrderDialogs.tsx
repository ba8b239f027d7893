import { Button } from '@fluentui/react-components';
import { formatDateTime } from '../../src/purchase/priced-layout';
import type { OrderQuestion, QuestionAnswer } from '../order/controller';
import type { SendQuestion } from '../order/order-state';
import { orderedRowText } from './AlreadyOrdered';
import { PaneDialog, SAFE_ANSWER } from './PaneDialog';
import { plural } from '../../src/text/plural';
import { poLabel } from '../../src/text/words';

export interface OrderQuestionDialogProps {
  question: OrderQuestion | null;
  onAnswer: (answer: QuestionAnswer) => void;
}

type Asked = Exclude<OrderQuestion, { kind: 'overwrite' }>;
type Of<K extends SendQuestion['kind']> = Extract<SendQuestion, { kind: K }>;

function earlierText(e: Of<'duplicate-po'>['earlier'][number], mine: readonly string[]): string {
  const when = Number.isNaN(e.time.getTime()) ? '' : `, ${formatDateTime(e.time)}`;
  const state = e.submitted === 'yes' ? 'submitted' : e.submitted === 'no' ? 'created, not submitted' : 'not confirmed';
  const own = e.orderId !== '' && mine.includes(e.orderId) ? ', made from this selection' : '';
  return `${e.orderId ? `Order ${e.orderId}` : 'An order without a number'} (${state}${when}${own})`;
}

/** Each question's title alone, and its heading in the combined review. */
function titleOf(q: SendQuestion): string {
  switch (q.kind) {
    case 'production':
      return 'Submit to production?';
    case 'already-ordered':
      return `Order ${q.rows.length === 1 ? 'this row' : `these ${q.rows.length} rows`} again?`;
    case 'overbuy':
      return `Order ${q.lines.length === 1 ? 'an overbuy' : `${q.lines.length} overbuys`}?`;
    case 'duplicate-po':
      return `${poLabel(q.po)} was used before`;
  }
}

/** What a question says: the same words alone or in the combined review. */
function QuestionBody({ q }: { q: SendQuestion }) {
  if (q.kind === 'production')
    return (
      <p>
        This places a real order of {q.lines} {plural(q.lines, 'line')} for an estimated total of{' '}
        <strong>{q.total}</strong>, at the sheet’s unit prices. The checkout confirms the prices and any discount, and
        takes the parts from stock.
      </p>
    );
  if (q.kind === 'already-ordered')
    return (
      <>
        <p>
          {q.rows.length === 1
            ? 'You ticked a row that was ordered before:'
            : 'You ticked rows that were ordered before:'}
        </p>
        <ul>
          {q.rows.map((r) => (
            <li key={r.row}>{orderedRowText(r)}</li>
          ))}
        </ul>
        <p>This order buys {plural(q.rows.length, 'it', 'them')} a second time.</p>
      </>
    );
  if (q.kind === 'overbuy')
    return (
      <>
        <p>{plural(q.lines.length, 'This line buys', 'These lines buy')} far more than the BOM needs:</p>
        <ul>
          {q.lines.map((l) => (
            <li key={l.rows.join(',')}>
              {plural(l.rows.length, 'Row')} {l.rows.map((r) => r + 1).join(', ')}: {l.part}, {l.quantity}: {l.overbuy}
            </li>
          ))}
        </ul>
      </>
    );
  const mine = q.mine ?? [];
  return (
    <>
      <p>The Orders sheet already has this PO number:</p>
      <ul>
        {q.earlier.slice(0, 5).map((e, i) => (
          <li key={i}>{earlierText(e, mine)}</li>
        ))}
      </ul>
      {q.earlier.length > 5 && <p>and {q.earlier.length - 5} more.</p>}
    </>
  );
}

/** The question a question asks last when alone ('' for none); the combined review asks once for all. */
function closingText(q: SendQuestion): string {
  if (q.kind === 'overbuy')
    return `Order ${plural(q.lines.length, 'it', 'them')} as planned, or go back and change the quantities.`;
  return q.kind === 'duplicate-po' ? 'Send another order with the same PO number?' : '';
}

/** The button that sends, for a question alone. */
function yesText(q: SendQuestion): string {
  if (q.kind === 'production') return `Submit order for ${q.total}`;
  if (q.kind === 'already-ordered') return 'Order again';
  if (q.kind === 'overbuy') return 'Order as planned';
  return 'Send another order';
}

/**
 * Asked before sending: rows ordered before are ticked back in, the same PO number is in the Orders log, lines
 * buy far more than needed, or the order goes to production; two or more of these in one review, answered once.
 * The answer that sends nothing is focused.
 */
export function OrderQuestionDialog({ question, onAnswer }: OrderQuestionDialogProps) {
  const shown: Asked | null = question && question.kind !== 'overwrite' ? question : null;
  if (!shown) return null;
  const no = () => onAnswer('no');
  // Each question comes before an order is sent, which cannot be undone: Enter takes the answer that sends nothing.
  const cancel = (
    <Button {...SAFE_ANSWER} onClick={no}>
      {shown.kind === 'overbuy' ? 'Go back' : 'Cancel'}
    </Button>
  );
  if (shown.kind === 'review') {
    const production = shown.asked.find((q) => q.kind === 'production');
    return (
      <PaneDialog
        title={`Before this order is sent: ${shown.asked.length} things to check`}
        onDismiss={no}
        actions={
          <>
            <Button appearance="primary" onClick={() => onAnswer('yes')}>
              {production ? yesText(production) : 'Send the order'}
            </Button>
            {cancel}
          </>
        }
      >
        {shown.asked.map((q) => (
          <section key={q.kind} aria-label={titleOf(q)} data-question={q.kind}>
            <h3>{titleOf(q)}</h3>
            <QuestionBody q={q} />
          </section>
        ))}
        <p>Send the order with all of these, or cancel and change it.</p>
      </PaneDialog>
    );
  }
  return (
    <PaneDialog
      title={titleOf(shown)}
      onDismiss={no}
      actions={
        <>
          <Button appearance="primary" onClick={() => onAnswer('yes')}>
            {yesText(shown)}
          </Button>
          {cancel}
        </>
      }
    >
      <QuestionBody q={shown} />
      {closingText(shown) !== '' && <p>{closingText(shown)}</p>}
    </PaneDialog>
  );
}
