'use strict';
/**
 * Jest's module runtime, with one change: a module whose code has no dynamic `import(` is compiled without a dynamic
 * import callback. Jest gives every module one (a closure of its own), and on Node 20 V8 keys its compilation cache by
 * it, so each test file compiled every module it loads afresh: a worker running 70 files compiled `src/` 70 times
 * (on Node 20, 9 % of the unit project's processor time in `node:internal/vm`, against 1 % on Node 24). Compiled as a
 * script (`vm.Script`, the module wrapped in a function as Node wraps it) without a callback, it gets Node's default
 * one, which V8's cache can share, so a module already compiled in the worker is compiled once (`vm.compileFunction`,
 * which jest uses, found no cached compile on Node 20 even without a callback). TypeScript reaches jest with `import()` already made a `require` in a promise
 * (scripts/jest-esbuild.js), so only a package's own code can still hold one, and that code is compiled as jest does.
 */
const { Script } = require('node:vm');
const Runtime = require('jest-runtime').default;

class SharedCompileRuntime extends Runtime {
  constructor(...args) {
    super(...args);
    const executor = this.executor;
    const jestCompile = executor.compile.bind(executor);
    executor.compile = (scriptSource, filename) => {
      if (scriptSource.includes('import(') || executor.resolution.isCoreModule(filename))
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
