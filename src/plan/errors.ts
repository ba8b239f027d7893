import { KindError } from '../errors';
import type { ErrorCode } from '../../protocol/error-codes';

/**
 * A planning option that cannot be used (the overbuy threshold, say), or a need-by date that is no calendar day or
 * lies before today: the message names the option and the value.
 */
export type PlanErrorKind = 'bad-option' | 'bad-date';

/** Each kind's stable code (protocol/error-codes.ts). */
const PLAN_CODES: Record<PlanErrorKind, ErrorCode> = {
  'bad-option': 'PS_PLAN_BAD_OPTION',
  'bad-date': 'PS_PLAN_BAD_DATE',
};

export class PlanError extends KindError<PlanErrorKind> {
  override readonly name = 'PlanError';
  protected override get codes() {
    return PLAN_CODES;
  }
}

export function isPlanError(e: unknown): e is PlanError {
  return e instanceof PlanError;
}
