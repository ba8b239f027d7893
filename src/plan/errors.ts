import { PartsheetError } from '../errors';

/** A planning option that cannot be used (the overbuy threshold, say): the message names the option and the value. */
export type PlanErrorKind = 'bad-option';

export class PlanError extends PartsheetError {
  override readonly name = 'PlanError';

  constructor(
    readonly kind: PlanErrorKind,
    message: string,
  ) {
    super(message);
  }
}

export function isPlanError(e: unknown): e is PlanError {
  return e instanceof PlanError;
}
