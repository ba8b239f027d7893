import {
  Button,
  Checkbox,
  Link,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
} from '@fluentui/react-components';
import { CartRegular, DocumentCheckmarkRegular, SendRegular } from '@fluentui/react-icons';
import { useEffect, useRef } from 'react';
import { CHECKOUT_BLOCKED_TITLE, type OrderController, type OrderState, shipToAccount } from '../order/controller';
import { problemText } from '../order/order-problems';
import { AlreadyOrdered } from './AlreadyOrdered';
import { OrderQuestionDialog } from './OrderDialogs';
import { OrderFields } from './OrderFields';
import { LeftOutList, OrderLines } from './OrderLines';
import { OrderResult } from './OrderResult';
import { OverwriteDialog } from './OverwriteDialog';
import { useOrderStyles } from './order-styles';
import { useSectionStyles } from './styles';
import { countOf, plural } from '../../src/text/plural';

export interface OrderViewProps {
  state: OrderState;
  controller: OrderController;
  onOpenSettings: () => void;
}

/** Where the view stands: busy, editable, and whether the result is shown instead of the review. */
function phaseOf(state: OrderState) {
  const { phase } = state;
  return {
    busy: phase !== 'review' && phase !== 'empty' && phase !== 'done',
    editable: phase === 'review',
    // The result stays in view while its created order is being submitted.
    showResult: state.outcome !== null && phase !== 'review' && phase !== 'empty' && phase !== 'reading',
  };
}

/** A send that failed at a field or a line takes the buyer there: the first one, in the order of the form. */
function useFocusFirstProblem(state: OrderState) {
  const { failure, phase } = state;
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!failure || phase !== 'review' || failure.mayExist) return;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"], li[data-problem="true"] input');
    if (!first) return;
    first.scrollIntoView?.({ block: 'center' });
    first.focus();
  }, [failure, phase]);
  return form;
}

/** Step one: the button that reads the selected rows, and what the selection gave. */
function SelectionSection({ state, controller, onOpenSettings }: OrderViewProps) {
  const s = useSectionStyles();
  const c = useOrderStyles();
  const { phase, selection } = state;
  const { busy, editable, showResult } = phaseOf(state);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Opened from another view ("Order from the purchase list"): the button pressed is gone with that view, and the
    // focus comes here rather than to the page's body.
    const active = heading.current?.ownerDocument.activeElement;
    if (!active || active === heading.current?.ownerDocument.body) heading.current?.focus();
  }, []);
  return (
    <section className={s.section} aria-labelledby="order-heading">
      <h2 id="order-heading" className={s.heading} tabIndex={-1} ref={heading}>
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
          Read {selection.selectedAddress}
          {selection.boards ? `, priced for ${countOf(selection.boards, 'board')}` : ''}: {state.lines.length}{' '}
          {plural(state.lines.length, 'line')} to order
          {state.alreadyOrdered.length > 0 ? `, ${state.alreadyOrdered.length} already ordered` : ''}
          {state.leftOut.length > 0 ? `, ${state.leftOut.length} ${plural(state.leftOut.length, 'row')} left out` : ''}.
        </p>
      )}
      {selection && !showResult && (
        <AlreadyOrdered rows={state.alreadyOrdered} disabled={!editable} onInclude={controller.includeOrdered} />
      )}
      {selection && !showResult && <LeftOutList leftOut={state.leftOut} />}
    </section>
  );
}

/** The lines of the order under review (or why there are none). */
function LinesSection({ state, controller }: Pick<OrderViewProps, 'state' | 'controller'>) {
  const s = useSectionStyles();
  const c = useOrderStyles();
  const { editable } = phaseOf(state);
  return (
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
  );
}

/** The order's fields, wired to the controller. */
function DetailsSection({ state, controller }: Pick<OrderViewProps, 'state' | 'controller'>) {
  const s = useSectionStyles();
  const { editable } = phaseOf(state);
  const account = shipToAccount(state.form);
  const shipTos = state.shipTos.filter((e) => account === '' || e.account === account);
  return (
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
  );
}

/** Create or Submit; after a failure that may have made an order, only a checked send again. */
function SendButtons({ state, controller }: Pick<OrderViewProps, 'state' | 'controller'>) {
  const c = useOrderStyles();
  const { failure } = state;
  const { editable } = phaseOf(state);
  const canSend = editable && state.lines.length > 0 && state.checkoutBlocked === null;
  if (failure?.mayExist) {
    return (
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
    );
  }
  return (
    <div className={c.actions}>
      <Button icon={<DocumentCheckmarkRegular />} disabled={!canSend} onClick={() => void controller.create()}>
        Create order
      </Button>
      <Button appearance="primary" icon={<SendRegular />} disabled={!canSend} onClick={() => void controller.submit()}>
        Submit order
      </Button>
    </div>
  );
}

/** Sending: what went wrong last, the order's own problems, the buttons, and the progress. */
function SendSection({ state, controller, onOpenSettings }: OrderViewProps) {
  const s = useSectionStyles();
  const c = useOrderStyles();
  const { phase, failure } = state;
  const generalProblems = state.problems.filter((p) => p.place === 'order' && p.lineKey === undefined);
  const shownFailure =
    failure && !(failure.kind === 'blocked' && failure.text === state.checkoutBlocked) ? failure : null;
  return (
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
      <SendButtons state={state} controller={controller} />
      {!failure?.mayExist && (
        <p className={s.small}>Create makes the order without submitting it; Submit places it and takes the stock.</p>
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
  );
}

/** The Order view: read the selected priced rows, review the order, send it, and see what came back. */
export function OrderView({ state, controller, onOpenSettings }: OrderViewProps) {
  const { selection } = state;
  const { busy, showResult } = phaseOf(state);
  const form = useFocusFirstProblem(state);
  const props = { state, controller, onOpenSettings };
  return (
    <>
      <SelectionSection {...props} />

      {state.outcome && showResult && (
        <OrderResult
          outcome={state.outcome}
          busy={busy}
          failure={state.failure}
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
          <LinesSection state={state} controller={controller} />
          <DetailsSection state={state} controller={controller} />
          <SendSection {...props} />
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
