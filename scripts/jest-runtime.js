'use strict';
/**
 * Jest's module runtime, with one change: a module whose code calls no dynamic `import(` is compiled without a dynamic
 * import callback. Jest gives every module one (a closure of its own), and on Node 20 V8 keys its compilation cache by
 * it, so each test file compiled every module it loads afresh: a worker running 70 files compiled `src/` 70 times
 * (on Node 20, 9 % of the unit project's processor time in `node:internal/vm`, against 1 % on Node 24). Compiled as a
 * script (`vm.Script`, the module wrapped in a function as Node wraps it) without a callback, it gets Node's default
 * one, which V8's cache can share, so a module already compiled in the worker is compiled once (`vm.compileFunction`,
 * which jest uses, found no cached compile on Node 20 even without a callback). TypeScript reaches jest with `import()` already made a `require` in a promise
 * (scripts/jest-esbuild.js), so only a package's own code can still hold one, and that code is compiled as jest does.
 * Whether code calls `import(` is told by its tokens, not its text: the component tests' React bundle
 * (scripts/jest-react-bundle.js) has `import(` only inside a message of React's, and taken for a call by the text it was
 * compiled afresh in every component test file (7.5 MB; some 6 of the components project's 146 processor s).
 */
const { Script } = require('node:vm');
const { tokenizer } = require('acorn');
const Runtime = require('jest-runtime').default;

/** Whether the code's tokens hold `import` followed by `(`; unreadable code counts as calling it (jest's path then). */
function callsDynamicImport(source) {
  if (!source.includes('import(') && !/\bimport\s+\(/.test(source)) return false;
  try {
    let previous;
    for (const token of tokenizer(source, {
      ecmaVersion: 'latest',
      allowHashBang: true,
      allowReturnOutsideFunction: true,
    })) {
      if (previous?.type.keyword === 'import' && token.type.label === '(') return true;
      previous = token;
    }
    return false;
  } catch {
    return true;
  }
}

/** The answer for each module's code in this worker, by file and length (a module's code is the same in every file). */
const dynamicImports = new Map();
function dynamicImportIn(source, filename) {
  const key = `${filename}\0${source.length}`;
  let calls = dynamicImports.get(key);
  if (calls === undefined) dynamicImports.set(key, (calls = callsDynamicImport(source)));
  return calls;
}

class SharedCompileRuntime extends Runtime {
  constructor(...args) {
    super(...args);
    const executor = this.executor;
    const jestCompile = executor.compile.bind(executor);
    executor.compile = (scriptSource, filename) => {
      if (executor.resolution.isCoreModule(filename) || dynamicImportIn(scriptSource, filename))
        return jestCompile(scriptSource, filename);
      const vmContext = executor.environment.getVmContext();
      if (vmContext == null) return null;
      try {
        const wrapped = `(function (${executor.injectedModuleParameters.join(', ')}) {${scriptSource}\n})`;
        return new Script(wrapped, { filename }).runInContext(vmContext);
      } catch {
        // Jest's own path says what is wrong with the code (an ES module, a syntax error) in its own words.
        return jestCompile(scriptSource, filename);
      }
    };
  }
}

module.exports = SharedCompileRuntime;
module.exports.callsDynamicImport = callsDynamicImport;
