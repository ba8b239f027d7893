import { KindError } from '../errors';
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

export class SnapshotError extends KindError<SnapshotErrorKind> {
  override readonly name = 'SnapshotError';
  protected override get codes() {
    return SNAPSHOT_CODES;
  }
}
