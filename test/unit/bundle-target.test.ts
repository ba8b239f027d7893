/**
 * The shipped bundle parses on the oldest engines supported (scripts/engines.js): the checker npm test runs over
 * dist/addin refuses what those engines cannot parse, the build sends every script (dependencies included) through
 * a transpiler to that target, and the page tells Trident users what to install instead of staying at "Loading".
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const load = createRequire(__filename);
const { checkSource, inlineScripts } = load(join(root, 'scripts', 'check-bundle.js')) as {
  checkSource(
    text: string,
    options?: { ecmaVersion?: number },
  ): Array<{ line: number; column: number; message: string }>;
  inlineScripts(html: string): string[];
};
const ENGINES = load(join(root, 'scripts', 'engines.js')) as {
  ecmaVersion: number;
  esbuildTarget: string;
  webpackTarget: string[];
};

describe('the bundle check', () => {
  test.each([
    ['a class static block (Fluent UI ships them)', 'class A { static { this.x = 1; } }'],
    ['logical assignment', 'var a; a ??= 1;'],
    ['a class field', 'class A { x = 1 }'],
    ['a private method', 'class A { #m() {} }'],
    ['regular-expression lookbehind', 'var r = /(?<=\\$)\\d+/;'],
    ['negative lookbehind', 'var r = /(?<!a)b/g;'],
  ])('refuses %s, saying where', (_what, source) => {
    const problems = checkSource(`var before = 1;\n${source}`);
    expect(problems).toHaveLength(1);
    expect(problems[0].line).toBe(2);
    expect(problems[0].message).toMatch(/ES2020|lookbehind/);
  });

  test.each([
    ['optional chaining and ??', 'var a = {}; var b = a?.b ?? 1;'],
    ['BigInt literals (money is counted in them)', 'var m = 1000000n * 3n;'],
    ['named groups and lookahead', 'var r = /(?<year>\\d{4})(?=-)/;'],
    ['"(?<=" inside a class or escaped', 'var r = /[(?<=]/; var s = /\\(?<=x/;'],
  ])('accepts %s', (_what, source) => {
    expect(checkSource(source)).toEqual([]);
  });

  test('run over a built folder (as npm test does), it names each offending script, of a dependency or a page, and fails', () => {
    const dir = mkdtempSync(join(tmpdir(), 'partsheet-bundle-'));
    try {
      mkdirSync(join(dir, 'vendor'));
      writeFileSync(join(dir, 'taskpane.js'), 'var price = 1000n;\n');
      writeFileSync(join(dir, 'vendor', 'tabster.js'), 'var a = 1;\nclass Tabster { static { this.count = 0; } }\n');
      writeFileSync(
        join(dir, 'taskpane.html'),
        '<script src="taskpane.js"></script>\n<script>\n  const late = () => 1;\n</script>\n',
      );
      writeFileSync(join(dir, 'icon-32.png'), 'not a script');
      const run = spawnSync(process.execPath, [join(root, 'scripts', 'check-bundle.js'), dir], {
        cwd: dir,
        encoding: 'utf8',
      });
      expect(run.status).toBe(1);
      const lines = run.stdout.trim().split('\n');
      expect(lines).toContain('ok   taskpane.js');
      expect(lines.find((l) => l.startsWith('FAIL vendor/tabster.js:2:'))).toBeDefined();
      expect(lines.find((l) => l.startsWith('FAIL taskpane.html (inline script 1):2:') && /ES5/.test(l))).toBeDefined();
      expect(lines[lines.length - 1]).toBe(
        '1 of 3 scripts parse for their target (bundles ES2020, inline page scripts ES5)',
      );

      rmSync(join(dir, 'vendor'), { recursive: true });
      writeFileSync(join(dir, 'taskpane.html'), '<script>var ok = 1;</script>');
      expect(
        spawnSync(process.execPath, [join(root, 'scripts', 'check-bundle.js'), dir], { encoding: 'utf8' }).status,
      ).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the target is ES2020 everywhere: check, esbuild and webpack', () => {
    expect(ENGINES).toEqual({
      ecmaVersion: 2020,
      esbuildTarget: 'es2020',
      webpackTarget: ['web', 'es2020'],
    });
  });

  test('the build transpiles our sources and every dependency script to that target', async () => {
    const makeConfig = load(join(root, 'webpack.config.js'));
    const config = await makeConfig({}, { mode: 'production' });
    expect(config.target).toEqual(ENGINES.webpackTarget);
    const rules = config.module.rules as Array<{
      test: RegExp;
      include?: RegExp;
      exclude?: RegExp;
      use: { loader: string; options: Record<string, any> };
    }>;
    const ts = rules.find((r) => r.test.test('taskpane/index.tsx') && r.test.test('src/bom/read.ts'))!;
    expect(ts.use.loader).toBe('esbuild-loader');
    expect(ts.use.options.target).toBe(ENGINES.esbuildTarget);
    // Under the add-in's tsconfig: React's automatic JSX runtime and class fields defined, as tsc checks them.
    expect(ts.use.options.tsconfig).toBe(join(root, 'tsconfig.addin.json'));
    const deps = rules.find((r) => r.include?.test('node_modules/x/y.js'))!;
    expect(deps.use.loader).toBe('esbuild-loader');
    expect(deps.use.options.target).toBe(ENGINES.esbuildTarget);
    for (const file of [
      'node_modules/@fluentui/react-tabster/lib/index.js',
      'node_modules/tabster/dist/tabster.esm.js',
      'node_modules/x/y.mjs',
      'node_modules/x/y.cjs',
    ]) {
      expect(deps.test.test(file) && deps.include!.test(file)).toBe(true);
    }
  });

  test('esbuild at the target lowers what Fluent UI ships into what the check accepts', async () => {
    const { transform } = load('esbuild') as typeof import('esbuild');
    const modern =
      'export class Tabster { static { Tabster.count = 0; } #id = 1; get id() { return this.#id; } }\nexport function ctx(w) { return w.__ctx ??= {}; }';
    expect(checkSource(modern.replace(/export /g, ''))).not.toEqual([]);
    const { code } = await transform(modern, { loader: 'js', target: ENGINES.esbuildTarget, format: 'iife' });
    expect(checkSource(code)).toEqual([]);
  });
});

describe('the page on Trident (Internet Explorer 11)', () => {
  const html = readFileSync(join(root, 'taskpane', 'taskpane.html'), 'utf8');
  const scripts = inlineScripts(html);

  /** Runs the page's inline scripts as a browser with `userAgent` would, and returns what #root then says. */
  function open(userAgent: string): string {
    const root = {
      text: '',
      attributes: {} as Record<string, string>,
      set innerHTML(html: string) {
        this.text = html.replace(/<[^>]+>/g, '');
      },
      setAttribute(name: string, value: string) {
        this.attributes[name] = value;
      },
    };
    const listeners: Array<() => void> = [];
    const document = {
      addEventListener: (type: string, fn: () => void) => type === 'DOMContentLoaded' && listeners.push(fn),
      getElementById: (id: string) => (id === 'root' ? root : null),
    };
    for (const script of scripts) new Function('navigator', 'document', script)({ userAgent }, document);
    for (const fn of listeners) fn();
    return root.text;
  }

  test('its inline script is ES5, which Trident parses', () => {
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(checkSource(script, { ecmaVersion: 5 })).toEqual([]);
  });

  test('Trident is told to install WebView2 instead of staying at "Loading"; other engines see nothing of it', () => {
    expect(open('Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko')).toMatch(
      /needs the Microsoft Edge WebView2 Runtime.*restart Excel/,
    );
    expect(
      open(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
      ),
    ).toBe('');
  });
});
