/**
 * Ordering the selected rows, without React: read the selected priced rows, review the lines and the order fields,
 * check what the checkout would refuse, ask what must be asked (the same PO number in the Orders log, a submission
 * to production), send the order once, and write the answer back: the Order column beside the priced columns and
 * a row in the Orders log. Problems are placed next to their field or line, and the rows they concern are marked
 * in the sheet.
 *
 * One order at a time: `inFlight` is set before the first await of a send and cleared after the last, so a second
 * click, a second call or a key press while a send is under way does nothing, whatever the buttons show. When the
 * order may exist although the call failed, no plain retry is accepted: only a send the user confirms with the
 * "I checked" tick.
 */
import type { PartsheetSettings } from '../../src/settings';
import { isSettingsError } from '../../src/settings';
import { formatDateTime } from '../../src/bom/layout';
import {
  type CheckoutConfig,
  type CheckoutRequest,
  type OrderResult,
  hashPassword,
  isCheckoutError,
  type SubmitCreatedRequest,
  validateCheckout,
} from '../../src/checkout';
import {
  type LoggedOrder,
  type OrdersLogEntry,
  type SelectedPricedRows,
  type SheetPricedRow,
  appendOrdersLog,
  markOrderRows,
  readSelectedPricedRows,
  unmarkOrderRows,
  writeOrderCells,
} from '../../src/excel/order-sheet';
import type { OverwriteChoice, OverwriteQuestion } from '../../src/excel/priced-sheet';
import { type OrderRecord, type RecordedState, orderCellText, ordersByLine } from '../../src/excel/order-record';
import { identityColumnsFromHeader } from './order-view';
import { groupKey } from './groups';
import { CHECKOUT_FAILURE_TITLES, describeProblem } from '../errors';
import type { CheckoutCredentials, CredentialStore } from './credentials';
import { checkoutBaseUrl, defaultOrderEnvironment } from './environment';
import { Store } from '../store';
import {
  earlierOrdersWithPo,
  orderRecordOf,
  recordOrder,
  rowsOrderedAgain,
  submittedRecordOf,
} from '../../src/workflows/place-order';
import { checkoutBlock, knownCheckoutBlock } from './reachability';
import type { ShipToStore } from './ship-to';
import {
  type OrderMark,
  type OrderPlan,
  type OrderEnvironment,
  type OrderForm,
  type ReviewLine,
  type ShownProblem,
  type TextField,
  type UcField,
  buildRequest,
  emptyForm,
  estimate,
  itemsText,
  lineLabel,
  lineQuantity,
  money,
  planOrder,
  problemText,
  whereMarked,
  rowsOf,
  rowsText,
  showProblem,
  ucRequiredProblems,
} from './plan';
import { plural } from '../../src/text/plural';
import type { OrderOutcome, OrderQuestion, OrderServices, OrderState, QuestionAnswer } from './order-state';
export * from './order-state';

/** The account ship-to addresses are remembered for: the customer a customer-service account orders for, else the user. */
export function shipToAccount(form: Pick<OrderForm, 'username' | 'customerUsername'>): string {
  return (form.customerUsername.trim() || form.username.trim()).toLowerCase();
}

const NOT_CONFIRMED = 'not confirmed';

/** Problems of a submission name no request lines: each is worded on its own. */
const EMPTY_REQUEST: CheckoutRequest = {
  username: '',
  passwordHash: '',
  customerPONumber: '',
  shipToAddressId: '',
  lines: [],
  submitOrder: true,
};

export const CHECKOUT_BLOCKED_TITLE = 'Checkout needs CORS or the gateway';

/** What a review shows of an order plan. */
function reviewOf(plan: OrderPlan) {
  const { lines, leftOut, alreadyOrdered, group, words, split, next } = plan;
  return { lines, leftOut, alreadyOrdered, group, words, split, next };
}

