#!/usr/bin/env node
'use strict';
// Benchmarks run the built code, as users do: build first (the same build as npm install's), then run dist/bench.
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');

const root = join(__dirname, '..');
const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.js')], { cwd: root, stdio: 'inherit' });
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
