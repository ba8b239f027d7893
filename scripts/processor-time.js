#!/usr/bin/env node
'use strict';
/**
 * Runs one command and tells the process that started it (over Node's IPC channel, when there is one) the processor
 * seconds the command used with all its descendants it waited for: `npm test` runs steps side by side, and its own
 * children's total could not say which step used what.
 *
 *   node scripts/processor-time.js COMMAND [ARGS…]    exits as COMMAND exits (1 if it was killed)
 *
 * With `PARTSHEET_STEP_NICENESS` set (0 to 19), the command and everything it starts run at that niceness: a step run
 * beside others (the other Nodes' test files beside the load test) takes what they leave of the cores.
 */
const { spawnSync } = require('node:child_process');
const { readFileSync } = require('node:fs');
const { setPriority } = require('node:os');

/**
 * The processor time, in seconds, used by this process's children that have ended (and by theirs, as each was waited
 * for): Linux's /proc/self/stat, undefined elsewhere.
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

function main() {
  const [command, ...args] = process.argv.slice(2);
  const { PARTSHEET_STEP_NICENESS: niceness, ...env } = process.env;
  // Set on this process before the command starts, so that the command and its children inherit it.
  if (niceness) setPriority(Number(niceness));
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.error) process.stderr.write(`${command}: ${result.error.message}\n`);
  const code = result.status ?? 1;
  if (!process.send) process.exit(code);
  process.send({ processorSeconds: childrenCpuSeconds() }, () => process.exit(code));
}

if (require.main === module) main();
module.exports = { childrenCpuSeconds };
