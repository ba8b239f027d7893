import { PartsheetError } from '../errors';
import type { ErrorCode } from '../../protocol/error-codes';

/**
 * Why a snapshot of an earlier run cannot be read: the text is no snapshot or is damaged; it was written by a format
 * version this build does not read; or the place it was looked for (a file, a workbook) holds none.
 */
export type SnapshotErrorKind = 'damaged' | 'version' | 'missing';

/** Each kind's stable code (protocol/error-codes.ts). */
const SNAPSHOT_CODES: Record<SnapshotErrorKind, ErrorCode> = {
  damaged: 'PS_SNAPSHOT_DAMAGED',
  version: 'PS_SNAPSHOT_VERSION',
  missing: 'PS_SNAPSHOT_MISSING',
};

export class SnapshotError extends PartsheetError {
  override readonly name = 'SnapshotError';

  override get errorCode(): ErrorCode {
    return SNAPSHOT_CODES[this.kind];
  }

  constructor(
    readonly kind: SnapshotErrorKind,
    message: string,
  ) {
    super(message);
  }
}
