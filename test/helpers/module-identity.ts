/** What a module loaded by the test runner is given (test/unit/jest-runtime.test.ts). */
export function requireIdentity() {
  return {
    filename: __filename,
    dirname: __dirname,
    sameModule: module.filename === __filename && typeof exports === 'object',
    requireResolves: typeof require.resolve('./module-identity') === 'string',
    jestGiven: typeof jest === 'object' && typeof jest.fn === 'function',
  };
}