export class OrderController extends Store<OrderState> {
  private readonly credentials: CredentialStore;
  private readonly shipToStore: ShipToStore;
  /** Orders made from this selection (the first of two orders): the next one may use the same PO without asking. */
  private readonly chain = new Set<string>();
  /** Credentials in memory, per environment; the password itself is never kept once hashed. */
  private readonly held = new Map<OrderEnvironment, CheckoutCredentials>();
  private readonly remembered = new Set<OrderEnvironment>();
  private rows: SheetPricedRow[] = [];
  /** Earlier orders of the selected rows, by sheet row, from the record of orders. */
  private orderMarks = new Map<number, OrderMark[]>();
  /** Rows ordered before that the buyer ticked back in. */
  private readonly included = new Set<number>();
  /** The groups of this selection ordered already (groupKey → order id): their rows say "in order N". */
  private readonly doneGroups = new Map<string, string>();
  private marked: SheetPricedRow[] = [];
  private inFlight = false;
  private answer: ((answer: QuestionAnswer) => void) | null = null;
  private environmentChosen = false;
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly services: OrderServices) {
    super({
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
    });
    this.credentials = services.credentials;
    this.shipToStore = services.shipTos;
  }

  private now(): Date {
    return this.services.now();
  }

  /** Takes the environment from the settings (until the user picks one) and loads remembered credentials. */
  start(): () => void {
    const apply = (settings: PartsheetSettings) => {
      this.noteBlock(settings, this.state.form.environment);
      const environment = defaultOrderEnvironment(settings);
      if (
        this.environmentChosen ||
        this.inFlight ||
        (environment === this.state.form.environment && this.state.passwordHeld !== null)
      )
        return;
      void this.loadEnvironment(environment);
    };
    this.services.settings
      .getSettings()
      .then(apply)
      .catch(() => undefined);
    this.unsubscribe = this.services.settings.onSettingsChanged?.(apply) ?? null;
    return () => {
      this.unsubscribe?.();
      this.unsubscribe = null;
      if (this.answer) this.answerQuestion('no');
    };
  }

  /** How the checkout is reached: its address, the gateway token, and this page's fetch and CORS probe. */
  private checkoutConfig(baseUrl: string, settings: PartsheetSettings): CheckoutConfig {
    return {
      baseUrl,
      gatewayToken: settings.gatewayToken,
      fetch: this.services.fetch,
      ...(this.services.corsProbe ? { corsProbe: this.services.corsProbe } : {}),
    };
  }

  /** What is known, without asking, about this page reaching the environment's checkout. */
  private noteBlock(settings: PartsheetSettings, environment: OrderEnvironment): void {
    let blocked: string | null = null;
    try {
      blocked = knownCheckoutBlock(
        checkoutBaseUrl(environment, settings, this.services.origin),
        settings,
        this.services.origin,
        this.services.corsProbe,
      );
    } catch {
      // An unusable address is reported when sending, with the settings to fix.
    }
    if (blocked !== this.state.checkoutBlocked) this.set({ checkoutBlocked: blocked });
  }

  private async loadEnvironment(environment: OrderEnvironment): Promise<void> {
    this.services.settings
      .getSettings()
      .then((settings) => this.noteBlock(settings, environment))
      .catch(() => undefined);
    let creds = this.held.get(environment) ?? null;
    if (!creds) {
      creds = await this.credentials.load(environment);
      if (creds) {
        this.held.set(environment, creds);
        this.remembered.add(environment);
      }
    }
    const previous = this.held.get(this.state.form.environment);
    const fromPrevious = previous !== undefined && previous.username === this.state.form.username.trim();
    const username = creds?.username ?? (fromPrevious ? '' : this.state.form.username);
    const same = environment === this.state.form.environment;
    const shipTos = await this.shipToStore.load(environment).catch(() => []);
    const form = {
      ...this.state.form,
      environment,
      username,
      password: same ? this.state.form.password : '',
      remember: this.remembered.has(environment),
    };
    this.set({
      form: same ? form : { ...form, shipToAddressId: '' },
      passwordHeld: creds ? (this.remembered.has(environment) ? 'remembered' : 'memory') : null,
      shipTos,
    });
    this.prefillShipTo();
  }

  /** An empty ship-to field takes the address this account used last. */
  private prefillShipTo(): void {
    const form = this.state.form;
    if (form.shipToAddressId.trim() !== '') return;
    const account = shipToAccount(form);
    const last = this.state.shipTos.find((e) => account !== '' && e.account === account);
    if (last) this.set({ form: { ...form, shipToAddressId: last.id } });
  }

  /** Fills the ship-to field with an address used before. */
  chooseShipTo = (id: string): void => {
    this.setField('shipToAddressId', id);
  };

  /** Takes an address off the list of those used before (the field keeps what it holds). */
  forgetShipTo = async (id: string): Promise<void> => {
    const environment = this.state.form.environment;
    const shipTos = await this.shipToStore
      .forget(environment, id, shipToAccount(this.state.form))
      .catch(() => this.state.shipTos.filter((e) => e.id !== id));
    if (environment === this.state.form.environment) this.set({ shipTos });
  };

  private heldFor(form: OrderForm = this.state.form): CheckoutCredentials | null {
    const creds = this.held.get(form.environment);
    return creds && creds.username.toLowerCase() === form.username.trim().toLowerCase() ? creds : null;
  }

  private heldState(form: OrderForm): OrderState['passwordHeld'] {
    if (!this.heldFor(form)) return null;
    return this.remembered.has(form.environment) ? 'remembered' : 'memory';
  }

  // ---- reading the selection

  /** Reads the selected priced rows and opens the review with the rows that can be ordered. */
  readSelection = async (): Promise<void> => {
    if (this.inFlight || this.state.phase === 'reading') return;
    this.set({ phase: 'reading', readError: null });
    try {
      await this.unmark();
      const workbook = this.services.workbook;
      const selected = await readSelectedPricedRows(this.services.book, {
        identityColumns: (header, pricedColumn, sheet) =>
          identityColumnsFromHeader(workbook?.load(sheet) ?? null, header, pricedColumn),
        results: workbook?.loadResults() ?? null,
      });
      this.rows = selected.rows;
      this.included.clear();
      this.doneGroups.clear();
      this.orderMarks = this.marksOf(selected.block.sheet);
      const plan = planOrder(selected.rows, { ordered: this.orderMarks });
      this.chain.clear();
      const { rows: _rows, ...selection } = selected;
      this.openReview(plan, selection);
      this.prefillShipTo();
    } catch (e) {
      // The review of an earlier selection goes: it could still be sent under an error about this one.
      this.rows = [];
      this.orderMarks = new Map();
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
    await this.unmark();
    this.rows = selected.rows;
    this.included.clear();
    this.doneGroups.clear();
    this.orderMarks = this.marksOf(selected.block.sheet);
    this.chain.clear();
    const { rows: _rows, ...selection } = selected;
    this.set({ readError: null });
    this.openReview(planOrder(selected.rows, { ordered: this.orderMarks }), selection);
    this.prefillShipTo();
  };

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
    this.chain.add(outcome.orderId);
    this.openReview(
      planOrder(this.rows, {
        group: next.group,
        done: this.doneGroups,
        ordered: this.reviewMarks(),
        include: this.included,
      }),
      selection,
    );
  };

  /** Earlier orders of the rows, as a review shows them: the orders of this selection's chain say "in order N" instead. */
  private reviewMarks(): Map<number, OrderMark[]> {
    const marks = [...this.orderMarks].map(
      ([row, list]) => [row, list.filter((m) => !this.chain.has(m.orderId))] as const,
    );
    return new Map(marks.filter(([, list]) => list.length > 0));
  }

  /** Earlier orders of the selected rows, by sheet row, from the record of orders. */
  private marksOf(sheet: string): Map<number, OrderMark[]> {
    const byLine = ordersByLine(this.services.workbook.loadOrders(), sheet);
    const marks = new Map<number, OrderMark[]>();
    for (const row of this.rows) {
      const orders = row.identity ? byLine.get(row.identity) : undefined;
      if (orders)
        marks.set(
          row.row,
          orders.map((o) => ({ orderId: o.orderId, text: orderCellText(o) })),
        );
    }
    return marks;
  }

  /** The review made again from the selected rows (after an order, or a row ticked in or out); quantities typed are kept. */
  private replan(): void {
    const selection = this.state.selection;
    if (!selection) return;
    const entered = new Map(this.state.lines.map((l) => [l.key, l.entered]));
    const plan = planOrder(this.rows, {
      group: this.state.group,
      done: this.doneGroups,
      ordered: this.reviewMarks(),
      include: this.included,
    });
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
    if (on) this.included.add(row);
    else this.included.delete(row);
    this.replan();
  };

  // ---- editing

  private edited(patch: Partial<OrderState>): void {
    const next = { ...this.state, ...patch };
    // Problems found before sending follow the edits; the service's stay until the next send.
    const problems =
      next.attempted && (!next.failure || next.failure.kind === 'invalid')
        ? this.check(next.form, next.lines)
        : next.problems;
    this.set({ ...patch, problems, passwordHeld: this.heldState(next.form) });
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
    if (!on && this.remembered.has(environment)) {
      this.remembered.delete(environment);
      void this.credentials.forget(environment).catch(() => undefined);
    } else if (on && this.heldFor()) {
      this.remembered.add(environment);
      void this.credentials.save(environment, this.heldFor()!).catch(() => undefined);
    }
    this.edited({ form: { ...this.state.form, remember: on } });
  };

  /** Drops the password held for this environment, from memory and from this computer. */
  forgetPassword = (): void => {
    const environment = this.state.form.environment;
    this.held.delete(environment);
    this.remembered.delete(environment);
    void this.credentials.forget(environment).catch(() => undefined);
    this.edited({ form: { ...this.state.form, password: '', remember: false } });
  };

  setEnvironment = async (environment: OrderEnvironment): Promise<void> => {
    if (this.inFlight || environment === this.state.form.environment) return;
    this.environmentChosen = true;
    await this.loadEnvironment(environment);
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
        ...line.rows.map((row) => ({ row, what: line.part || line.itemId, reason: 'removed from this order' })),
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
      this.included.clear();
      this.replan();
    }
  };

  // ---- questions

  private ask(question: OrderQuestion): Promise<QuestionAnswer> {
    return new Promise<QuestionAnswer>((resolve) => {
      this.answer = resolve;
      this.set({ question });
    });
  }

  answerQuestion = (answer: QuestionAnswer): void => {
    const resolve = this.answer;
    this.answer = null;
    this.set({ question: null });
    resolve?.(answer);
  };

  // ---- sending

  /** What the checkout would refuse in the form as it is (a placeholder hash stands in for a password given). */
  private check(form: OrderForm, lines: readonly ReviewLine[]): ShownProblem[] {
    const hash = form.password !== '' || this.heldFor(form) ? '0'.repeat(64) : '';
    const { request, sent } = buildRequest(form, lines, hash, false);
    return this.problemsOf(request, sent, lines);
  }

  private problemsOf(
    request: CheckoutRequest,
    sent: readonly ReviewLine[],
    lines: readonly ReviewLine[],
  ): ShownProblem[] {
    const problems: ShownProblem[] = [];
    for (const line of lines) {
      const q = lineQuantity(line);
      if (q.problem)
        problems.push({
          code: 'checkout.invalid.quantity',
          title: `${lineLabel(line)}: ${q.problem}`,
          fix: 'Enter the quantity as a whole number of parts.',
          place: 'order',
          lineKey: line.key,
        });
    }
    if (problems.length > 0 && sent.length === 0) return problems;
    for (const p of validateCheckout(request)) {
      if (p.code === 'checkout.parameter.required' && p.field === 'itemIds' && problems.length > 0) continue;
      if (p.code === 'checkout.uc.required' && p.field === 'ultimateDestination' && request.shipToIsFreightForwarder)
        problems.push(...ucRequiredProblems());
      else problems.push(showProblem(p, request, sent, false));
    }
    return problems;
  }

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
      const form = this.state.form;
      const lines = this.state.lines;
      await this.unmark();

      // What the service would refuse, before anything is sent.
      const typed = form.password;
      const held = this.heldFor(form);
      const hash = typed !== '' ? await hashPassword(typed) : (held?.passwordHash ?? '');
      const { request, sent } = buildRequest(form, lines, hash, submit);
      const problems = this.problemsOf(request, sent, lines);
      if (problems.length > 0) {
        this.set({
          problems,
          attempted: true,
          failure: this.state.failure?.mayExist
            ? this.state.failure
            : {
                kind: 'invalid',
                title: 'Not sent',
                text: notSentText(problems),
                orderId: null,
                mayExist: false,
                retrySafe: true,
                submit,
              },
        });
        await this.mark(problems, lines);
        return;
      }
      if (typed !== '') {
        this.held.set(form.environment, { username: request.username, passwordHash: hash });
        const cleared = { ...this.state.form, password: '' };
        this.set({ form: cleared, passwordHeld: this.heldState(cleared) });
      }

      const settings = await this.services.settings.getSettings();
      const baseUrl = checkoutBaseUrl(form.environment, settings, this.services.origin);
      // An order the browser would send and then hide the answer of is not sent at all.
      const block = await checkoutBlock(baseUrl, settings, this.services.origin, this.services.corsProbe);
      if (block) {
        this.set({
          ...(block.kind === 'blocked' ? { checkoutBlocked: block.text } : {}),
          failure: {
            kind: block.kind,
            title: block.kind === 'blocked' ? CHECKOUT_BLOCKED_TITLE : 'The checkout could not be reached',
            text: block.text,
            orderId: null,
            mayExist: false,
            retrySafe: true,
            submit,
          },
        });
        return;
      }

      if (!acknowledged && !(await this.confirmed(form, request, sent, submit))) return;
      if (form.remember) {
        this.remembered.add(form.environment);
        await this.credentials.save(form.environment, this.held.get(form.environment)!).catch(() => undefined);
      }

      this.set({ phase: 'sending', problems: [], attempted: true, passwordHeld: this.heldState(this.state.form) });
      const at = this.now();
      let result: OrderResult;
      try {
        result = await this.services.placeOrder(this.checkoutConfig(baseUrl, settings), request);
      } catch (e) {
        await this.failed(e, request, sent, lines, submit, at);
        return;
      }
      this.set({ phase: 'writing' });
      const outcome = await this.writeBack(result, request, sent, at);
      this.set({ outcome, failure: null, problems: [], checked: false });
      done = true;
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
      if (this.answer) this.answerQuestion('no');
      this.inFlight = false;
      this.set({ phase: done ? 'done' : 'review' });
    }
  }

  /**
   * The questions asked before an order goes (unless the buyer is resending after checking): overbuy lines, rows
   * ordered before, the same PO number ordered before, and a submit to production. True when every one is answered yes.
   */
  private async confirmed(
    form: OrderForm,
    request: CheckoutRequest,
    sent: ReturnType<typeof buildRequest>['sent'],
    submit: boolean,
  ): Promise<boolean> {
    // Lines marked overbuy (their spares cost more than the threshold) go only when the buyer says so, once for all.
    const overbuys = sent.filter((l) => l.overbuy);
    if (overbuys.length > 0) {
      const lines = overbuys.map((l) => ({
        rows: l.rows,
        part: l.part ?? '',
        quantity: l.entered,
        overbuy: l.overbuy ?? '',
      }));
      if ((await this.ask({ kind: 'overbuy', lines })) !== 'yes') return false;
    }
    // Rows ordered before go again only when the buyer confirms, naming the earlier orders.
    const again = rowsOrderedAgain(this.state.alreadyOrdered, sent);
    if (again.length > 0 && (await this.ask({ kind: 'already-ordered', rows: again })) !== 'yes') return false;
    // The same PO number already ordered asks first.
    const earlier = await this.earlierOrders(request.customerPONumber, form.environment);
    if (
      earlier.length > 0 &&
      (await this.ask({ kind: 'duplicate-po', po: request.customerPONumber, earlier })) !== 'yes'
    )
      return false;
    if (submit && form.environment === 'production') {
      const totals = estimate(sent);
      const total =
        totals.length === 0
          ? 'an amount the service will confirm'
          : totals.map((t) => money(t.amount, t.currency)).join(' and ');
      if ((await this.ask({ kind: 'production', lines: sent.length, totals, total })) !== 'yes') return false;
    }
    return true;
  }

  private async earlierOrders(po: string, environment: OrderEnvironment): Promise<OrdersLogEntry[]> {
    return earlierOrdersWithPo(this.services.book, po, environment, this.chain);
  }

  private confirmOverwrite = async (question: OverwriteQuestion): Promise<OverwriteChoice> => {
    const answer = await this.ask({ kind: 'overwrite', question });
    return answer === 'replace' || answer === 'elsewhere' ? answer : 'cancel';
  };

  /** The order's id written to its rows and the order appended to the log; what fails is noted, never thrown. */
  private async writeBack(
    result: OrderResult,
    request: CheckoutRequest,
    sent: readonly ReviewLine[],
    at: Date,
  ): Promise<OrderOutcome> {
    const orderId = result.orderId ?? '';
    const environment = this.state.form.environment;
    const notes: string[] = [];
    for (const warning of result.warnings ?? [])
      notes.push(
        `The confirmation had a line that could not be read (${warning}); check the order in the order history.`,
      );
    const rows = sent.flatMap((l) => l.rows);
    await this.record(this.orderOf(result.submitted ? 'submitted' : 'created', orderId, at, request, sent), notes);
    this.doneGroups.set(groupKey(this.state.group), orderId);
    this.noteOrdered(rows, {
      orderId,
      text: `${orderId} ${result.submitted ? 'submitted' : 'created'} ${formatDateTime(at)}`,
    });
    const orderColumn = await this.writeOrderColumn(
      rows.map((row) => ({ row, text: this.orderText(row) })),
      notes,
    );
    const logged = await this.log(
      {
        time: at,
        environment,
        po: request.customerPONumber,
        orderId,
        submitted: result.submitted ? 'yes' : 'no',
        lines: request.lines.length,
        items: itemsText(request, sent),
        subtotal: result.subtotal,
        discount: result.discount,
        total: result.total,
        currency: result.currency ?? '',
        rows: this.state.selection ? rowsText(this.state.selection.block.sheet, rows) : '',
      },
      notes,
    );
    const account = shipToAccount(this.state.form);
    const shipTos = await this.shipToStore
      .used(environment, { id: request.shipToAddressId, account, lastUsed: at.toISOString() })
      .catch(() => this.state.shipTos);
    this.set({ shipTos });
    const updated = new Map(
      rows.map((r) => [r, `${orderId} ${result.submitted ? 'submitted' : 'created'} ${formatDateTime(at)}`]),
    );
    this.set({
      lines: this.state.lines.map((l) =>
        l.rows.some((r) => updated.has(r))
          ? { ...l, previousOrders: [...new Set(l.rows.map((r) => updated.get(r)!))] }
          : l,
      ),
    });
    return {
      orderId,
      submitted: result.submitted,
      environment,
      po: request.customerPONumber,
      at,
      subtotal: result.subtotal,
      discount: result.discount,
      total: result.total,
      currency: result.currency,
      shipAgent: result.shipAgent,
      shipService: result.shipService,
      lines: result.lines,
      parts: Object.fromEntries(sent.map((l) => [l.itemId.toUpperCase(), l.part])),
      rows,
      items: itemsText(request, sent),
      lineCount: request.lines.length,
      group: this.state.group,
      orderColumn,
      logged,
      notes,
    };
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
    const environment = outcome.environment;
    const again = `Enter the checkout password with this result and press Submit order ${outcome.orderId} again.`;
    try {
      let creds = this.held.get(environment);
      if (password !== '') {
        creds = {
          username: creds?.username ?? this.state.form.username.trim(),
          passwordHash: await hashPassword(password),
        };
        this.held.set(environment, creds);
      }
      if (!creds) {
        this.set({
          failure: {
            kind: 'auth',
            title: 'The password is needed again',
            text: again,
            orderId: outcome.orderId,
            mayExist: false,
            retrySafe: true,
            submit: true,
          },
        });
        return;
      }
      if (environment === 'production') {
        const total =
          outcome.total !== null ? money(outcome.total, outcome.currency ?? '') : 'the amount the checkout confirmed';
        const totals = outcome.total !== null ? [{ currency: outcome.currency ?? '', amount: outcome.total }] : [];
        if ((await this.ask({ kind: 'production', lines: outcome.lineCount, totals, total })) !== 'yes') return;
      }
      this.set({ phase: 'sending', failure: null });
      const settings = await this.services.settings.getSettings();
      const baseUrl = checkoutBaseUrl(environment, settings, this.services.origin);
      const at = this.now();
      const customerUsername = this.state.form.customerUsername.trim();
      const request: SubmitCreatedRequest = {
        username: creds.username,
        passwordHash: creds.passwordHash,
        orderId: outcome.orderId,
        ...(customerUsername ? { customerUsername } : {}),
      };
      let result: OrderResult;
      try {
        result = await this.services.submitCreated(this.checkoutConfig(baseUrl, settings), request);
      } catch (e) {
        const p = describeProblem(e);
        const checkout = isCheckoutError(e) ? e : null;
        if (checkout?.kind === 'auth') this.held.delete(environment);
        const text =
          checkout?.kind === 'auth'
            ? `The checkout did not accept the login for order ${outcome.orderId}. ${again}`
            : checkout && checkout.problems.length > 0 && checkout.kind === 'refused'
              ? refusedText(checkout.problems.map((pr) => showProblem(pr, EMPTY_REQUEST, [], true)))
              : p.text;
        this.set({
          failure: {
            kind: checkout?.kind ?? 'other',
            title: checkout?.orderMayExist
              ? `Order ${outcome.orderId} may not be submitted`
              : `Order ${outcome.orderId} was not submitted`,
            text,
            orderId: outcome.orderId,
            mayExist: false,
            retrySafe: checkout?.retryable ?? false,
            submit: true,
          },
        });
        return;
      }
      await this.submitted(outcome, result, at, environment);
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
      if (this.answer) this.answerQuestion('no');
      this.inFlight = false;
      this.set({ phase: 'done' });
    }
  };

  /** After a created order is submitted: its record, its Order cells, its line in the Orders sheet, the outcome. */
  private async submitted(
    outcome: OrderOutcome,
    result: OrderResult,
    at: Date,
    environment: OrderEnvironment,
  ): Promise<void> {
    this.set({ phase: 'writing' });
    const notes: string[] = [];
    const text = `${outcome.orderId} submitted ${formatDateTime(at)}`;
    if (this.state.selection) {
      const sheet = this.state.selection.block.sheet;
      // The same order, now submitted: the record keeps its lines and takes the new state.
      await this.record(submittedRecordOf({ orderId: outcome.orderId, at, environment, po: outcome.po, sheet }), notes);
    }
    this.noteOrdered(outcome.rows, { orderId: outcome.orderId, text });
    const orderColumn = await this.writeOrderColumn(
      outcome.rows.map((row) => ({ row, text: this.orderText(row) })),
      notes,
    );
    const logged = await this.log(
      {
        time: at,
        environment,
        po: outcome.po,
        orderId: outcome.orderId,
        submitted: 'yes',
        lines: outcome.lineCount,
        items: outcome.items,
        subtotal: result.subtotal,
        discount: result.discount,
        total: result.total,
        currency: result.currency ?? '',
        rows: this.state.selection ? rowsText(this.state.selection.block.sheet, outcome.rows) : '',
      },
      notes,
    );
    const rows = new Set(outcome.rows);
    this.set({
      lines: this.state.lines.map((l) => (l.rows.some((r) => rows.has(r)) ? { ...l, previousOrders: [text] } : l)),
      outcome: {
        ...outcome,
        submitted: true,
        at,
        subtotal: result.subtotal,
        discount: result.discount,
        total: result.total,
        currency: result.currency,
        lines: result.lines,
        orderColumn,
        logged,
        notes,
      },
      failure: null,
    });
  }

  private async writeOrderColumn(
    writes: Array<{ row: number; text: string }>,
    notes: string[],
  ): Promise<string | null> {
    const selection = this.state.selection;
    if (!selection || writes.length === 0) return null;
    try {
      const written = await writeOrderCells(this.services.book, selection.block, writes, {
        confirm: this.confirmOverwrite,
        column: selection.orderColumn,
      });
      if (!written) {
        notes.push('The Order column was not written: you chose not to write over those cells.');
        return null;
      }
      this.set({ selection: { ...selection, orderColumn: written.column } });
      return written.address;
    } catch (e) {
      notes.push(`The Order column could not be written: ${describeProblem(e).text}`);
      return null;
    }
  }

  /** The record of an order: each BOM line it orders, by identity (rows whose part-number column is unknown have none). */
  private orderOf(
    state: RecordedState,
    orderId: string,
    at: Date,
    request: CheckoutRequest,
    sent: readonly ReviewLine[],
  ): OrderRecord | null {
    const selection = this.state.selection;
    if (!selection) return null;
    const identity = new Map(this.rows.map((r) => [r.row, r.identity ?? null]));
    return orderRecordOf({
      state,
      orderId,
      at,
      environment: this.state.form.environment,
      sheet: selection.block.sheet,
      request,
      sent,
      identityOf: (row) => identity.get(row),
    });
  }

  /** The rows an order was placed from are rows ordered before from now on, in this review and the next (`mark` replaces the same order's earlier mark). */
  private noteOrdered(rows: readonly number[], mark: OrderMark): void {
    for (const row of rows) {
      const marks = (this.orderMarks.get(row) ?? []).filter((m) => mark.orderId === '' || m.orderId !== mark.orderId);
      this.orderMarks.set(row, [...marks, mark]);
    }
  }

  /** A row's Order cell: every order of the row, as the record names them (the view of src/excel/order-record.ts). */
  private orderText(row: number): string {
    return (this.orderMarks.get(row) ?? []).map((m) => m.text).join('; ');
  }

  /** Adds the order to the workbook's record of orders (never takes one away); what fails is noted. */
  private async record(order: OrderRecord | null, notes: string[]): Promise<void> {
    if (!order) return;
    try {
      if ((await recordOrder(this.services.workbook, order)) === 'full') {
        notes.push(
          'The workbook’s record of orders is full, so these rows will not show as already ordered in a later review; the order is in the Orders sheet.',
        );
      }
    } catch (e) {
      notes.push(
        `The workbook did not keep the record of this order, so its rows may not show as already ordered later: ${describeProblem(e).text}`,
      );
    }
  }

  private async log(entry: OrdersLogEntry, notes: string[]): Promise<LoggedOrder | null> {
    try {
      return await appendOrdersLog(this.services.book, entry);
    } catch (e) {
      notes.push(`The order could not be added to the Orders sheet: ${describeProblem(e).text}`);
      return null;
    }
  }

  private async failed(
    e: unknown,
    request: CheckoutRequest,
    sent: readonly ReviewLine[],
    lines: readonly ReviewLine[],
    submit: boolean,
    at: Date,
  ): Promise<void> {
    if (!isCheckoutError(e)) {
      const p = describeProblem(e);
      this.set({
        failure: {
          kind: 'other',
          title: p.title,
          text: p.text,
          orderId: null,
          mayExist: false,
          retrySafe: false,
          submit,
        },
      });
      return;
    }
    const problems = e.problems.map((p) => showProblem(p, request, sent, e.kind !== 'invalid'));
    if (e.orderMayExist) {
      const orderId = e.orderId;
      this.set({
        problems: problems.filter((p) => p.place !== 'order' || p.lineKey !== undefined),
        checked: false,
        failure: {
          kind: 'order-may-exist',
          title: orderId ? `Order ${orderId} may exist` : CHECKOUT_FAILURE_TITLES['order-may-exist'],
          text: e.message,
          orderId,
          mayExist: true,
          retrySafe: false,
          submit,
        },
      });
      // The attempt is recorded, so the order number is not lost and the same PO asks before it is used again.
      this.set({ phase: 'writing' });
      const notes: string[] = [];
      const rows = sent.flatMap((l) => l.rows);
      await this.record(this.orderOf(NOT_CONFIRMED, orderId ?? '', at, request, sent), notes);
      this.noteOrdered(rows, {
        orderId: orderId ?? '',
        text: orderCellText({ orderId: orderId ?? '', state: NOT_CONFIRMED, at: at.toISOString() }),
      });
      if (orderId)
        await this.writeOrderColumn(
          rows.map((row) => ({ row, text: this.orderText(row) })),
          notes,
        );
      await this.log(
        {
          time: at,
          environment: this.state.form.environment,
          po: request.customerPONumber,
          orderId: orderId ?? '',
          submitted: NOT_CONFIRMED,
          lines: request.lines.length,
          items: itemsText(request, sent),
          subtotal: null,
          discount: null,
          total: null,
          currency: '',
          rows: this.state.selection ? rowsText(this.state.selection.block.sheet, rows) : '',
        },
        notes,
      );
      if (notes.length > 0) this.set({ failure: { ...this.state.failure!, text: `${e.message} ${notes.join(' ')}` } });
      return;
    }
    if (e.kind === 'auth' && e.problems.some((p) => p.code === 'checkout.invalid.password')) {
      const environment = this.state.form.environment;
      this.held.delete(environment);
      if (this.remembered.delete(environment)) await this.credentials.forget(environment).catch(() => undefined);
      this.set({ passwordHeld: null, form: { ...this.state.form, remember: false } });
    }
    // The stock the service reported replaces the sheet's on the line ("50 in stock" no longer, once it said 0).
    const available = new Map(
      problems
        .filter((p) => p.lineKey !== undefined && p.available !== undefined)
        .map((p) => [p.lineKey!, p.available!]),
    );
    if (available.size > 0)
      this.set({
        lines: this.state.lines.map((l) => (available.has(l.key) ? { ...l, stock: available.get(l.key)! } : l)),
      });
    if (problems.some((p) => p.code === 'checkout.uc.required') && !this.state.form.freightForwarder) {
      this.set({ form: { ...this.state.form, freightForwarder: true } });
    }
    this.set({
      problems,
      failure: {
        kind: e.kind,
        title: CHECKOUT_FAILURE_TITLES[e.kind],
        text: e.kind === 'refused' || e.kind === 'invalid' ? refusedText(problems) : e.message,
        orderId: null,
        mayExist: false,
        retrySafe: e.retryable,
        submit,
      },
    });
    await this.mark(problems, lines);
    // The sheet says why each marked row was not ordered, where the Order column can take it without asking.
    const byRow = new Map<number, string>();
    for (const p of problems) {
      const line = lines.find((l) => l.key === p.lineKey);
      if (!line) continue;
      for (const row of line.rows) byRow.set(row, `Not ordered: ${problemText(p)}`);
    }
    if (byRow.size > 0 && (e.kind === 'refused' || e.kind === 'invalid')) await this.writeProblemTexts(byRow);
  }

  private async writeProblemTexts(byRow: Map<number, string>): Promise<void> {
    const selection = this.state.selection;
    if (!selection) return;
    try {
      const written = await writeOrderCells(
        this.services.book,
        selection.block,
        [...byRow].map(([row, text]) => ({ row, text })),
        {
          confirm: async () => 'cancel',
          column: selection.orderColumn,
        },
      );
      if (written) this.set({ selection: { ...selection, orderColumn: written.column } });
    } catch {
      // The pane already shows the problems; the sheet text is a convenience.
    }
  }

  /** Marks the rows of the lines the problems concern. */
  private async mark(problems: readonly ShownProblem[], lines: readonly ReviewLine[]): Promise<void> {
    const selection = this.state.selection;
    const rows = rowsOf(problems, lines);
    if (!selection || rows.length === 0) return;
    try {
      await markOrderRows(this.services.book, selection.block, rows, selection.orderColumn);
      this.marked = this.rows.filter((r) => rows.includes(r.row));
    } catch {
      // Marking is a help to find the rows; the pane names them too.
    }
  }

  private async unmark(): Promise<void> {
    const selection = this.state.selection;
    if (!selection || this.marked.length === 0) return;
    const marked = this.marked;
    this.marked = [];
    try {
      await unmarkOrderRows(this.services.book, selection.block, marked, selection.orderColumn);
    } catch {
      // The rows keep their mark; nothing else depends on it.
    }
  }
}

function notSentText(problems: readonly ShownProblem[]): string {
  return `${problems.length === 1 ? 'One thing needs' : `${problems.length} things need`} fixing first; ${plural(problems.length, 'it is', 'each is')} ${whereMarked(problems)}.`;
}

function refusedText(problems: readonly ShownProblem[]): string {
  if (problems.length === 0) return 'The checkout refused the order without saying why.';
  const first = problems[0];
  const more = problems.length - 1;
  return `${problemText(first)}${more > 0 ? ` (${more} more ${plural(more, 'problem')} ${whereMarked(problems.slice(1))}.)` : ''}`;
}
