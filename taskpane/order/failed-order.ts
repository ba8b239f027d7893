/**
 * When the checkout did not take an order: the failure shown, the problems placed next to their field or line and
 * their rows marked; an order that may exist recorded as not confirmed (so its number is not lost and the same PO
 * asks before it is used again); a password the checkout refused forgotten; the stock the service reported shown.
 */
import { type CheckoutError, type CheckoutRequest, isCheckoutError } from '../../src/checkout';
import { orderCellText } from '../../src/excel/order-record';
import { plural } from '../../src/text/plural';
import type { ReviewLine } from '../../src/workflows/order-lines';
import { CHECKOUT_FAILURE_TITLES, describeProblem } from '../errors';
import type { OrderFlow } from './order-flow';
import { type ShownProblem, itemsText, problemText, showProblem, whereMarked } from './order-problems';
import type { OrderFailure, OrderOutcome } from './order-state';
import { writeNotOrdered } from './row-marks';
import { keepRecord, logOrder, logRows, orderCells, orderRecordFor, writeOrderColumn } from './write-back';

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

/** What an order the checkout did not take was: the request, the lines sent and all the review's lines. */
export interface FailedOrder {
  request: CheckoutRequest;
  sent: readonly ReviewLine[];
  lines: readonly ReviewLine[];
  submit: boolean;
  at: Date;
}

/** "One thing needs fixing first; it is marked …": problems found before anything was sent. */
export function notSentText(problems: readonly ShownProblem[]): string {
  return `${problems.length === 1 ? 'One thing needs' : `${problems.length} things need`} fixing first; ${plural(problems.length, 'it is', 'each is')} ${whereMarked(problems)}.`;
}

/** The first problem of a refusal in full, and how many more there are and where. */
export function refusedText(problems: readonly ShownProblem[]): string {
  if (problems.length === 0) return 'The checkout refused the order without saying why.';
  const first = problems[0];
  const more = problems.length - 1;
  return `${problemText(first)}${more > 0 ? ` (${more} more ${plural(more, 'problem')} ${whereMarked(problems.slice(1))}.)` : ''}`;
}

/** Shows why the checkout did not take the order, and writes what must be kept of it. */
export async function failed(flow: OrderFlow, e: unknown, order: FailedOrder): Promise<void> {
  if (!isCheckoutError(e)) {
    const p = describeProblem(e);
    flow.set({
      failure: {
        kind: 'other',
        title: p.title,
        text: p.text,
        orderId: null,
        mayExist: false,
        retrySafe: false,
        submit: order.submit,
      },
    });
    return;
  }
  const problems = e.problems.map((p) => showProblem(p, order.request, order.sent, e.kind !== 'invalid'));
  if (e.orderMayExist) await mayExist(flow, e, problems, order);
  else await refused(flow, e, problems, order);
}

/** The order may exist: no plain retry; the attempt recorded, its rows' Order cells and the Orders log say so. */
async function mayExist(
  flow: OrderFlow,
  e: CheckoutError,
  problems: readonly ShownProblem[],
  { request, sent, submit, at }: FailedOrder,
): Promise<void> {
  const orderId = e.orderId;
  flow.set({
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
  flow.set({ phase: 'writing' });
  const notes: string[] = [];
  const rows = sent.flatMap((l) => l.rows);
  const id = orderId ?? '';
  await keepRecord(flow, orderRecordFor(flow, { state: NOT_CONFIRMED, orderId: id, at, request, sent }), notes);
  flow.picked.noteOrdered(rows, {
    orderId: id,
    text: orderCellText({ orderId: id, state: NOT_CONFIRMED, at: at.toISOString() }),
  });
  if (orderId) await writeOrderColumn(flow, orderCells(flow, rows), notes);
  await logOrder(
    flow,
    {
      time: at,
      environment: flow.state().form.environment,
      po: request.customerPONumber,
      orderId: id,
      submitted: NOT_CONFIRMED,
      lines: request.lines.length,
      items: itemsText(request, sent),
      subtotal: null,
      discount: null,
      total: null,
      currency: '',
      rows: logRows(flow, rows),
    },
    notes,
  );
  const failure = flow.state().failure!;
  if (notes.length > 0) flow.set({ failure: { ...failure, text: `${e.message} ${notes.join(' ')}` } });
}

/** The checkout refused the order (nothing was stored): the problems placed and their rows marked. */
async function refused(
  flow: OrderFlow,
  e: CheckoutError,
  problems: ShownProblem[],
  { lines, submit }: FailedOrder,
): Promise<void> {
  if (e.kind === 'auth' && e.problems.some((p) => p.code === 'checkout.invalid.password')) {
    const environment = flow.state().form.environment;
    flow.credentials.drop(environment);
    await flow.credentials.unremember(environment);
    flow.set({ passwordHeld: null, form: { ...flow.state().form, remember: false } });
  }
  // The stock the service reported replaces the sheet's on the line ("50 in stock" no longer, once it said 0).
  const available = new Map(
    problems.filter((p) => p.lineKey !== undefined && p.available !== undefined).map((p) => [p.lineKey!, p.available!]),
  );
  if (available.size > 0)
    flow.set({
      lines: flow.state().lines.map((l) => (available.has(l.key) ? { ...l, stock: available.get(l.key)! } : l)),
    });
  if (problems.some((p) => p.code === 'checkout.uc.required') && !flow.state().form.freightForwarder) {
    flow.set({ form: { ...flow.state().form, freightForwarder: true } });
  }
  flow.set({
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
  await flow.marks.mark(flow, problems, lines);
  // The sheet says why each marked row was not ordered, where the Order column can take it without asking.
  if (e.kind === 'refused' || e.kind === 'invalid') await writeNotOrdered(flow, problems, lines);
}

/** Why the submission of a created order failed: the login again, the refusal's problems, or what went wrong. */
export function submitFailure(e: unknown, outcome: OrderOutcome, again: string): OrderFailure {
  const checkout = isCheckoutError(e) ? e : null;
  const text =
    checkout?.kind === 'auth'
      ? `The checkout did not accept the login for order ${outcome.orderId}. ${again}`
      : checkout && checkout.problems.length > 0 && checkout.kind === 'refused'
        ? refusedText(checkout.problems.map((pr) => showProblem(pr, EMPTY_REQUEST, [], true)))
        : describeProblem(e).text;
  return {
    kind: checkout?.kind ?? 'other',
    title: checkout?.orderMayExist
      ? `Order ${outcome.orderId} may not be submitted`
      : `Order ${outcome.orderId} was not submitted`,
    text,
    orderId: outcome.orderId,
    mayExist: false,
    retrySafe: checkout?.retryable ?? false,
    submit: true,
  };
}
