/**
 * Submitting an order just created (the result's "Submit order N"), instead of sending its lines again as a second
 * order: the password held again when typed with the result, a submission to production asked first, and the Order
 * column and the Orders log then record the submission.
 */
import { type OrderResult, type SubmitCreatedRequest, hashPassword, isCheckoutError } from '../../src/checkout';
import { checkoutConfig } from './order-account';
import { checkoutBaseUrl } from './environment';
import { submitFailure } from './failed-order';
import type { OrderFlow } from './order-flow';
import type { OrderOutcome } from './order-state';
import { money } from '../../src/workflows/order-review';
import { writeSubmitted } from './write-back';

/** Submits `outcome`'s created order; `password` is typed with the result when the checkout needs it again. */
export async function submitCreatedOrder(flow: OrderFlow, outcome: OrderOutcome, password: string): Promise<void> {
  const environment = outcome.environment;
  const again = `Enter the checkout password with this result and press Submit order ${outcome.orderId} again.`;
  let creds = flow.credentials.get(environment);
  if (password !== '') {
    creds = {
      username: creds?.username ?? flow.state().form.username.trim(),
      passwordHash: await hashPassword(password),
    };
    flow.credentials.hold(environment, creds);
  }
  if (!creds) {
    flow.set({
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
    if ((await flow.ask({ kind: 'production', lines: outcome.lineCount, totals, total })) !== 'yes') return;
  }
  flow.set({ phase: 'sending', failure: null });
  const settings = await flow.services.settings.getSettings();
  const baseUrl = checkoutBaseUrl(environment, settings, flow.services.origin);
  const at = flow.services.now();
  const customerUsername = flow.state().form.customerUsername.trim();
  const request: SubmitCreatedRequest = {
    username: creds.username,
    passwordHash: creds.passwordHash,
    orderId: outcome.orderId,
    ...(customerUsername ? { customerUsername } : {}),
  };
  let result: OrderResult;
  try {
    result = await flow.services.submitCreated(checkoutConfig(flow.services, baseUrl, settings), request);
  } catch (e) {
    if (isCheckoutError(e) && e.kind === 'auth') flow.credentials.drop(environment);
    flow.set({ failure: submitFailure(e, outcome, again) });
    return;
  }
  await writeSubmitted(flow, outcome, result, at);
}
