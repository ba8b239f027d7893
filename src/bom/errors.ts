import { PartsheetError } from '../errors';
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

export class BomError extends PartsheetError {
  override readonly name = 'BomError';

  constructor(
    readonly kind: BomErrorKind,
    message: string,
    readonly details: {
      /** The header texts seen, for 'no-part-number-column'. */
      headers?: string[];
    } = {},
  ) {
    super(message);
  }
}

export function isBomError(e: unknown): e is BomError {
  return e instanceof BomError;
}
