/**
 * The one error type of the checkout boundary. Every failure of placing an order — a request the service
 * would refuse, a refusal, a back-office failure, a lost connection, an unreadable answer — becomes a
 * CheckoutError whose kind says what the buyer can safely do next.
 */
import { KindError } from '../errors';
import type { ErrorCode } from '../../protocol/error-codes';
import type { CheckoutProblem } from './problems';

export type CheckoutErrorKind =
  /** The request would be refused; found before sending, so nothing was sent. Fix the problems and send again. */
  | 'invalid'
  /** The service answered with error codes and placed no order. `problems` lists them, `status` is the HTTP status. */
  | 'refused'
  /**
   * An order may exist although no confirmation came: a back-office failure after the order was created
   * (with `orderId`), or a timeout or lost connection after the request was sent. Check before resubmitting.
   */
  | 'order-may-exist'
  /** The service could not be reached: nothing was sent, so sending again is safe. */
  | 'unreachable'
  /** Username or password not accepted. */
  | 'auth'
  /** The answer could not be read. */
  | 'malformed'
  /** The caller cancelled. */
  | 'cancelled';

export interface CheckoutErrorDetails {
  problems?: CheckoutProblem[];
  /** HTTP status, when there was an answer. */
  status?: number;
  /** Sales order id, when the service named one. */
  orderId?: string | null;
  /** Sending the same request again cannot create a second order (nothing was stored). */
  retrySafe?: boolean;
  /** The request reached the service and an order may have been stored (for kinds other than order-may-exist). */
  orderMayExist?: boolean;
  /** The underlying error, for logs; never shown to the buyer. */
  cause?: unknown;
}

/** Each kind's stable code (protocol/error-codes.ts). */
const CHECKOUT_CODES: Record<CheckoutErrorKind, ErrorCode> = {
  invalid: 'PS_CHECKOUT_INVALID',
  refused: 'PS_CHECKOUT_REFUSED',
  'order-may-exist': 'PS_CHECKOUT_ORDER_MAY_EXIST',
  unreachable: 'PS_CHECKOUT_UNREACHABLE',
  auth: 'PS_CHECKOUT_AUTH',
  malformed: 'PS_CHECKOUT_MALFORMED',
  cancelled: 'PS_CHECKOUT_CANCELLED',
};

export class CheckoutError extends KindError<CheckoutErrorKind> {
  override readonly name = 'CheckoutError';
  protected override get codes() {
    return CHECKOUT_CODES;
  }
  readonly problems: CheckoutProblem[];
  readonly status: number | undefined;
  readonly orderId: string | null;
  private readonly retrySafe: boolean;
  private readonly mayExist: boolean;

  constructor(kind: CheckoutErrorKind, message: string, details: CheckoutErrorDetails = {}) {
    super(kind, message, details.cause);
    this.problems = details.problems ?? [];
    this.status = details.status;
    this.orderId = details.orderId ?? null;
    this.retrySafe = details.retrySafe ?? false;
    this.mayExist = details.orderMayExist ?? false;
  }

  /** The first problem's code, when the service or the validation gave one. */
  get code(): string | undefined {
    return this.problems[0]?.code;
  }

  /** Whether sending the same request again is safe: it cannot create a second order. */
  get retryable(): boolean {
    return this.kind === 'unreachable' || this.retrySafe;
  }

  /** Whether an order may exist: the buyer must check (or ask customer service) before sending it again. */
  get orderMayExist(): boolean {
    return this.kind === 'order-may-exist' || this.mayExist;
  }
}

export function isCheckoutError(e: unknown): e is CheckoutError {
  return e instanceof CheckoutError;
}
