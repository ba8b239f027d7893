#!/usr/bin/env node
'use strict';
/**
 * The whole check: on CI first, that the install left every tracked file as committed (scripts/clean-tree.js;
 * skipped elsewhere); then, side by side, lint, format, typecheck (Node, add-in, components), build (Node and add-in
 * bundle), the bundle's syntax against the oldest engines supported and the installers of Chromium and redis-server
 * (and LibreOffice), and each other Node's preparation; then every
 * jest project (unit, integration, components, e2e), and beside it the end-to-end files that drive Chromium, one at a
 * time, and the files that mostly wait on timers, on this Node and then on each other Node version supported
 * (scripts/other-nodes.js); then the other unit and integration files on each other Node; then, alone, a short
 * reliability run (load and kill -9). Each step's line ends with its wall and processor time and when in the run it
 * started and ended, each jest run with its slowest files; the whole run ends with one summary line, "N passed, N
 * failed"; the exit code is the verdict.
 */
const { spawn } = require('node:child_process');
const { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { availableParallelism, tmpdir } = require('node:os');
const { join } = require('node:path');

const { checkCleanTree, onCi } = require('./clean-tree');
const { suiteCosts } = require('./jest-suite-cost');
const { otherMajors } = require('./other-nodes');
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

/**
 * A type check of one project by TypeScript 7's native compiler (the `typescript7` alias; the `typescript` package,
 * 5.9, stays for the tools that use its API: typescript-eslint, the source tests, the editor), on one thread: beside
 * the other checks on two cores, the threads it would start only cost processor time. Each project's check takes a
 * fifth of the processor time 5.9's took (the three 15 s instead of 72 s).
 */
const tsc = (project) => [
  process.execPath,
  [join(root, 'node_modules', 'typescript7', 'bin', 'tsc'), '-p', project, '--noEmit', '--singleThreaded'],
];

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
  // The other Node versions supported, for their unit and integration runs: each fetched from the npm registry and
  // better-sqlite3's binding built for it, both kept in a cache outside the clone (scripts/other-nodes.js). Early: on a
  // new machine they take half a minute each, mostly the network, and a second later where they are cached.
  ...(process.argv.length <= 2 ? otherMajors() : []).map((major) => [
    [`Node ${major}`, process.execPath, [OTHER_NODES, 'prepare', major]],
  ]),
  // Then the others, the longest first (processor time in a CI run), so that the last to end are short.
  [['lint', bin('eslint'), ['.', '--max-warnings', '0']]],
  // The code is as the formatter writes it (.prettierrc.json: 120 characters a line); `npx prettier --write .` fixes it.
  [['format', bin('prettier'), ['--check', '.', '--log-level', 'warn']]],
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
  [['typecheck', ...tsc('tsconfig.json')]],
  [['typecheck components', ...tsc('test/components/tsconfig.json')]],
  // The add-in (functions/, taskpane/ and the src/ they bundle) against the DOM and Office types.
  [['typecheck add-in', ...tsc('tsconfig.addin.json')]],
  [['build', process.execPath, [join(root, 'scripts', 'build.js')]]],
];

/**
 * Runs one step through scripts/processor-time.js, which tells the processor time the step used (with every process it
 * started): steps run side by side, so this process's own children's total could not say which used what. With `live`
 * the step's output is shown as it comes; otherwise it is kept and printed whole when the step ends, so steps run
 * side by side do not mix their lines. Resolves to whether it passed.
 */
