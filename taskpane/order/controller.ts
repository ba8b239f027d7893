/**
 * Ordering the selected rows, without React: read the selected priced rows, review the lines and the order fields,
 * check what the checkout would refuse, ask what must be asked (the same PO number in the Orders log, a submission
 * to production), send the order once, and write the answer back: the Order column beside the priced columns and
 * a row in the Orders log. Problems are placed next to their field or line, and the rows they concern are marked
 * in the sheet. This class holds the user's actions and the one-at-a-time guard; the steps are modules beside it
 * (send-order.ts, failed-order.ts, write-back.ts, submit-created.ts, order-account.ts, row-marks.ts, sharing
 * order-flow.ts), and the lines a selection makes are src/workflows/order-lines.ts.
 *
 * One order at a time: `inFlight` is set before the first await of a send and cleared after the last, so a second
 * click, a second call or a key press while a send is under way does nothing, whatever the buttons show. When the
 * order may exist although the call failed, no plain retry is accepted: only a send the user confirms with the
 * "I checked" tick.
 */
import type { PartsheetSettings } from '../../src/settings';
import { isSettingsError } from '../../src/settings';
import { readSelectedPricedRows, type SelectedPricedRows } from '../../src/excel/order-sheet';
import type { OrderPlan } from '../../src/workflows/order-lines';
import { describeProblem } from '../errors';
import { HeldCredentials } from './credentials';
import { defaultOrderEnvironment } from './environment';
import { forgetShipTo, loadEnvironment, noteBlock, prefillShipTo } from './order-account';
import { type OrderFlow, PickedRows } from './order-flow';
import { identityColumnsFromHeader } from './order-view';
import type { OrderQuestion, OrderServices, OrderState, QuestionAnswer } from './order-state';
import { type OrderEnvironment } from '../../src/workflows/order-review';
import { type TextField, type UcField, emptyForm } from './order-form';
import { RowMarks } from './row-marks';
import { formProblems, sendOrder } from './send-order';
import { submitCreatedOrder } from './submit-created';
import { PendingQuestion, Store } from '../store';
export * from './order-state';
export { CHECKOUT_BLOCKED_TITLE } from './send-order';
export { shipToAccount } from './ship-to';

/** What a review shows of an order plan. */
function reviewOf(plan: OrderPlan) {
  const { lines, leftOut, alreadyOrdered, group, words, split, next } = plan;
  return { lines, leftOut, alreadyOrdered, group, words, split, next };
}

const EMPTY_STATE: OrderState = {
  phase: 'empty',
  selection: null,
  lines: [],
  leftOut: [],
  alreadyOrdered: [],
  form: emptyForm('test'),
  passwordHeld: null,
  problems: [],
  attempted: false,
  question: null,
  outcome: null,
  failure: null,
  checked: false,
  readError: null,
  checkoutBlocked: null,
  shipTos: [],
  group: { kind: 'marketplace', currency: '' },
  words: '',
  split: null,
  next: null,
};

