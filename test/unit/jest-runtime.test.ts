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

test("a module holding a dynamic import's text in a comment is compiled, and runs", () => {
  const seen = withImportText();
  expect(basename(seen.own)).toBe('module-import-text.ts');
  expect(basename(seen.neighbour)).toBe('module-identity.ts');
});

describe('which code calls a dynamic import (compiled as jest compiles it)', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the runner's own CommonJS script
  const { callsDynamicImport } = require('../../scripts/jest-runtime') as {
    callsDynamicImport: (s: string) => boolean;
  };

  test.each([
    ["const m = import('./x');", true],
    ['exports.load = () => import ( "./y" );', true],
    ['const lazy = () => import(/* chunk */ `./z`);', true],
    ['if (a) { await import("./w"); }', true],
  ])('%s: a call', (code, calls) => expect(callsDynamicImport(code)).toBe(calls));

  test.each([
    ['throw Error("lazy(() => import(\'./MyComponent\'))");', false],
    ["// a lazy import('./x') would load it\nmodule.exports = 1;", false],
    ['const text = `import(${name})`;', false],
    ['const a = obj.import; const b = 1;', false],
    ['module.exports = 2;', false],
  ])('%s: no call', (code, calls) => expect(callsDynamicImport(code)).toBe(calls));

  test('code it cannot read counts as a call, so jest compiles it and says what is wrong', () => {
    expect(callsDynamicImport('const s = "import(\n";')).toBe(true);
  });
});
