/**
 * Every failure the pane shows, in words a buyer can act on: what happened and what to do, never a stack trace.
 */
import { type ErrorCode, errorCodeOf } from '../protocol/error-codes';
import { isSettingsError } from '../src/settings';
import { isBomError } from '../src/bom';
import { isPlanError } from '../src/plan';
import { isCatalogError } from '../src/catalog/errors';
import { type CheckoutErrorKind, isCheckoutError } from '../src/checkout/errors';
import { isWorkbookError } from '../src/excel/workbook-port';

export interface ProblemText {
  title: string;
  text: string;
  /** Where the fix is. */
  action?: 'settings' | 'selection';
  /** The failure's stable code (protocol/error-codes.ts), for the buyer to quote. */
  code: ErrorCode;
}

/** The title of a failed order, for every kind of checkout failure (an order that may exist is named when known). */
export const CHECKOUT_FAILURE_TITLES = {
  'order-may-exist': 'The order may exist',
  refused: 'The order was refused',
  auth: 'The checkout did not accept the login',
  unreachable: 'The checkout could not be reached',
  invalid: 'Not sent',
  malformed: 'The checkout’s answer could not be read',
  cancelled: 'Cancelled',
} as const satisfies Record<CheckoutErrorKind, string>;

/** The failure in words a buyer can act on, with its stable code. */
export function describeProblem(e: unknown): ProblemText {
  return { ...words(e), code: errorCodeOf(e) };
}

function words(e: unknown): Omit<ProblemText, 'code'> {
  if (isSettingsError(e)) return { title: 'Check the settings', text: e.message, action: 'settings' };
  if (isCatalogError(e)) {
    switch (e.kind) {
      case 'auth':
        return { title: 'The parts service refused the login', text: e.message, action: 'settings' };
      case 'blocked':
        return { title: 'The browser blocked the parts service', text: e.message, action: 'settings' };
      case 'unreachable':
      case 'timeout':
      case 'unavailable':
        return {
          title: 'The parts service did not answer',
          text: `${e.message} Check the address in Settings, or try again in a minute.`,
          action: 'settings',
        };
      case 'rate-limited':
        return { title: 'The parts service asks us to slow down', text: `${e.message} Try again in a minute.` };
      case 'cancelled':
        return { title: 'Cancelled', text: 'Pricing was cancelled.' };
      default:
        return { title: 'The parts service could not answer', text: e.message };
    }
  }
  if (isCheckoutError(e)) {
    return { title: CHECKOUT_FAILURE_TITLES[e.kind], text: e.message };
  }
  if (isBomError(e)) return { title: 'The BOM could not be read', text: e.message, action: 'selection' };
  if (isPlanError(e)) return { title: 'A setting cannot be used', text: e.message };
  if (isWorkbookError(e)) {
    return {
      title: e.kind === 'empty' ? 'Nothing to read' : 'Excel did not allow it',
      text: e.message,
      action: e.kind === 'empty' || e.kind === 'no-sheet' ? 'selection' : undefined,
    };
  }
  const message = e instanceof Error ? e.message : String(e);
  return { title: 'Something went wrong', text: message.split('\n')[0] || 'An unexpected error occurred.' };
}