function runStep(name, command, args, { env = {}, live = false } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const chunks = [];
    let processor;
    const shown = [command, ...args].map((a) => a.replace(root + '/', '')).join(' ');
    if (live) process.stdout.write(`\n== ${name}: ${shown}\n`);
    const child = spawn(process.execPath, [PROCESSOR_TIME, command, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
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

async function runChains() {
  const queue = CHAINS.slice();
  const lanes = Array.from({ length: Math.min(queue.length, availableParallelism() + 1) }, async () => {
    for (let chain = queue.shift(); chain; chain = queue.shift()) {
      for (const [name, command, args] of chain) {
        if (await runStep(name, command, args)) passed++;
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
async function jestStep(name, args, { env = {}, jest = [bin('jest')], live = false, show = 5 } = {}) {
  const out = mkdtempSync(join(tmpdir(), 'partsheet-jest-'));
  const report = join(out, 'report.json');
  const costFile = join(out, 'costs.txt');
  const ok = await runStep(name, jest[0], [...jest.slice(1), '--ci', '--json', '--outputFile', report, ...args], {
    env: { ...env, PARTSHEET_SUITE_COST: costFile },
    live,
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
 * Measured alone with one worker on a loaded two-core machine: 12 files, 87 tests, 233 s wall, 44 processor s. The last
 * four wait on the service, Redis or the command line they start for about three quarters of their time (in a
 * fresh-clone run, in the suite: gateway-redis 30 s wall for 7.5 processor s, abuse 17 and 4.6, cli-input-bounds 17
 * and 7.5, gateway-redis-busy 12 and 8).
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
  'gateway-redis',
  'abuse',
  'cli-input-bounds',
  'gateway-redis-busy',
].map((name) => `/test/integration/${name}\\.test\\.ts$`);
/**
 * The end-to-end files that drive the built pane in Chromium: each waits on the browser and the service it started for
 * most of its time (in a fresh-clone run, pane-trust 48 s wall and 17 processor s, workflow 26 and 9, order-record 24
 * and 8, parts-cells 18 and 3: the project's 20 such files some 260 s wall, 90 processor s). Among the suite's files
 * they held one of its two workers while it waited; they run one at a time in a lane of their own beside it. The
 * LibreOffice files compute (the share-safe copies some 20 s wall and processor alone) and stay in the suite.
 */
const BROWSER = ['/test/e2e/(?!share-safe-libreoffice|xlsx-book-libreoffice)[^/]+\\.e2e\\.test\\.ts$'];
/** jest's arguments for the waiting files alone, and for every file but them and the browser's. */
const WAITING_ONLY = ['--testPathPatterns', ...WAITING];
const ALL_BUT_WAITING = ['--testPathIgnorePatterns', ...WAITING, ...BROWSER];

/** The other Node versions supported whose preparation succeeded. */
const preparedMajors = () => otherMajors().filter((major) => !failures.includes(`Node ${major}`));
/** jest's command on another Node: scripts/other-nodes.js, which runs its unit and integration projects. */
const jestOn = (major) => [process.execPath, OTHER_NODES, 'test', major];

/**
 * The files that wait, each Node's in a run of one worker, all Nodes' at once beside the whole suite (their waits
 * overlap; the suite computes between its own). Each run holds about a sixth of a core for some 5 minutes, so the
 * three fit in the suite's time where the cores had room, instead of beside the other Nodes' computing files after it.
 * (One after the other, this Node's first, the other Nodes' ended some 25 s after the suite.)
 */
function waitingRuns() {
  return Promise.all([
    jestStep('waiting tests', ['--maxWorkers=1', '--selectProjects', 'integration', ...WAITING_ONLY]),
    ...preparedMajors().map((major) =>
      jestStep(`waiting tests on Node ${major}`, [...WAITING_ONLY, '--maxWorkers=1'], { jest: jestOn(major) }),
    ),
  ]);
}

/**
 * The other unit and integration files on each other Node, after the whole suite, all Nodes at once with two workers
 * each (three for one Node, one for three Nodes or more): four workers on two cores, so a worker waiting on the service
 * or the command line it started leaves its core to another. With one worker a Node the run was its files one after
 * the other, waits included, and the cores sat partly idle while the longest Node ended.
 */
function otherNodes() {
  const majors = preparedMajors();
  const workers = Math.max(1, Math.min(3, Math.floor(4 / majors.length)));
  return Promise.all(
    majors.map((major) =>
      jestStep(`tests on Node ${major}`, [...ALL_BUT_WAITING, `--maxWorkers=${workers}`], { jest: jestOn(major) }),
    ),
  );
}

async function main() {
  await runChains();
  const whole = process.argv.length <= 2;
  // Two workers on a 2-core machine (jest's default there is one): most test files wait on the processes they start
  // (the service, Chromium, the CLI, redis-server), so a second file runs in that time.
  if (whole)
    await Promise.all([
      jestStep('tests', ['--maxWorkers=2', ...ALL_BUT_WAITING], { live: true, show: 15 }),
      waitingRuns(),
      jestStep('browser tests', ['--maxWorkers=1', '--selectProjects', 'e2e', '--testPathPatterns', ...BROWSER]),
    ]);
  else await jestStep('tests', ['--maxWorkers=2', ...process.argv.slice(2)], { live: true, show: 15 });
  if (whole) await otherNodes();
  // A shorter run of the reliability suite (load with mixed traffic, kill -9 during checkouts) fits in the time;
  // `npm run test:reliability` runs the full 60 s load and four kills. Alone, after the rest: its load figures are
  // measured.
  if (whole) {
    await jestStep('reliability', ['-c', 'jest.reliability.config.js', '--runInBand'], {
      env: {
        RELIABILITY_SECONDS: process.env.RELIABILITY_SECONDS ?? '20',
        RELIABILITY_KILLS: process.env.RELIABILITY_KILLS ?? '2',
      },
      show: 0,
    });
  }

  if (failures.length) process.stdout.write(`\nFailed: ${failures.join(', ')}\n`);
  const cpu = childrenCpuSeconds();
  const used = cpu === undefined ? '' : `, processor ${cpu.toFixed(0)} s`;
  process.stdout.write(`\nwhole run: ${((Date.now() - runStarted) / 1000).toFixed(0)} s${used}\n`);
  process.stdout.write(`\nsummary: ${passed} passed, ${failed} failed\n`);
  process.exit(failures.length ? 1 : 0);
}

main();
