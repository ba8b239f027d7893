/**
 * Reads a BOM file's bytes within MAX_FILE_BYTES, whatever the path names: a regular file's size is checked before a
 * byte is read, and every file is also counted as it is read, so a pipe (`<(...)`, `/dev/stdin`), a device
 * (`/dev/zero`) or a file that grows meanwhile is refused at the cap instead of read until memory runs out.
 */
import { open } from 'node:fs/promises';
import { BomFileError } from './bom-file-error';
import { MAX_FILE_BYTES, fileTooLarge, streamTooLarge } from './bom-limits';

/** Bytes asked of the file at a time. */
const PIECE_BYTES = 1024 * 1024;

function readProblem(e: NodeJS.ErrnoException): string {
  switch (e.code) {
    case 'ENOENT':
      return 'no such file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'it is a folder, not a file';
    default:
      return e.message;
  }
}

/** The file's bytes; throws BomFileError naming `path` when it cannot be read or holds more than the cap. */
export async function readCappedFile(path: string): Promise<Buffer> {
  const cap = MAX_FILE_BYTES;
  try {
    const handle = await open(path, 'r');
    try {
      const info = await handle.stat();
      if (info.isFile() && info.size > cap) throw new BomFileError(`${path}: ${fileTooLarge(info.size).message}`);
      const pieces: Buffer[] = [];
      let total = 0;
      for (;;) {
        // One byte beyond the cap is asked for, so a file of exactly the cap is read whole and one byte more is seen.
        const piece = Buffer.allocUnsafe(Math.min(PIECE_BYTES, cap + 1 - total));
        const { bytesRead } = await handle.read(piece, 0, piece.length, null);
        if (bytesRead === 0) break;
        total += bytesRead;
        if (total > cap) throw new BomFileError(`${path}: ${streamTooLarge().message}`);
        pieces.push(bytesRead === piece.length ? piece : piece.subarray(0, bytesRead));
      }
      return Buffer.concat(pieces, total);
    } finally {
      await handle.close();
    }
  } catch (e) {
    if (e instanceof BomFileError) throw e;
    throw new BomFileError(`cannot read ${path}: ${readProblem(e as NodeJS.ErrnoException)}`);
  }
}
