/**
 * Reliability tests (load, kill -9). `npm test` runs them short (20 s of load, two kills) after its build;
 * `npm run test:reliability` builds first and runs them in full, since they run the built `partsheet serve`.
 */
const seconds = Number(process.env.RELIABILITY_SECONDS || 60);
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.tsx?$': ['<rootDir>/scripts/jest-esbuild.js', { target: 'es2022' }] },
  testMatch: ['<rootDir>/test/reliability/**/*.test.ts'],
  testTimeout: (seconds + 300) * 1000,
  // One at a time: the load figures must not share the machine with the kill test.
  maxWorkers: 1,
};
