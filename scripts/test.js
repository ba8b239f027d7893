#!/usr/bin/env node
'use strict';
/**
 * The whole check: on CI first, that the install left every tracked file as committed (scripts/clean-tree.js;
 * skipped elsewhere); then, side by side, the builds (Node and add-in bundle), the bundle's syntax against the oldest
 * engines supported, each other Node's preparation and the installers of redis-server, Chromium and LibreOffice; once
 * the builds and redis-server are ready, the unit, integration, components and source projects, and beside them the files that mostly wait on timers (this
 * Node's, then each other Node's) and, once Chromium and LibreOffice are installed, the end-to-end files, one at a
 * time; once the suite and those are done, a short reliability run (load and kill -9) and after it the code checks
 * (lint, format, typecheck of Node, add-in and components), and beside both at a lower priority the other unit and
 * integration files on each other Node.
 * Each step's line ends with its wall and processor time and when in the run it started and ended, each jest run with
 * its slowest files; the whole run ends with one summary line, "N passed, N failed"; the exit code is the verdict.
 */
const { spawn } = require('node:child_process');
const { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { availableParallelism, tmpdir } = require('node:os');
const { join } = require('node:path');

const { checkCleanTree, onCi } = require('./clean-tree');
const { suiteCosts } = require('./jest-suite-cost');
const { otherMajors } = require('./other-nodes');
const { TYPE_CHECKS, tscArgs } = require('./typecheck');
const { childrenCpuSeconds } = require('./processor-time');

const root = join(__dirname, '..');
const OTHER_NODES = join(__dirname, 'other-nodes.js');
const PROCESSOR_TIME = join(__dirname, 'processor-time.js');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const runStarted = Date.now();
let passed = 0;
let failed = 0;
const failures = [];

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

/** The other Nodes prepared and tested in a whole run (a run given test paths tests its own Node only). */
const OTHER_MAJORS = process.argv.length <= 2 ? otherMajors() : [];
/** Each other Node's preparation, which only that Node's runs wait for. */
const NODE_PREPARATIONS = OTHER_MAJORS.map((major) => `Node ${major}`);

/**
 * What the tests need first, as chains run side by side (one more than the cores: the installers mostly wait on the
 * network): each chain's steps run in order, and a step's output is printed whole when it ends.
 */
const CHAINS = [
  // The builds first: the suite waits for them, and they compute where the chains after them mostly wait on the network
  // (queued behind those on a new machine, they started after the installs, 200 s into the run).
  // The production bundle Excel loads (dist/addin): a broken bundle or bad function metadata fails here; then every
  // shipped script parses on the oldest engines supported (scripts/engines.js), dependencies included. The build
  // notes the sources it was made from, so the end-to-end and functions tests below use it rather than build again.
  // On CI, a fresh clone, webpack's cache is neither read (there is none) nor written (no later build would read it).
  [
    [
      'build add-in',
      process.execPath,
      [join(root, 'scripts', 'addin-sources.js'), 'build', ...(onCi(process.env) ? ['--no-cache'] : [])],
    ],
    ['bundle syntax', process.execPath, [join(root, 'scripts', 'check-bundle.js'), join(root, 'dist', 'addin')]],
  ],
  [['build', process.execPath, [join(root, 'scripts', 'build.js')]]],
  // The tests of instances sharing a Redis start Debian's redis-server, and the end-to-end tests drive the built task
  // pane in Debian's Chromium: each installed here when missing (one after the other: apt-get holds a lock), redis
  // first, as the suite waits for it; Chromium and LibreOffice go on installing beside the suite (see main).
  [
    ['redis', 'sh', [join(root, 'scripts', 'ensure-redis.sh')]],
    ['chromium', 'sh', [join(root, 'scripts', 'ensure-chromium.sh')]],
    // LibreOffice Calc opens the share-safe copy of a priced BOM and recalculates it; when it cannot be installed the
    // step says so and passes, and those tests are skipped with the reason.
    ['libreoffice', 'sh', [join(root, 'scripts', 'ensure-libreoffice.sh')]],
  ],
  // The other Node versions supported, for their unit and integration runs: each fetched from the npm registry and
  // better-sqlite3's binding built for it, both kept in a cache outside the clone (scripts/other-nodes.js). On a new
  // machine they take half a minute each, mostly the network, and a second later where they are cached; only those
  // Nodes' own runs wait for them, the suite does not; at niceness 10, since where the install kept no SQLite library a
  // preparation compiles the whole package beside the suite.
  ...OTHER_MAJORS.map((major) => [
    [`Node ${major}`, process.execPath, [OTHER_NODES, 'prepare', major], { niceness: 10 }],
  ]),
];

/**
 * The checks of the code that no test needs first: lint, format and the type checks (scripts/typecheck.js), the
 * longest first (processor time in a CI run). In a whole run they run once the suite and the reliability run have
 * ended, in two chains beside the other Nodes' files (before the suite they held it back some 30 s; at niceness 19 from
 * the start they got nothing of the cores until the suite ended, and then trailed the other Nodes' files); a run given
 * test paths runs them first, each a chain of its own, as the other checks.
 */
const CHECKS = [
  ['lint', bin('eslint'), ['.', '--max-warnings', '0']],
  // The code is as the formatter writes it (.prettierrc.json: 120 characters a line); `npx prettier --write .` fixes it.
  ['format', bin('prettier'), ['--check', '.', '--log-level', 'warn']],
  ...TYPE_CHECKS.map(([name, project]) => [name, process.execPath, tscArgs(project)]),
];

/**
 * Runs one step through scripts/processor-time.js, which tells the processor time the step used (with every process it
 * started): steps run side by side, so this process's own children's total could not say which used what. With `live`
 * the step's output is shown as it comes; otherwise it is kept and printed whole when the step ends, so steps run
 * side by side do not mix their lines. Resolves to whether it passed.
 */
function runStep(name, command, args, { env = {}, live = false, niceness = 0 } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const chunks = [];
    let processor;
    const shown = [command, ...args].map((a) => a.replace(root + '/', '')).join(' ');
    if (live) process.stdout.write(`\n== ${name}: ${shown}\n`);
    const child = spawn(process.execPath, [PROCESSOR_TIME, command, ...args], {
      cwd: root,
      env: { ...process.env, ...env, ...(niceness ? { PARTSHEET_STEP_NICENESS: String(niceness) } : {}) },
      stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe', 'ipc'],
    });
    child.stdout?.on('data', (c) => chunks.push(c));
    child.stderr?.on('data', (c) => chunks.push(c));
    child.on('message', (m) => (processor = m.processorSeconds));
    let done = false;
    const finish = (ok, extra = '') => {
      if (done) return;
      done = true;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const cpu = processor === undefined ? '' : `, processor ${processor.toFixed(1)} s`;
      const head = live ? '' : `\n== ${name}: ${shown}\n${Buffer.concat(chunks).toString()}`;
      const span = `from ${((started - runStarted) / 1000).toFixed(0)} s to ${((Date.now() - runStarted) / 1000).toFixed(0)} s`;
      process.stdout.write(`${head}${extra}== ${name}: ${ok ? 'ok' : 'FAILED'} (${seconds} s${cpu}; ${span})\n`);
      resolve(ok);
    };
    child.on('error', (e) => finish(false, `${e.message}\n`));
    child.on('close', (code) => finish(code === 0));
  });
}

