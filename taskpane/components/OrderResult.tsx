import {
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  mergeClasses,
} from '@fluentui/react-components';
import { ArrowLeftRegular, ArrowRightRegular, SendRegular, TableSearchRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { formatDateTime } from '../../src/purchase/priced-layout';
import type { OrderFailure, OrderOutcome, OrderState } from '../order/controller';
import { ORDER_ENVIRONMENT_LABELS } from '../order/environment';
import { money } from '../../src/workflows/order-review';
import { useOrderStyles } from './order-styles';
import { useFigureTableStyles, useSectionStyles } from './styles';
import { groupedCount, plural } from '../../src/text/plural';

function amount(n: number | null, currency: string | null): string {
  return n === null ? '—' : money(n, currency ?? '');
}

export interface OrderResultProps {
  outcome: OrderOutcome;
  busy: boolean;
  /** What went wrong submitting the created order, shown with the result. */
  failure: OrderFailure | null;
  /** The next group's order still to prepare from the selection, and why the selection makes several. */
  next: OrderState['next'];
  split: string | null;
  onBack: () => void;
  onAgain: () => void;
  /** Submits the created order, with the password typed here when the checkout needs it again ('' when none). */
  onSubmit: (password: string) => void;
  onNext: () => void;
}

/** The order's id, PO, time, amounts and shipping. */
function OrderFacts({ outcome }: { outcome: OrderOutcome }) {
  const c = useOrderStyles();
  return (
    <dl className={c.facts}>
      <dt>Order id</dt>
      <dd>{outcome.orderId}</dd>
      <dt>PO number</dt>
      <dd>{outcome.po}</dd>
      <dt>Placed</dt>
      <dd>{formatDateTime(outcome.at)}</dd>
      <dt>Subtotal</dt>
      <dd>{amount(outcome.subtotal, outcome.currency)}</dd>
      {outcome.discount !== null && outcome.discount !== 0 && (
        <>
          <dt>Discount</dt>
          <dd>−{amount(outcome.discount, outcome.currency)}</dd>
        </>
      )}
      <dt>Total</dt>
      <dd>
        <strong>{amount(outcome.total, outcome.currency)}</strong>
      </dd>
      {(outcome.shipAgent || outcome.shipService) && (
        <>
          <dt>Shipping</dt>
          <dd>
            {[outcome.shipAgent ? `carrier ${outcome.shipAgent}` : '', outcome.shipService ?? '']
              .filter(Boolean)
              .join(', ')}{' '}
            (invoiced at shipment)
          </dd>
        </>
      )}
    </dl>
  );
}

/** The lines as the checkout processed them. */
function ProcessedLines({ outcome }: { outcome: OrderOutcome }) {
  const s = useSectionStyles();
  const c = useOrderStyles();
  const t = useFigureTableStyles();
  return (
    <table className={mergeClasses(t.table, c.processed)} aria-label="Order lines as processed">
      <thead>
        <tr>
          <th scope="col">Part (item)</th>
          <th scope="col">Qty</th>
          <th scope="col">Each</th>
          <th scope="col">Line</th>
          <th scope="col">Ships</th>
        </tr>
      </thead>
      <tbody>
        {outcome.lines.map((l) => (
          <tr key={l.itemId}>
            <td>
              {outcome.parts[l.itemId.toUpperCase()] ? (
                <>
                  {outcome.parts[l.itemId.toUpperCase()]} <span className={s.small}>({l.itemId})</span>
                </>
              ) : (
                l.itemId
              )}
            </td>
            <td>{groupedCount(l.qty)}</td>
            <td>{l.ped.toLocaleString('en-US', { maximumFractionDigits: 5 })}</td>
            <td>{l.itot.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}</td>
            <td>{l.esd ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Where the order was written, its notes, and what went wrong submitting it. */
function ResultNotes({ outcome, failure }: Pick<OrderResultProps, 'outcome' | 'failure'>) {
  const s = useSectionStyles();
  const c = useOrderStyles();
  return (
    <>
      <p className={s.small}>
        {outcome.orderColumn ? `Order id written in ${outcome.orderColumn}` : 'The Order column was not written'}
        {outcome.logged ? `; logged on ${outcome.logged.sheet}, row ${outcome.logged.row + 1}.` : '.'}
      </p>
      {outcome.notes.length > 0 && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody className={c.body}>{outcome.notes.join(' ')}</MessageBarBody>
        </MessageBar>
      )}
      {failure && (
        <MessageBar intent="error" layout="multiline" data-testid="order-failure">
          <MessageBarBody className={c.body}>
            <MessageBarTitle>{failure.title}</MessageBarTitle> {failure.text}
          </MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}

/** Submitting a created order: the password when the checkout asks for it again, and the Submit button. */
function SubmitCreated({
  outcome,
  busy,
  failure,
  onSubmit,
}: Pick<OrderResultProps, 'outcome' | 'busy' | 'failure' | 'onSubmit'>) {
  const c = useOrderStyles();
  // Asked for here, not in the review: the review's Submit order would create a second order.
  const [password, setPassword] = useState('');
  const needsPassword = !outcome.submitted && failure?.kind === 'auth';
  return (
    <>
      {needsPassword && (
        <Field label="Checkout password" hint="Never sent as typed: only a one-way hash of it goes with this order.">
          <Input
            type="password"
            value={password}
            autoComplete="current-password"
            disabled={busy}
            onChange={(_, d) => setPassword(d.value)}
          />
        </Field>
      )}
      {!outcome.submitted && (
        <div className={c.actions}>
          <Button
            appearance="primary"
            icon={<SendRegular />}
            onClick={() => {
              onSubmit(needsPassword ? password : '');
              setPassword('');
            }}
            disabled={busy}
          >
            Submit order {outcome.orderId}
          </Button>
        </div>
      )}
    </>
  );
}

/** The next group's order, the submitting spinner, and the way back. */
function ResultActions({
  outcome,
  busy,
  next,
  split,
  onBack,
  onAgain,
  onNext,
}: Pick<OrderResultProps, 'outcome' | 'busy' | 'next' | 'split' | 'onBack' | 'onAgain' | 'onNext'>) {
  const s = useSectionStyles();
  const c = useOrderStyles();
  return (
    <>
      {next && (
        <div className={c.actions}>
          <Button
            appearance={outcome.submitted ? 'primary' : 'secondary'}
            icon={<ArrowRightRegular />}
            onClick={onNext}
            disabled={busy}
          >
            Prepare the {next.words} order ({next.lines} {plural(next.lines, 'line')})
          </Button>
        </div>
      )}
      {next && split && (
        <p className={s.small}>
          {split} The {next.words} lines go in an order of their own.
        </p>
      )}
      {busy && (
        <div role="status" aria-live="polite">
          <Spinner size="tiny" label={`Submitting order ${outcome.orderId}…`} />
        </div>
      )}
      <div className={c.actions}>
        <Button icon={<ArrowLeftRegular />} onClick={onBack} disabled={busy}>
          Back to the review
        </Button>
        <Button appearance="subtle" icon={<TableSearchRegular />} onClick={onAgain} disabled={busy}>
          Order other rows
        </Button>
      </div>
    </>
  );
}

/** What came back for an order: created or submitted, its facts and lines, and what to do next. */
export function OrderResult(props: OrderResultProps) {
  const { outcome } = props;
  const s = useSectionStyles();
  const c = useOrderStyles();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [outcome]);
  return (
    <section className={s.section} aria-labelledby="order-result-heading" data-testid="order-result">
      <h2 id="order-result-heading" className={s.heading} ref={heading} tabIndex={-1}>
        Order {outcome.orderId} {outcome.submitted ? 'submitted' : 'created'}
      </h2>
      <MessageBar intent="success" layout="multiline">
        <MessageBarBody className={c.body}>
          <MessageBarTitle>{outcome.submitted ? 'Submitted' : 'Created, not submitted'}</MessageBarTitle>
          {outcome.submitted
            ? `Order ${outcome.orderId} is placed in the ${ORDER_ENVIRONMENT_LABELS[outcome.environment].toLowerCase()}.`
            : `Order ${outcome.orderId} exists in the ${ORDER_ENVIRONMENT_LABELS[outcome.environment].toLowerCase()} but is not submitted; no stock was taken.`}
        </MessageBarBody>
      </MessageBar>
      <OrderFacts outcome={outcome} />
      <ProcessedLines outcome={outcome} />
      <ResultNotes outcome={outcome} failure={props.failure} />
      <SubmitCreated outcome={outcome} busy={props.busy} failure={props.failure} onSubmit={props.onSubmit} />
      <ResultActions {...props} />
    </section>
  );
}
