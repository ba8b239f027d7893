/**
 * Reliability tests (load, kill -9): minutes, not seconds, so not part of `npm test`.
 * `npm run test:reliability` builds first, since they run the built `partsheet serve` as a child process.
 */
const seconds = Number(process.env.RELIABILITY_SECONDS || 60);
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.tsx?$': ['ts-jest', { tsconfig: 'tsconfig.json', diagnostics: false }] },
  testMatch: ['<rootDir>/test/reliability/**/*.test.ts'],
  testTimeout: (seconds + 300) * 1000,
  // One at a time: the load figures must not share the machine with the kill test.
  maxWorkers: 1,
};
