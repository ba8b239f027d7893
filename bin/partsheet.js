#!/usr/bin/env node
'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const entry = join(__dirname, '..', 'dist', 'cli', 'main.js');
if (!existsSync(entry)) {
  process.stderr.write(
    'partsheet: not built yet; run `npm install` (it builds) or `npm run build` in the repository.\n',
  );
  process.exit(2);
}
require(entry)
  .main(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  });
