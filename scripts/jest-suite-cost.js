'use strict';
/**
 * The processor time of each test file, for `npm test`'s list of the costliest files: loaded after the test framework
 * (jest's setupFilesAfterEnv) when PARTSHEET_SUITE_COST names a file, it appends one line per event of the worker,
 * `pid start|end file seconds`, where seconds is the worker's processor time so far with that of its children that
 * have ended (the service, the CLI, Chromium: Linux's /proc/self/stat). A file's cost is from its start to the next
 * start in the same worker (its children end in its last hooks), or to its own end when it is the worker's last;
 * scripts/test.js reads the lines (suiteCosts). Without the variable, or off Linux, it does nothing.
 */
/* global expect, afterAll -- jest's, in the test files' sandbox */
const { appendFileSync, readFileSync } = require('node:fs');

const target = process.env.PARTSHEET_SUITE_COST;

/** This process's processor seconds with its ended children's, or undefined off Linux. */
function cpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the command's name, field 3 is the state: utime, stime, cutime, cstime (fields 14 to 17) are at 11 to 14.
    return fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) / 100;
  } catch {
    return undefined;
  }
}

function mark(event) {
  const seconds = cpuSeconds();
  const file = expect.getState().testPath;
  if (seconds === undefined || !file) return;
  appendFileSync(target, `${process.pid} ${event} ${file} ${seconds}\n`);
}

if (target && typeof afterAll === 'function') {
  mark('start');
  afterAll(() => mark('end'));
}

/**
 * Processor seconds per test file from the lines written above: the path of the file → seconds. A file with a start
 * and no later line (its worker ended first) is left out.
 */
function suiteCosts(text) {
  const byWorker = new Map();
  for (const line of text.split('\n')) {
    const m = /^(\d+) (start|end) (.+) ([\d.]+)$/.exec(line);
    if (!m) continue;
    const events = byWorker.get(m[1]) ?? [];
    events.push({ event: m[2], file: m[3], seconds: Number(m[4]) });
    byWorker.set(m[1], events);
  }
  const costs = new Map();
  for (const events of byWorker.values()) {
    events.forEach((e, i) => {
      if (e.event !== 'start') return;
      const nextStart = events.slice(i + 1).find((n) => n.event === 'start');
      const ownEnd = events.slice(i + 1).find((n) => n.event === 'end' && n.file === e.file);
      const until = nextStart ?? ownEnd;
      if (until) costs.set(e.file, until.seconds - e.seconds);
    });
  }
  return costs;
}

module.exports = { suiteCosts };