export class OrderController extends Store<OrderState> {
  private readonly question = new PendingQuestion<OrderQuestion, QuestionAnswer>((question) => this.set({ question }));
  /** What the steps of the order (taskpane/order/*.ts) share: the services, this state, the question, the rows. */
  private readonly flow: OrderFlow;
  private inFlight = false;
  private environmentChosen = false;
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly services: OrderServices) {
    super(EMPTY_STATE);
    this.flow = {
      services,
      state: () => this.state,
      set: (patch) => this.set(patch),
      ask: this.question.ask,
      picked: new PickedRows(),
      credentials: new HeldCredentials(services.credentials),
      marks: new RowMarks(),
    };
  }

  /** Takes the environment from the settings (until the user picks one) and loads remembered credentials. */
  start(): () => void {
    const apply = (settings: PartsheetSettings) => {
      noteBlock(this.flow, settings, this.state.form.environment);
      const environment = defaultOrderEnvironment(settings);
      if (
        this.environmentChosen ||
        this.inFlight ||
        (environment === this.state.form.environment && this.state.passwordHeld !== null)
      )
        return;
      void loadEnvironment(this.flow, environment);
    };
    this.services.settings
      .getSettings()
      .then(apply)
      .catch(() => undefined);
    this.unsubscribe = this.services.settings.onSettingsChanged?.(apply) ?? null;
    return () => {
      this.unsubscribe?.();
      this.unsubscribe = null;
      if (this.question.waiting) this.answerQuestion('no');
    };
  }

  /** Fills the ship-to field with an address used before. */
  chooseShipTo = (id: string): void => {
    this.setField('shipToAddressId', id);
  };

  /** Takes an address off the list of those used before (the field keeps what it holds). */
  forgetShipTo = (id: string): Promise<void> => forgetShipTo(this.flow, id);

  // ---- reading the selection

  /** Reads the selected priced rows and opens the review with the rows that can be ordered. */
  readSelection = async (): Promise<void> => {
    if (this.inFlight || this.state.phase === 'reading') return;
    this.set({ phase: 'reading', readError: null });
    try {
      await this.flow.marks.unmark(this.flow);
      const workbook = this.services.workbook;
      const selected = await readSelectedPricedRows(this.services.book, {
        identityColumns: (header, pricedColumn, sheet) =>
          identityColumnsFromHeader(workbook?.load(sheet) ?? null, header, pricedColumn),
        results: workbook?.loadResults() ?? null,
      });
      this.open(selected);
    } catch (e) {
      // The review of an earlier selection goes: it could still be sent under an error about this one.
      this.flow.picked.clear();
      this.set({
        phase: 'empty',
        readError: describeProblem(e).text,
        selection: null,
        lines: [],
        leftOut: [],
        alreadyOrdered: [],
        problems: [],
        outcome: null,
        failure: null,
        next: null,
        split: null,
        words: '',
      });
    }
  };

  /**
   * Opens the review with rows read elsewhere (the purchase list's rows): the same review, groups and checks as a
   * selection, the rows ordered before (by the record of orders of their sheet) held back unless ticked in.
   */
  reviewRows = async (selected: SelectedPricedRows): Promise<void> => {
    if (this.inFlight || this.state.phase === 'reading') return;
    await this.flow.marks.unmark(this.flow);
    this.set({ readError: null });
    this.open(selected);
  };

  /** Opens the review of selected rows: their earlier orders from the record, every group still to order. */
  private open(selected: SelectedPricedRows): void {
    this.flow.picked.take(selected.rows, this.services, selected.block.sheet);
    const { rows: _rows, ...selection } = selected;
    // A PO number names one order: once an order went out under it, the next selection starts without it.
    if (this.state.outcome !== null) this.set({ form: { ...this.state.form, customerPONumber: '' } });
    this.openReview(this.flow.picked.firstPlan(), selection);
    prefillShipTo(this.flow);
  }

  private openReview(plan: OrderPlan, selection: OrderState['selection']): void {
    this.set({
      phase: 'review',
      selection,
      ...reviewOf(plan),
      problems: [],
      attempted: false,
      outcome: null,
      failure: null,
      checked: false,
    });
  }

  /**
   * After the first of two orders (marketplace and regional items cannot share one): the review of the other
   * group's lines from the same selection, with the same form, ready to send.
   */
  prepareNext = (): void => {
    const { next, outcome, selection } = this.state;
    if (this.inFlight || !next || !outcome || !selection) return;
    this.flow.picked.chain.add(outcome.orderId);
    this.openReview(this.flow.picked.plan(next.group), selection);
  };

  /** The review made again from the selected rows (after an order, or a row ticked in or out); quantities typed are kept. */
  private replan(): void {
    if (!this.state.selection) return;
    const entered = new Map(this.state.lines.map((l) => [l.key, l.entered]));
    const plan = this.flow.picked.plan(this.state.group);
    this.edited({
      ...reviewOf(plan),
      lines: plan.lines.map((l) => (entered.has(l.key) ? { ...l, entered: entered.get(l.key)! } : l)),
      problems: this.state.problems.filter(
        (p) => p.lineKey === undefined || plan.lines.some((l) => l.key === p.lineKey),
      ),
    });
  }

  /** Ticks a row ordered before back into this order (it is then sent only after a second confirmation), or out again. */
  includeOrdered = (row: number, on: boolean): void => {
    if (this.inFlight || this.state.phase !== 'review') return;
    if (on) this.flow.picked.included.add(row);
    else this.flow.picked.included.delete(row);
    this.replan();
  };

  // ---- editing

  private edited(patch: Partial<OrderState>): void {
    const next = { ...this.state, ...patch };
    const credentials = this.flow.credentials;
    // Problems found before sending follow the edits; the service's stay until the next send.
    const problems =
      next.attempted && (!next.failure || next.failure.kind === 'invalid')
        ? formProblems(next.form, next.lines, credentials.of(next.form) !== null)
        : next.problems;
    this.set({ ...patch, problems, passwordHeld: credentials.stateOf(next.form) });
  }

  setField = (field: TextField, value: string): void => {
    this.edited({ form: { ...this.state.form, [field]: value } });
  };

  setUc = (field: UcField, value: string): void => {
    this.edited({ form: { ...this.state.form, uc: { ...this.state.form.uc, [field]: value } } });
  };

  setFreightForwarder = (on: boolean): void => {
    this.edited({ form: { ...this.state.form, freightForwarder: on } });
  };

  setRemember = (on: boolean): void => {
    const environment = this.state.form.environment;
    const credentials = this.flow.credentials;
    const held = credentials.of(this.state.form);
    if (!on && credentials.isRemembered(environment)) void credentials.unremember(environment);
    else if (on && held) void credentials.remember(environment, held);
    this.edited({ form: { ...this.state.form, remember: on } });
  };

  /** Drops the password held for this environment, from memory and from this computer. */
  forgetPassword = (): void => {
    void this.flow.credentials.forget(this.state.form.environment);
    this.edited({ form: { ...this.state.form, password: '', remember: false } });
  };

  setEnvironment = async (environment: OrderEnvironment): Promise<void> => {
    if (this.inFlight || environment === this.state.form.environment) return;
    this.environmentChosen = true;
    await loadEnvironment(this.flow, environment);
    this.edited({});
  };

  setQuantity = (key: string, entered: string): void => {
    // A refusal of this line no longer applies once its quantity changes.
    const problems =
      this.state.failure && this.state.failure.kind !== 'invalid'
        ? this.state.problems.filter((p) => p.lineKey !== key)
        : this.state.problems;
    this.edited({ lines: this.state.lines.map((l) => (l.key === key ? { ...l, entered } : l)), problems });
  };

  /** Leaves a line out of the order. */
  removeLine = (key: string): void => {
    const line = this.state.lines.find((l) => l.key === key);
    if (!line || this.inFlight) return;
    this.edited({
      lines: this.state.lines.filter((l) => l.key !== key),
      leftOut: [
        ...this.state.leftOut,
        ...line.rows.map((row) => ({
          row,
          what: line.part || line.itemId,
          reason: 'removed from this order',
          kind: 'removed' as const,
        })),
      ].sort((a, b) => a.row - b.row),
      problems: this.state.problems.filter((p) => p.lineKey !== key),
    });
  };

  setChecked = (checked: boolean): void => {
    this.set({ checked });
  };

  /** Back from the result to the review, to change and send again. */
  backToReview = (): void => {
    if (this.inFlight) return;
    const ordered = this.state.outcome !== null;
    this.set({ phase: this.state.selection ? 'review' : 'empty', outcome: null, failure: null });
    if (ordered && this.state.selection) {
      // The rows just ordered are now rows ordered before: listed first and left out, as in any later review.
      this.flow.picked.included.clear();
      this.replan();
    }
  };

  answerQuestion = (answer: QuestionAnswer): void => this.question.answer(answer);

  // ---- sending

  create = (): Promise<void> => this.send(false, false);

  submit = (): Promise<void> => this.send(true, false);

  /** After an order that may exist: sends again, once the user has ticked that they checked. */
  sendChecked = (): Promise<void> => {
    const failure = this.state.failure;
    if (!failure?.mayExist || !this.state.checked) return Promise.resolve();
    return this.send(failure.submit, true);
  };

  private async send(submit: boolean, acknowledged: boolean): Promise<void> {
    if (this.inFlight) return;
    if (this.state.phase !== 'review') return;
    if (this.state.failure?.mayExist && !acknowledged) return;
    this.inFlight = true;
    this.set({ phase: 'checking' });
    let done = false;
    try {
      done = await sendOrder(this.flow, submit, acknowledged);
    } catch (e) {
      const p = describeProblem(e);
      this.set({
        failure: this.state.failure?.mayExist
          ? this.state.failure
          : {
              kind: isSettingsError(e) ? 'settings' : 'other',
              title: p.title,
              text: p.text,
              orderId: null,
              mayExist: false,
              retrySafe: true,
              submit,
            },
      });
    } finally {
      if (this.question.waiting) this.answerQuestion('no');
      this.inFlight = false;
      this.set({ phase: done ? 'done' : 'review' });
    }
  }

  /**
   * Submits the order just created (the result's "Submit order N"), instead of sending its lines again as a second
   * order; the Order column and the Orders log then record the submission. `password`, typed with the result when
   * the checkout needs it again, is held as the review's is; the review is never the way on (its Submit order would
   * create a second order).
   */
  submitCreated = async (password = ''): Promise<void> => {
    const outcome = this.state.outcome;
    if (this.inFlight || this.state.phase !== 'done' || !outcome || outcome.submitted) return;
    this.inFlight = true;
    try {
      await submitCreatedOrder(this.flow, outcome, password);
    } catch (e) {
      const p = describeProblem(e);
      this.set({
        failure: {
          kind: isSettingsError(e) ? 'settings' : 'other',
          title: p.title,
          text: p.text,
          orderId: outcome.orderId,
          mayExist: false,
          retrySafe: true,
          submit: true,
        },
      });
    } finally {
      if (this.question.waiting) this.answerQuestion('no');
      this.inFlight = false;
      this.set({ phase: 'done' });
    }
  };
}
