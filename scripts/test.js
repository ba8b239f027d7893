#!/usr/bin/env node
'use strict';
/**
 * The whole check: on CI first, that the install left every tracked file as committed (scripts/clean-tree.js;
 * skipped elsewhere); then, side by side, typecheck (Node, add-in, components), lint, format, build (Node and add-in bundle),
 * the bundle's syntax against the oldest engines supported and the installers of Chromium and redis-server; then every
 * jest project (unit, integration, components, e2e), then a short reliability run (load and kill -9), then the unit and
 * integration projects on each other Node version supported (scripts/other-nodes.js).
 * Ends with one summary line, "N passed, N failed"; the exit code is the verdict.
 */
const { spawn, spawnSync } = require('node:child_process');
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { availableParallelism, tmpdir } = require('node:os');
const { join } = require('node:path');

const { checkCleanTree } = require('./clean-tree');
const { otherMajors } = require('./other-nodes');

const root = join(__dirname, '..');
const OTHER_NODES = join(__dirname, 'other-nodes.js');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const runStarted = Date.now();
let passed = 0;
let failed = 0;
const failures = [];

/**
 * The processor time, in seconds, used by this process's children that have ended (and by theirs, as each was waited
 * for): Linux's /proc/self/stat, undefined elsewhere. Beside a step's wall time it tells whether the step kept the
 * cores busy or waited (on Chromium, a service, a timer), which is what choosing the number of jest workers needs.
 */
function childrenCpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the command's name: field 3 is the state, so cutime and cstime (fields 16 and 17) are at 13 and 14.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

