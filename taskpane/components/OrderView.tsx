import {
  Button,
  Checkbox,
  Field,
  Input,
  Link,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowLeftRegular,
  ArrowRightRegular,
  CartRegular,
  DocumentCheckmarkRegular,
  SendRegular,
  TableSearchRegular,
} from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { formatDateTime } from '../../src/bom/layout';
import {
  CHECKOUT_BLOCKED_TITLE,
  type OrderController,
  type OrderFailure,
  type OrderOutcome,
  type OrderState,
  shipToAccount,
} from '../order/controller';
import { ORDER_ENVIRONMENT_LABELS } from '../order/environment';
import { money, problemText } from '../order/plan';
import { AlreadyOrdered } from './AlreadyOrdered';
import { OrderQuestionDialog } from './OrderDialogs';
import { OrderFields } from './OrderFields';
import { LeftOutList, OrderLines } from './OrderLines';
import { OverwriteDialog } from './OverwriteDialog';
import { useSectionStyles } from './styles';
import { plural } from '../../src/text/plural';

export interface OrderViewProps {
  state: OrderState;
  controller: OrderController;
  onOpenSettings: () => void;
}

const useStyles = makeStyles({
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalS,
    alignItems: 'center',
  },
  body: {
    overflowWrap: 'anywhere',
    whiteSpace: 'normal',
  },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
    fontSize: tokens.fontSizeBase300,
    color: tokens.colorNeutralForeground1,
    '& dt': { color: tokens.colorNeutralForeground2 },
    '& dd': { margin: 0, overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' },
  },
  processed: {
    borderCollapse: 'collapse',
    width: '100%',
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground1,
    '& th, & td': {
      textAlign: 'right',
      padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalXS}`,
      borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
      fontVariantNumeric: 'tabular-nums',
    },
    // Quantities, amounts and ship dates never break inside ("2026-11-\n25"); the part column wraps instead.
    '& td': { whiteSpace: 'nowrap' },
    '& th:first-child, & td:first-child': { textAlign: 'left', overflowWrap: 'anywhere', whiteSpace: 'normal' },
    '& thead th': { color: tokens.colorNeutralForeground2, fontWeight: tokens.fontWeightSemibold },
  },
});

function amount(n: number | null, currency: string | null): string {
  return n === null ? '—' : money(n, currency ?? '');
}

interface OrderResultProps {
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

function OrderResult({ outcome, busy, failure, next, split, onBack, onAgain, onSubmit, onNext }: OrderResultProps) {
  const s = useSectionStyles();
  const c = useStyles();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [outcome]);
  // Asked for here, not in the review: the review's Submit order would create a second order.
  const [password, setPassword] = useState('');
  const needsPassword = !outcome.submitted && failure?.kind === 'auth';
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
      <table className={c.processed} aria-label="Order lines as processed">
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
              <td>{l.qty.toLocaleString('en-US')}</td>
              <td>{l.ped.toLocaleString('en-US', { maximumFractionDigits: 5 })}</td>
              <td>{l.itot.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}</td>
              <td>{l.esd ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
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
      {needsPassword && (
        <Field label="Checkout password" hint="Sent only as its SHA-256, to submit this order.">
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
    </section>
  );
}

/** The Order view: read the selected priced rows, review the order, send it, and see what came back. */
export function OrderView({ state, controller, onOpenSettings }: OrderViewProps) {
  const s = useSectionStyles();
  const c = useStyles();
  const { phase, failure, selection } = state;
  const busy = phase !== 'review' && phase !== 'empty' && phase !== 'done';
  const editable = phase === 'review';
  const generalProblems = state.problems.filter((p) => p.place === 'order' && p.lineKey === undefined);
  const canSend = editable && state.lines.length > 0 && state.checkoutBlocked === null;
  const shownFailure =
    failure && !(failure.kind === 'blocked' && failure.text === state.checkoutBlocked) ? failure : null;
  // The result stays in view while its created order is being submitted.
  const showResult = state.outcome !== null && phase !== 'review' && phase !== 'empty' && phase !== 'reading';
  const account = shipToAccount(state.form);
  const shipTos = state.shipTos.filter((e) => account === '' || e.account === account);
  // A send that failed at a field or a line takes the buyer there: the first one, in the order of the form.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!failure || phase !== 'review' || failure.mayExist) return;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"], li[data-problem="true"] input');
    if (!first) return;
    first.scrollIntoView?.({ block: 'center' });
    first.focus();
  }, [failure, phase]);

  return (
    <>
      <section className={s.section} aria-labelledby="order-heading">
        <h2 id="order-heading" className={s.heading}>
          Order selected rows
        </h2>
        <p className={s.text}>
          Select the priced rows to order in the sheet (any cells of those rows), then press Order selected rows.
        </p>
        {state.checkoutBlocked && (
          <MessageBar intent="warning" layout="multiline" data-testid="checkout-blocked">
            <MessageBarBody className={c.body}>
              <MessageBarTitle>{CHECKOUT_BLOCKED_TITLE}</MessageBarTitle> {state.checkoutBlocked}{' '}
              <Link as="button" onClick={onOpenSettings}>
                Open settings
              </Link>
            </MessageBarBody>
          </MessageBar>
        )}
        <div className={s.row}>
          <Button
            appearance={selection ? 'secondary' : 'primary'}
            icon={<CartRegular />}
            onClick={() => void controller.readSelection()}
            disabled={busy}
          >
            Order selected rows
          </Button>
          {phase === 'reading' && <Spinner size="tiny" label="Reading the selected rows…" />}
        </div>
        {state.readError && (
          <MessageBar intent="warning" layout="multiline">
            <MessageBarBody className={c.body}>{state.readError}</MessageBarBody>
          </MessageBar>
        )}
        {selection && !showResult && (
          <p className={s.text} data-testid="order-selection">
            Read {selection.selectedAddress}: {state.lines.length} {plural(state.lines.length, 'line')} to order
            {state.alreadyOrdered.length > 0 ? `, ${state.alreadyOrdered.length} already ordered` : ''}
            {state.leftOut.length > 0
              ? `, ${state.leftOut.length} ${plural(state.leftOut.length, 'row')} left out`
              : ''}
            .
          </p>
        )}
        {selection && !showResult && (
          <AlreadyOrdered rows={state.alreadyOrdered} disabled={!editable} onInclude={controller.includeOrdered} />
        )}
        {selection && !showResult && <LeftOutList leftOut={state.leftOut} />}
      </section>

      {state.outcome && showResult && (
        <OrderResult
          outcome={state.outcome}
          busy={busy}
          failure={failure}
          next={state.next}
          split={state.split}
          onBack={controller.backToReview}
          onAgain={() => void controller.readSelection()}
          onSubmit={(password) => void controller.submitCreated(password)}
          onNext={controller.prepareNext}
        />
      )}

      {selection && !showResult && (
        <form
          ref={form}
          aria-label="Review the order"
          onSubmit={(e) => {
            e.preventDefault();
          }}
        >
          <section className={s.section} aria-labelledby="order-lines-heading">
            <h2 id="order-lines-heading" className={s.heading}>
              {state.words ? `Lines of the ${state.words} order` : 'Lines'}
            </h2>
            {state.split && (
              <MessageBar intent="info" layout="multiline" data-testid="order-split">
                <MessageBarBody className={c.body}>
                  {state.split}{' '}
                  {state.next
                    ? `This is the ${state.words} order; the ${state.next.words} order (${state.next.lines} ${plural(state.next.lines, 'line')}) is prepared after it.`
                    : `This is the ${state.words} order.`}
                </MessageBarBody>
              </MessageBar>
            )}
            {state.lines.length === 0 ? (
              <p className={s.text}>No selected row can be ordered; see why above.</p>
            ) : (
              <OrderLines
                lines={state.lines}
                problems={state.problems}
                disabled={!editable}
                onQuantity={controller.setQuantity}
                onRemove={controller.removeLine}
              />
            )}
          </section>
          <section className={s.section} aria-labelledby="order-details-heading">
            <h2 id="order-details-heading" className={s.heading}>
              Order details
            </h2>
            <OrderFields
              form={state.form}
              problems={state.problems}
              passwordHeld={state.passwordHeld}
              disabled={!editable}
              onField={controller.setField}
              onUc={controller.setUc}
              onFreightForwarder={controller.setFreightForwarder}
              onRemember={controller.setRemember}
              onForget={controller.forgetPassword}
              onEnvironment={(env) => void controller.setEnvironment(env)}
              shipTos={shipTos}
              onChooseShipTo={controller.chooseShipTo}
              onForgetShipTo={(id) => void controller.forgetShipTo(id)}
            />
          </section>
          <section className={s.section} aria-label="Send the order">
            {shownFailure && (
              <MessageBar
                intent={shownFailure.kind === 'invalid' ? 'warning' : 'error'}
                layout="multiline"
                data-testid="order-failure"
              >
                <MessageBarBody className={c.body}>
                  <MessageBarTitle>{shownFailure.title}</MessageBarTitle> {shownFailure.text}{' '}
                  {shownFailure.kind === 'settings' && (
                    <Link as="button" onClick={onOpenSettings}>
                      Open settings
                    </Link>
                  )}
                </MessageBarBody>
              </MessageBar>
            )}
            {generalProblems.length > 0 && (
              <ul className={s.list} aria-label="Problems with the order">
                {generalProblems.map((p, i) => (
                  <li key={i}>{problemText(p)}</li>
                ))}
              </ul>
            )}
            {failure?.mayExist ? (
              <>
                <Checkbox
                  checked={state.checked}
                  disabled={!editable}
                  onChange={(_, d) => controller.setChecked(d.checked === true)}
                  label={
                    failure.orderId
                      ? `I checked my orders (or asked customer service): order ${failure.orderId} is not there or must be replaced`
                      : 'I checked my orders (or asked customer service): the order is not there'
                  }
                />
                <div className={c.actions}>
                  <Button
                    appearance="primary"
                    icon={<SendRegular />}
                    disabled={!editable || !state.checked}
                    onClick={() => void controller.sendChecked()}
                  >
                    I checked — send again
                  </Button>
                </div>
              </>
            ) : (
              <div className={c.actions}>
                <Button
                  icon={<DocumentCheckmarkRegular />}
                  disabled={!canSend}
                  onClick={() => void controller.create()}
                >
                  Create order
                </Button>
                <Button
                  appearance="primary"
                  icon={<SendRegular />}
                  disabled={!canSend}
                  onClick={() => void controller.submit()}
                >
                  Submit order
                </Button>
              </div>
            )}
            {!failure?.mayExist && (
              <p className={s.small}>
                Create makes the order without submitting it; Submit places it and takes the stock.
              </p>
            )}
            {(phase === 'checking' || phase === 'sending' || phase === 'writing') && (
              <div role="status" aria-live="polite">
                <Spinner
                  size="tiny"
                  label={
                    phase === 'sending'
                      ? 'Sending the order…'
                      : phase === 'writing'
                        ? 'Writing the order to the sheet…'
                        : 'Checking the order…'
                  }
                />
              </div>
            )}
          </section>
        </form>
      )}
      <OrderQuestionDialog question={state.question} onAnswer={controller.answerQuestion} />
      <OverwriteDialog
        question={state.question?.kind === 'overwrite' ? state.question.question : null}
        onAnswer={(choice) => controller.answerQuestion(choice)}
      />
    </>
  );
}
