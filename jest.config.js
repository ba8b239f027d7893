/** Two projects: unit tests run in isolation; integration tests start the real service over HTTP. */
const transform = { '^.+\\.tsx?$': ['ts-jest', { tsconfig: 'tsconfig.json', diagnostics: false }] };
module.exports = {
  // Integration tests start real services; a slow shared machine needs more than the 5 s default.
  testTimeout: 60000,
  projects: [
    { displayName: 'unit', testEnvironment: 'node', transform, testMatch: ['<rootDir>/test/unit/**/*.test.ts'] },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
    },
  ],
};
