/**
 * Temporary folders for a test file's tests, removed when the file's tests end: a test run leaves nothing in the
 * temporary folder (each file has its own copy of this module, so its own list). The afterAll is registered when a
 * test file first imports this module, at the top of the file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];

afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A new empty folder named `partsheet-<name>-…` in the temporary folder, removed after the file's tests. */
export function tempFolder(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `partsheet-${name}-`));
  made.push(dir);
  return dir;
}