/** The installers that the tests outside the end-to-end lane do not need: they go on beside the suite. */
const END_TO_END_INSTALLS = ['chromium', 'libreoffice'];

/** Each chain step's end (passed, failed, or not run after a failed step before it), by the step's name. */
const stepEnds = new Map(
  [...CHAINS.flat(), ...CHECKS].map(([name]) => {
    let resolve;
    const promise = new Promise((r) => (resolve = r));
    return [name, { promise, resolve }];
  }),
);
const ended = (name) => stepEnds.get(name).promise;

/** Runs the chains given side by side, at most one more at once than the cores. */
async function runChains(chains) {
  const queue = chains.slice();
  const lanes = Array.from({ length: Math.min(queue.length, availableParallelism() + 1) }, async () => {
    for (let chain = queue.shift(); chain; chain = queue.shift()) {
      let ok = true;
      for (const [name, command, args, options] of chain) {
        if (ok && (await runStep(name, command, args, options))) passed++;
        else if (ok) {
          ok = false; // the chain's later steps need this one
          failed++;
          failures.push(name);
        }
        stepEnds.get(name).resolve();
      }
    }
  });
  await Promise.all(lanes);
}

/**
 * The `count` test files that took longest, from jest's report and the processor times scripts/jest-suite-cost.js
 * noted: one line each, wall and processor seconds, so what makes the run long is in its output.
 */
