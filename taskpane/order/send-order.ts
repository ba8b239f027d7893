/**
 * Sending the order under review once: what the checkout would refuse, found before anything is sent; the password
 * hashed and held; an order the browser would send and then hide the answer of never sent; the questions asked
 * (overbuy lines, rows ordered before, the same PO number, a submission to production); the order placed and its
 * answer written back, or the failure shown.
 */
import { type CheckoutRequest, type OrderResult, hashPassword, validateCheckout } from '../../src/checkout';
import type { ReviewLine } from '../../src/workflows/order-lines';
import { earlierOrdersWithPo, rowsOrderedAgain } from '../../src/workflows/place-order';
import { checkoutConfig } from './order-account';
import { checkoutBaseUrl } from './environment';
import { failed, notSentText } from './failed-order';
import type { OrderFlow } from './order-flow';
import type { OrderFailure, SendQuestion } from './order-state';
import { estimate, lineQuantity, money } from '../../src/workflows/order-review';
import { type OrderForm, buildRequest } from './order-form';
import { type ShownProblem, lineLabel, showProblem, ucRequiredProblems } from './order-problems';
import { checkoutBlock } from './reachability';
import { writeBack } from './write-back';

export const CHECKOUT_BLOCKED_TITLE = 'Checkout needs CORS or the gateway';

/** What the checkout would refuse in this request, and the lines whose quantity cannot be used. */
export function problemsOf(
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

/** What the checkout would refuse in the form as it is (a placeholder hash stands in for a password given). */
export function formProblems(form: OrderForm, lines: readonly ReviewLine[], passwordHeld: boolean): ShownProblem[] {
  const hash = form.password !== '' || passwordHeld ? '0'.repeat(64) : '';
  const { request, sent } = buildRequest(form, lines, hash, false);
  return problemsOf(request, sent, lines);
}

/**
 * The questions asked before an order goes (unless the buyer is resending after checking): overbuy lines, rows
 * ordered before, the same PO number in the Orders log, and a submit to production. One alone is asked as itself;
 * two or more are asked together in one review with one answer. True when the answer is yes (or nothing is asked).
 */
export async function confirmSend(
  flow: OrderFlow,
  form: OrderForm,
  request: CheckoutRequest,
  sent: readonly ReviewLine[],
  submit: boolean,
): Promise<boolean> {
  const asked: SendQuestion[] = [];
  // Lines marked overbuy (their spares cost more than the threshold) go only when the buyer says so, once for all.
  const overbuys = sent.filter((l) => l.overbuy);
  if (overbuys.length > 0)
    asked.push({
      kind: 'overbuy',
      lines: overbuys.map((l) => ({ rows: l.rows, part: l.part ?? '', quantity: l.entered, overbuy: l.overbuy ?? '' })),
    });
  // Rows ordered before go again only when the buyer confirms, naming the earlier orders.
  const again = rowsOrderedAgain(flow.state().alreadyOrdered, sent);
  if (again.length > 0) asked.push({ kind: 'already-ordered', rows: again });
  // The same PO number in the Orders log: asked whether this review follows "Back to the review" or "Prepare the
  // next order" alike, the orders made from this selection named as such.
  const po = request.customerPONumber;
  const earlier = await earlierOrdersWithPo(flow.services.book, po, form.environment, new Set());
  if (earlier.length > 0) {
    const mine = earlier.map((e) => e.orderId).filter((id) => id !== '' && flow.picked.made.has(id));
    asked.push({ kind: 'duplicate-po', po, earlier, ...(mine.length > 0 ? { mine } : {}) });
  }
  if (submit && form.environment === 'production') {
    const totals = estimate(sent);
    const total =
      totals.length === 0
        ? 'an amount the service will confirm'
        : totals.map((t) => money(t.amount, t.currency)).join(' and ');
    asked.push({ kind: 'production', lines: sent.length, totals, total });
  }
  if (asked.length === 0) return true;
  return (await flow.ask(asked.length === 1 ? asked[0] : { kind: 'review', asked })) === 'yes';
}

/** Why nothing was sent: a failure that names what to do (an earlier "order may exist" stays shown). */
function notSent(flow: OrderFlow, failure: Omit<OrderFailure, 'orderId' | 'mayExist'>): OrderFailure {
  const shown = flow.state().failure;
  return shown?.mayExist ? shown : { ...failure, orderId: null, mayExist: false };
}

/**
 * Sends the order under review once (`acknowledged`: the buyer checked an order that may exist, so the questions
 * are not asked again). True when the checkout took it and the outcome is shown.
 */
export async function sendOrder(flow: OrderFlow, submit: boolean, acknowledged: boolean): Promise<boolean> {
  const { form, lines } = flow.state();
  await flow.marks.unmark(flow);

  // What the service would refuse, before anything is sent.
  const typed = form.password;
  const hash = typed !== '' ? await hashPassword(typed) : (flow.credentials.of(form)?.passwordHash ?? '');
  const { request, sent } = buildRequest(form, lines, hash, submit);
  const problems = problemsOf(request, sent, lines);
  if (problems.length > 0) {
    const text = notSentText(problems);
    flow.set({
      problems,
      attempted: true,
      failure: notSent(flow, { kind: 'invalid', title: 'Not sent', text, retrySafe: true, submit }),
    });
    await flow.marks.mark(flow, problems, lines);
    return false;
  }
  if (typed !== '') {
    flow.credentials.hold(form.environment, { username: request.username, passwordHash: hash });
    const cleared = { ...flow.state().form, password: '' };
    flow.set({ form: cleared, passwordHeld: flow.credentials.stateOf(cleared) });
  }

  const settings = await flow.services.settings.getSettings();
  const baseUrl = checkoutBaseUrl(form.environment, settings, flow.services.origin);
  // An order the browser would send and then hide the answer of is not sent at all.
  const block = await checkoutBlock(baseUrl, settings, flow.services.origin, flow.services.corsProbe);
  if (block) {
    flow.set({
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
    return false;
  }

  if (!acknowledged && !(await confirmSend(flow, form, request, sent, submit))) return false;
  if (form.remember) await flow.credentials.remember(form.environment, flow.credentials.get(form.environment)!);

  const passwordHeld = flow.credentials.stateOf(flow.state().form);
  flow.set({ phase: 'sending', problems: [], attempted: true, passwordHeld });
  const at = flow.services.now();
  let result: OrderResult;
  try {
    result = await flow.services.placeOrder(checkoutConfig(flow.services, baseUrl, settings), request);
  } catch (e) {
    await failed(flow, e, { request, sent, lines, submit, at });
    return false;
  }
  flow.set({ phase: 'writing' });
  const outcome = await writeBack(flow, result, request, sent, at);
  flow.set({ outcome, failure: null, problems: [], checked: false });
  return true;
}
