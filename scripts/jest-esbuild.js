'use strict';
/**
 * Jest's transform of TypeScript (and TSX) files: each file compiled on its own by esbuild to CommonJS, types stripped
 * and not checked (`npm test` type-checks every project in its own steps, and every tsconfig sets isolatedModules, so
 * no file needs another to compile). Options: `target` (default es2022) and `jsx` ('automatic', React's JSX runtime,
 * as "jsx": "react-jsx" in tsconfig.addin.json).
 */
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const esbuild = require('esbuild');

const SELF = createHash('sha256').update(readFileSync(__filename)).update(esbuild.version).digest('hex');

function loaderFor(path) {
  if (path.endsWith('.tsx')) return 'tsx';
  if (path.endsWith('.ts') || path.endsWith('.mts') || path.endsWith('.cts')) return 'ts';
  return 'js';
}

function createTransformer(options = {}) {
  const settings = { target: options.target ?? 'es2022', jsx: options.jsx ?? 'automatic' };
  const key = JSON.stringify(settings);
  return {
    canInstrument: false,
    getCacheKey(source, path, transformOptions) {
      return createHash('sha256')
        .update(SELF)
        .update(key)
        .update(transformOptions.configString ?? '')
        .update('\0')
        .update(path)
        .update('\0')
        .update(source)
        .digest('hex');
    },
    process(source, path) {
      const result = esbuild.transformSync(source, {
        loader: loaderFor(path),
        format: 'cjs',
        platform: 'node',
        target: settings.target,
        // import() as a require() in a promise: Jest runs CommonJS, and its VM has no dynamic import without a flag
        // (the pane loads its XLSX writer that way, as a chunk of its own in the bundle).
        supported: { 'dynamic-import': false },
        jsx: settings.jsx,
        sourcefile: path,
        sourcemap: 'external',
        sourcesContent: false,
        // Class fields as the tsconfigs compile them (ES2022 semantics: defined, not assigned).
        tsconfigRaw: { compilerOptions: { useDefineForClassFields: true } },
      });
      return { code: result.code, map: result.map };
    },
  };
}

module.exports = { createTransformer };
