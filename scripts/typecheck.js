#!/usr/bin/env node
'use strict';
/**
 * The project's type checks, by TypeScript 7's native compiler (the dev dependency `typescript7`, an alias of
 * `typescript@7`; the `typescript` package, 5.9, stays for the tools that use its API: typescript-eslint, the source
 * tests, editors), each on one thread: beside the other checks on two cores, the threads it would start only cost
 * processor time. The three take some 15 processor s where 5.9 took 72. `npm run typecheck` runs them one after the
 * other; `npm test` runs each as a step of its own (scripts/test.js).
 */
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');

const root = join(__dirname, '..');
const TSC = join(root, 'node_modules', 'typescript7', 'bin', 'tsc');

/** Each check's name and project: Node code and tests; the component tests; the add-in against the DOM and Office. */
const TYPE_CHECKS = [
  ['typecheck', 'tsconfig.json'],
  ['typecheck components', 'test/components/tsconfig.json'],
  // The add-in (functions/, taskpane/ and the src/ they bundle) against the DOM and Office types.
  ['typecheck add-in', 'tsconfig.addin.json'],
];

/** The arguments to Node for one project's check. */
const tscArgs = (project) => [TSC, '-p', project, '--noEmit', '--singleThreaded'];

module.exports = { TYPE_CHECKS, tscArgs };

if (require.main === module) {
  let failed = 0;
  for (const [name, project] of TYPE_CHECKS) {
    const r = spawnSync(process.execPath, tscArgs(project), { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) {
      failed++;
      process.stderr.write(`${name}: failed (${project})\n`);
    }
  }
  process.exit(failed ? 1 : 0);
}
