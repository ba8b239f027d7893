/**
 * Unit tests run in isolation; integration tests start the real service over HTTP; component tests render the task
 * pane in jsdom; e2e tests drive real applications: the built pane in Chromium, workbooks in LibreOffice Calc; source
 * tests read the repository's own files (sizes, import rules, requirement sets, the README's map, the pane's words)
 * and run none of its code, so, like the e2e tests, they run on one Node only (scripts/other-nodes.js runs the unit
 * and integration projects on the others).
 */
/**
 * TypeScript is compiled file by file with esbuild (scripts/jest-esbuild.js): types are checked by `npm test`'s
 * typecheck steps, not again in every test worker.
 */
const ESBUILD = '<rootDir>/scripts/jest-esbuild.js';
/**
 * Fastify's app.inject (light-my-request) loads `cookie`, published as an ES module only, which jest's module system
 * on Node 20 cannot require: that one file is compiled to CommonJS, so route tests run without a socket.
 */
const esmDependencies = {
  transform: {
    '^.+/node_modules/cookie/dist/index\\.js$': [ESBUILD, { target: 'es2022' }],
  },
  transformIgnorePatterns: ['/node_modules/(?!cookie/dist/)'],
};
/** Each test file's processor time, noted for `npm test` (scripts/jest-suite-cost.js); nothing unless asked. */
const COST = '<rootDir>/scripts/jest-suite-cost.js';
/**
 * React, Fluent UI and Testing Library as one file, and Fluent's icons each loaded when first used, for the component
 * tests: made once per install by the project's globalSetup, found through moduleNameMapper (scripts/jest-react-bundle.js).
 */
const REACT_BUNDLE = '<rootDir>/scripts/jest-react-bundle.js';
/** Jest's module runtime, compiling a module once per worker where it can (scripts/jest-runtime.js). */
const RUNTIME = '<rootDir>/scripts/jest-runtime.js';
const transform = {
  '^.+\\.tsx?$': [ESBUILD, { target: 'es2022' }],
  ...esmDependencies.transform,
};
module.exports = {
  // Integration tests start real services; a slow shared machine needs more than the 5 s default.
  testTimeout: 60000,
  projects: [
    {
      displayName: 'unit',
      runtime: RUNTIME,
      testEnvironment: 'node',
      transform,
      transformIgnorePatterns: esmDependencies.transformIgnorePatterns,
      setupFilesAfterEnv: [COST],
      testMatch: ['<rootDir>/test/unit/**/*.test.ts'],
    },
    {
      displayName: 'integration',
      runtime: RUNTIME,
      testEnvironment: 'node',
      transform,
      transformIgnorePatterns: esmDependencies.transformIgnorePatterns,
      setupFilesAfterEnv: [COST],
      testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
    },
    {
      // The task pane's React components in jsdom, compiled with JSX and the DOM and Office types.
      displayName: 'components',
      runtime: RUNTIME,
      testEnvironment: 'jsdom',
      globalSetup: REACT_BUNDLE,
      moduleNameMapper: require('./scripts/jest-react-bundle').moduleNameMapper(),
      transform: { '^.+\\.tsx?$': [ESBUILD, { target: 'es2020', jsx: 'automatic' }] },
      setupFiles: ['<rootDir>/test/components/setup.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/components/setup-after-env.ts', COST],
      testMatch: ['<rootDir>/test/components/**/*.test.tsx'],
    },
    {
      // The built task pane in headless Chromium against the running service; the workbooks written, in LibreOffice.
      displayName: 'e2e',
      runtime: RUNTIME,
      // One headless Chromium for the run, each file in contexts of its own (test/e2e/chromium.ts).
      globalSetup: '<rootDir>/test/e2e/chromium-setup.ts',
      globalTeardown: '<rootDir>/test/e2e/chromium-teardown.ts',
      testEnvironment: 'node',
      transform,
      transformIgnorePatterns: esmDependencies.transformIgnorePatterns,
      setupFilesAfterEnv: [COST],
      testMatch: ['<rootDir>/test/e2e/**/*.e2e.test.ts'],
    },
    {
      // The repository's own files read and checked: no product code runs.
      displayName: 'source',
      runtime: RUNTIME,
      testEnvironment: 'node',
      transform,
      transformIgnorePatterns: esmDependencies.transformIgnorePatterns,
      setupFilesAfterEnv: [COST],
      testMatch: ['<rootDir>/test/source/**/*.test.ts'],
    },
  ],
};
