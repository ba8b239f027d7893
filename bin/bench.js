#!/usr/bin/env node
'use strict';
// Benchmarks run the built code, as users do: build first, then run dist/bench.
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');

const root = join(__dirname, '..');
const build = spawnSync(join(root, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.build.json'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);
require(join(root, 'dist', 'bench', 'index.js'))
  .runBenchmarks(process.argv.slice(2))
  .then(
    (code) => process.exit(code),
    (err) => {
      process.stderr.write(`bench: ${err && err.message ? err.message : err}\n`);
      process.exit(1);
    },
  );