function step(name, command, args, extraEnv = {}) {
  const started = Date.now();
  const cpuBefore = childrenCpuSeconds();
  process.stdout.write(`\n== ${name}: ${[command, ...args].map((a) => a.replace(root + '/', '')).join(' ')}\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const cpuAfter = childrenCpuSeconds();
  const cpu =
    cpuBefore === undefined || cpuAfter === undefined ? '' : `, processor ${(cpuAfter - cpuBefore).toFixed(1)} s`;
  const ok = result.status === 0;
  process.stdout.write(`== ${name}: ${ok ? 'ok' : 'FAILED'} (${seconds} s${cpu})\n`);
  return ok;
}

// First, and alone: when the install changed tracked files, what the steps below would check is not the commit.
const tree = checkCleanTree({ cwd: root });
if (tree.verdict !== 'skip') {
  const ok = tree.verdict === 'clean';
  process.stdout.write(`\n== clean tree: ${ok ? 'ok' : 'FAILED'}: ${tree.message}\n`);
  if (!ok) {
    process.stdout.write('\nFailed: clean tree\n\nsummary: 0 passed, 1 failed\n');
    process.exit(1);
  }
  passed++;
}

/**
 * The checks before the tests, as chains run side by side (one more than the cores: the installers mostly wait on the
 * network): each chain's steps run in order, and a step's output is printed whole when it ends.
 */
const CHAINS = [
  // The end-to-end tests drive the built task pane in Debian's Chromium, and the tests of instances sharing a Redis
  // start Debian's redis-server: each installed here when missing (one after the other: apt-get holds a lock).
  [
    ['chromium', 'sh', [join(root, 'scripts', 'ensure-chromium.sh')]],
    ['redis', 'sh', [join(root, 'scripts', 'ensure-redis.sh')]],
    // LibreOffice Calc opens the share-safe copy of a priced BOM and recalculates it; when it cannot be installed the
    // step says so and passes, and that one test is skipped with the reason.
    ['libreoffice', 'sh', [join(root, 'scripts', 'ensure-libreoffice.sh')]],
  ],
  [['typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']]],
  // The production bundle Excel loads (dist/addin): a broken bundle or bad function metadata fails here; then every
  // shipped script parses on the oldest engines supported (scripts/engines.js), dependencies included. The build
  // notes the sources it was made from, so the end-to-end and functions tests below use it rather than build again.
  [
    ['build add-in', process.execPath, [join(root, 'scripts', 'addin-sources.js'), 'build']],
    ['bundle syntax', process.execPath, [join(root, 'scripts', 'check-bundle.js'), join(root, 'dist', 'addin')]],
  ],
  // The add-in (functions/, taskpane/ and the src/ they bundle) against the DOM and Office types.
  [['typecheck add-in', bin('tsc'), ['-p', 'tsconfig.addin.json', '--noEmit']]],
  [['typecheck components', bin('tsc'), ['-p', 'test/components/tsconfig.json', '--noEmit']]],
  [['lint', bin('eslint'), ['.', '--max-warnings', '0']]],
  // The code is as the formatter writes it (.prettierrc.json: 120 characters a line); `npx prettier --write .` fixes it.
  [['format', bin('prettier'), ['--check', '.', '--log-level', 'warn']]],
  [['build', process.execPath, [join(root, 'scripts', 'build.js')]]],
  // The other Node versions supported, for their unit and integration runs after the whole suite: each fetched from the
  // npm registry and better-sqlite3 built for it, both kept in a cache outside the clone (scripts/other-nodes.js).
  ...(process.argv.length <= 2 ? otherMajors() : []).map((major) => [
    [`Node ${major}`, process.execPath, [OTHER_NODES, 'prepare', major]],
  ]),
];

/** Runs one step with its output kept, then prints it; resolves to whether it passed. */
function stepQuietly(name, command, args) {
  return new Promise((resolve) => {
    const started = Date.now();
    const chunks = [];
    const child = spawn(command, args, { cwd: root, env: process.env });
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    const finish = (ok, extra = '') => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const shown = [command, ...args].map((a) => a.replace(root + '/', '')).join(' ');
      process.stdout.write(
        `\n== ${name}: ${shown}\n${Buffer.concat(chunks).toString()}${extra}== ${name}: ${ok ? 'ok' : 'FAILED'} (${seconds} s)\n`,
      );
      resolve(ok);
    };
    child.on('error', (e) => finish(false, `${e.message}\n`));
    child.on('close', (code) => finish(code === 0));
  });
}

async function runChains() {
  const queue = CHAINS.slice();
  const lanes = Array.from({ length: Math.min(queue.length, availableParallelism() + 1) }, async () => {
    for (let chain = queue.shift(); chain; chain = queue.shift()) {
      for (const [name, command, args] of chain) {
        if (await stepQuietly(name, command, args)) passed++;
        else {
          failed++;
          failures.push(name);
          break; // the chain's later steps need this one
        }
      }
    }
  });
  await Promise.all(lanes);
}

/**
 * Runs jest with the given arguments and adds its test counts to the summary; `jest` is the command and its first
 * arguments (jest itself, or scripts/other-nodes.js running it on another Node).
 */
function jestStep(name, args, env = {}, jest = [bin('jest')]) {
  const out = mkdtempSync(join(tmpdir(), 'partsheet-jest-'));
  const report = join(out, 'report.json');
  const ok = step(name, jest[0], [...jest.slice(1), '--ci', '--json', '--outputFile', report, ...args], env);
  try {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    if (r.numFailedTests > 0 || r.numRuntimeErrorTestSuites > 0) failures.push(name);
    if (r.numRuntimeErrorTestSuites > 0) failed += r.numRuntimeErrorTestSuites;
    if (r.numTotalTests === 0) {
      failed++;
      failures.push(`${name}: no tests ran`);
    }
  } catch {
    failed++;
    failures.push(`${name} (no report)`);
  }
  if (!ok && !failures.some((f) => f.startsWith(name))) failures.push(name);
  rmSync(out, { recursive: true, force: true });
}

runChains().then(() => {
  // Two workers even on a 2-core machine (jest's default there is one): most test files wait on the processes they start
  // (the service, Chromium, the CLI, redis-server), so a second file runs in that time.
  jestStep('tests', ['--maxWorkers=2', ...process.argv.slice(2)]);
  // A shorter run of the reliability suite (load with mixed traffic, kill -9 during checkouts) fits in the time;
  // `npm run test:reliability` runs the full 60 s load and four kills.
  if (process.argv.length <= 2) {
    jestStep('reliability', ['-c', 'jest.reliability.config.js', '--runInBand'], {
      RELIABILITY_SECONDS: process.env.RELIABILITY_SECONDS ?? '20',
      RELIABILITY_KILLS: process.env.RELIABILITY_KILLS ?? '2',
    });
    // The unit and integration projects on each other Node supported whose preparation above succeeded.
    for (const major of otherMajors()) {
      if (failures.includes(`Node ${major}`)) continue;
      jestStep(`tests on Node ${major}`, ['--maxWorkers=2'], {}, [process.execPath, OTHER_NODES, 'test', major]);
    }
  }

  if (failures.length) process.stdout.write(`\nFailed: ${failures.join(', ')}\n`);
  const cpu = childrenCpuSeconds();
  const used = cpu === undefined ? '' : `, processor ${cpu.toFixed(0)} s`;
  process.stdout.write(`\nwhole run: ${((Date.now() - runStarted) / 1000).toFixed(0)} s${used}\n`);
  process.stdout.write(`\nsummary: ${passed} passed, ${failed} failed\n`);
  process.exit(failures.length ? 1 : 0);
});