function slowest(report, costFile, count) {
  let costs = new Map();
  try {
    costs = suiteCosts(readFileSync(costFile, 'utf8'));
  } catch {
    // No processor times (off Linux): the wall times alone.
  }
  const files = report.testResults
    .map((t) => ({ name: t.name, wall: (t.endTime - t.startTime) / 1000, cpu: costs.get(t.name) }))
    .sort((a, b) => b.wall - a.wall)
    .slice(0, count);
  const rel = (name) => name.replace(/^.*?\/test\//, 'test/');
  const lines = files.map(
    (f) =>
      `  ${f.wall.toFixed(1).padStart(6)} s${f.cpu === undefined ? '' : `, processor ${f.cpu.toFixed(1).padStart(5)} s`}  ${rel(f.name)}\n`,
  );
  const known = [...costs.values()];
  const total = known.length
    ? ` (processor of all ${known.length} files: ${known.reduce((a, b) => a + b, 0).toFixed(0)} s)`
    : '';
  return `slowest files, wall${known.length ? ' and processor' : ''}${total}:\n${lines.join('')}`;
}

/**
 * With PARTSHEET_TEST_REPORTS naming a folder, each jest step's report and processor times are kept there as
 * `<step>.json` and `<step>.costs` (every file's wall and processor time, for working out where a run's time goes).
 */
function keepReports(name, report, costFile) {
  const dir = process.env.PARTSHEET_TEST_REPORTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const base = join(dir, name.replace(/[^\w.-]+/g, '-'));
  if (existsSync(report)) copyFileSync(report, `${base}.json`);
  if (existsSync(costFile)) copyFileSync(costFile, `${base}.costs`);
}

/**
 * Runs jest with the given arguments and adds its test counts to the summary; `jest` is the command and its first
 * arguments (jest itself, or scripts/other-nodes.js running it on another Node). `show` is how many of the slowest
 * files to list after it.
 */
async function jestStep(name, args, { env = {}, jest = [bin('jest')], live = false, show = 5, niceness = 0 } = {}) {
  const out = mkdtempSync(join(tmpdir(), 'partsheet-jest-'));
  const report = join(out, 'report.json');
  const costFile = join(out, 'costs.txt');
  const ok = await runStep(name, jest[0], [...jest.slice(1), '--ci', '--json', '--outputFile', report, ...args], {
    env: { ...env, PARTSHEET_SUITE_COST: costFile },
    live,
    niceness,
  });
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
    if (show > 0) process.stdout.write(`${name}: ${slowest(r, costFile, show)}`);
  } catch {
    failed++;
    failures.push(`${name} (no report)`);
  }
  if (!ok && !failures.some((f) => f.startsWith(name))) failures.push(name);
  keepReports(name, report, costFile);
  rmSync(out, { recursive: true, force: true });
}

/**
 * The test files that mostly wait on timers (a gateway held by a slow upstream or a slow Redis, refill windows,
 * Retry-After gates): each spends a few processor seconds over 10 to 40 s of wall time. Run among the other files they
 * held a worker while a core sat idle; they run in a lane of their own beside the rest instead, one file at a time.
 * Measured alone with one worker on a loaded two-core machine: 12 files, 87 tests, 233 s wall, 44 processor s.
 */
const WAITING = [
  'gateway-redis-refusals',
  'gateway-abuse-refusals',
  'gateway-redis-tenants',
  'gateway-abuse-flow',
  'gateway-redis-slow',
  'gateway-abuse-answers',
  'gateway-abuse-connections',
  'gateway-redis-race',
  'bench-team',
  'gateway-abuse-lanes',
  'gateway',
  'production-like',
].map((name) => `/test/integration/${name}\\.test\\.ts$`);
/**
 * The end-to-end files, which drive the built pane in Chromium or open workbooks in LibreOffice Calc: the browser's
 * wait on the browser and the service they started for most of their time (in a fresh-clone run, pane-trust 48 s wall
 * and 17 processor s, workflow 26 and 9, order-record 24 and 8, parts-cells 18 and 3: the project's 20 such files some
 * 260 s wall, 90 processor s). Among the suite's files they held one of its two workers while they waited; they run
 * one at a time in a lane of their own beside it, once Chromium and LibreOffice are installed, so that the suite need
 * not wait for those installs.
 */
const END_TO_END = ['/test/e2e/'];
/** jest's arguments for the waiting files alone, and for every file but them and the end-to-end ones. */
const WAITING_ONLY = ['--testPathPatterns', ...WAITING];
const ALL_BUT_WAITING = ['--testPathIgnorePatterns', ...WAITING, ...END_TO_END];

/** The other Node versions supported whose preparation succeeded, once every preparation has ended. */
async function preparedMajors() {
  await Promise.all(NODE_PREPARATIONS.map(ended));
  return OTHER_MAJORS.filter((major) => !failures.includes(`Node ${major}`));
}
/** jest's command on another Node: scripts/other-nodes.js, which runs its unit and integration projects. */
const jestOn = (major) => [process.execPath, OTHER_NODES, 'test', major];

/**
 * The files that wait on timers, each Node's in a run of one worker, beside the whole suite: this Node's first, then
 * the other Nodes' together (their waits overlap; the suite computes between its own). Each run holds about a sixth of
 * a core for 4 minutes, so the three fit in the suite's time where the cores had room, instead of beside the other
 * Nodes' computing files after it. (All three at once, with four more files that mostly wait, slowed the suite by a
 * fifth: 647 s instead of 531, 639 processor s instead of 544, and a timed Redis test failed.)
 */
