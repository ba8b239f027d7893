import { KindError } from '../errors';
import type { ErrorCode } from '../../protocol/error-codes';
/**
 * The one error type of BOM reading. Only problems that stop the whole BOM from being read are errors; a
 * line that cannot be used is a skipped line with its reason, and a doubt is a warning.
 */
export type BomErrorKind =
  /** No column holds part numbers, by header or by content. The message lists the headers seen. */
  | 'no-part-number-column'
  /** The cells hold nothing. */
  | 'empty'
  /** An option is out of range: boards, header row, or a mapped column. */
  | 'bad-option';

/** Each kind's stable code (protocol/error-codes.ts). */
const BOM_CODES: Record<BomErrorKind, ErrorCode> = {
  'no-part-number-column': 'PS_BOM_NO_PART_NUMBER_COLUMN',
  empty: 'PS_BOM_EMPTY',
  'bad-option': 'PS_BOM_BAD_OPTION',
};

export class BomError extends KindError<BomErrorKind> {
  override readonly name = 'BomError';
  protected override get codes() {
    return BOM_CODES;
  }

  constructor(
    kind: BomErrorKind,
    message: string,
    readonly details: {
      /** The header texts seen, for 'no-part-number-column'. */
      headers?: string[];
    } = {},
  ) {
    super(kind, message);
  }
}

export function isBomError(e: unknown): e is BomError {
  return e instanceof BomError;
}
