/**
 * The test runner's module runtime (scripts/jest-runtime.js) compiles modules itself where it can: what a module sees
 * and what a failure reports stay as jest gives them.
 */
import { basename } from 'node:path';
import { requireIdentity } from '../helpers/module-identity';
import { withImportText } from '../helpers/module-import-text';

test("a module is given jest's module, exports, require, __dirname and __filename", () => {
  const seen = requireIdentity();
  expect(basename(seen.filename)).toBe('module-identity.ts');
  expect(seen.dirname).toMatch(/test[\\/]helpers$/);
  expect(seen.sameModule).toBe(true);
  expect(seen.requireResolves).toBe(true);
  expect(seen.jestGiven).toBe(true);
});

test('a failure names the line and column of the TypeScript source', () => {
  const error = new Error('here');
  const expected = `${basename(__filename)}:19:17`;
  expect(error.stack?.split('\n')[1]).toContain(expected);
});

test("a module holding a dynamic import's text is compiled as jest compiles it, and runs", () => {
  const seen = withImportText();
  expect(basename(seen.own)).toBe('module-import-text.ts');
  expect(basename(seen.neighbour)).toBe('module-identity.ts');
});