async function waitingRuns() {
  await jestStep('waiting tests', ['--maxWorkers=1', '--selectProjects', 'integration', ...WAITING_ONLY]);
  await Promise.all(
    (await preparedMajors()).map((major) =>
      jestStep(`waiting tests on Node ${major}`, [...WAITING_ONLY, '--maxWorkers=1'], { jest: jestOn(major) }),
    ),
  );
}

/**
 * The other unit and integration files on each other Node, after the whole suite, all Nodes at once with two workers
 * each (three for one Node, one for three Nodes or more): four workers on two cores, so a worker waiting on the service
 * or the command line it started leaves its core to another. With one worker a Node the run was its files one after
 * the other, waits included, and the cores sat partly idle while the longest Node ended. They start with the short
 * reliability run, at niceness 10, and go on beside the code checks after it: the load test and the checks are served
 * first, and these files take the rest (after them, the cores sat a third idle for their minute).
 */
async function otherNodes() {
  const majors = await preparedMajors();
  const workers = Math.max(1, Math.min(3, Math.floor(4 / majors.length)));
  return Promise.all(
    majors.map((major) =>
      jestStep(`tests on Node ${major}`, [...ALL_BUT_WAITING, `--maxWorkers=${workers}`], {
        jest: jestOn(major),
        niceness: 10,
      }),
    ),
  );
}

/**
 * A shorter run of the reliability suite (load with mixed traffic, kill -9 during checkouts) than `npm run
 * test:reliability`'s full 60 s load and four kills. Its checks are of answers and stored orders and that no request
 * waits 10 s, not of speed; the load figures it prints are measured beside the other Nodes' files (the full run
 * measures them alone).
 */
function reliability() {
  return jestStep('reliability', ['-c', 'jest.reliability.config.js', '--runInBand'], {
    env: {
      RELIABILITY_SECONDS: process.env.RELIABILITY_SECONDS ?? '20',
      RELIABILITY_KILLS: process.env.RELIABILITY_KILLS ?? '2',
    },
    show: 0,
  });
}

async function main() {
  const whole = process.argv.length <= 2;
  const chains = runChains(whole ? CHAINS : [...CHAINS, ...CHECKS.map((step) => [step])]);
  // Two workers on a 2-core machine (jest's default there is one): most test files wait on the processes they start
  // (the service, the CLI, redis-server), so a second file runs in that time. The suite and the waiting lanes start
  // once the builds and redis-server are ready (each other Node's runs once its preparation has ended too); the
  // end-to-end lane once Chromium and LibreOffice are installed too (on a new machine 90 to 210 s of one lane, mostly
  // apt-get's downloads).
  let checks = Promise.resolve();
  if (whole) {
    const later = [...END_TO_END_INSTALLS, ...NODE_PREPARATIONS];
    const first = CHAINS.flat().filter(([name]) => !later.includes(name));
    await Promise.all(first.map(([name]) => ended(name)));
    const suite = jestStep('tests', ['--maxWorkers=2', ...ALL_BUT_WAITING], { live: true, show: 15 });
    const endToEnd = Promise.all(END_TO_END_INSTALLS.map(ended)).then(() =>
      jestStep('end-to-end tests', ['--maxWorkers=1', '--selectProjects', 'e2e', '--testPathPatterns', ...END_TO_END]),
    );
    // Once the suite and the end-to-end lane are done, while the other Nodes' waiting files end: the reliability run,
    // then the code checks in two lanes (lint; format and the type checks: about as long), and beside them all, at a
    // lower priority, the other Nodes' computing files (otherNodes), which took the run's last minutes after them
    // before. The checks wait for the reliability run: beside it they took half the cores its service had, and one
    // run's list searches, 16 connections queued on one service, waited past the load test's 10 s bound.
    const afterSuite = Promise.all([suite, endToEnd]);
    const loaded = afterSuite.then(reliability);
    checks = loaded.then(() => runChains([CHECKS.slice(0, 1), CHECKS.slice(1)]));
    await Promise.all([loaded, afterSuite.then(otherNodes), waitingRuns()]);
  } else {
    await chains;
    await jestStep('tests', ['--maxWorkers=2', ...process.argv.slice(2)], { live: true, show: 15 });
  }
  await Promise.all([chains, checks]);

  if (failures.length) process.stdout.write(`\nFailed: ${failures.join(', ')}\n`);
  const cpu = childrenCpuSeconds();
  const used = cpu === undefined ? '' : `, processor ${cpu.toFixed(0)} s`;
  process.stdout.write(`\nwhole run: ${((Date.now() - runStarted) / 1000).toFixed(0)} s${used}\n`);
  process.stdout.write(`\nsummary: ${passed} passed, ${failed} failed\n`);
  process.exit(failures.length ? 1 : 0);
}

main();
