/**
 * The size limits of shipped code are enforced by lint (eslint.config.js, `max-lines` and `max-lines-per-function`):
 * a file over 500 lines or a function over 120 lines fails `eslint .`, so it fails `npm test`. Each case lints
 * made-up code as if it were a file of the tree and expects the rule's verdict.
 */
import { join } from 'node:path';
import { ESLint } from 'eslint';

const root = join(__dirname, '..', '..');
// The project's own config, handed over as loaded: ESLint would otherwise import() it, which jest's VM refuses.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const config = require('../../eslint.config.js');
const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config });

/** The size rules' messages ESLint gives `code` placed at `file` (repository-relative). */
async function sizeFindings(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result.messages
    .filter((m) => m.ruleId === 'max-lines' || m.ruleId === 'max-lines-per-function')
    .map((m) => `${m.ruleId}: ${m.message}`);
}

/** A module of `count` lines: one exported constant a line. */
function fileOfLines(count: number): string {
  return Array.from({ length: count }, (_, i) => `export const value${i} = ${i};`).join('\n') + '\n';
}

/** A module holding one function `total` lines long, braces included. */
function functionOfLines(total: number): string {
  const body = Array.from({ length: total - 2 }, (_, i) => `  const v${i} = a + ${i};`);
  return ['export function long(a: number): void {', ...body, '}', ''].join('\n');
}

describe('the size limits of shipped code', () => {
  it('refuses a 501-line file in every shipped folder and accepts a 500-line one', async () => {
    for (const file of [
      'src/lookup/too-long.ts',
      'service/checkout/too-long.ts',
      'cli/too-long.ts',
      'functions/too-long.ts',
      'taskpane/components/TooLong.tsx',
      'gateway/too-long.ts',
      'testing/excel/too-long.ts',
    ]) {
      expect(await sizeFindings(file, fileOfLines(501))).toEqual([
        'max-lines: File has too many lines (501). Maximum allowed is 500.',
      ]);
      expect(await sizeFindings(file, fileOfLines(500))).toEqual([]);
    }
  });

  it('counts blank lines and comments, as wc -l does', async () => {
    const padded = fileOfLines(300) + '\n'.repeat(100) + '// a comment\n'.repeat(101);
    expect(await sizeFindings('src/text/padded.ts', padded)).toHaveLength(1);
  });

  it('refuses a function of 121 lines and accepts one of 120', async () => {
    expect(await sizeFindings('src/plan/long-function.ts', functionOfLines(121))).toEqual([
      "max-lines-per-function: Function 'long' has too many lines (121). Maximum allowed is 120.",
    ]);
    expect(await sizeFindings('src/plan/long-function.ts', functionOfLines(120))).toEqual([]);
  });

  it('does not hold tests, benchmarks and scripts to the limits', async () => {
    for (const file of ['test/unit/long.test.ts', 'bench/long.ts', 'scripts/long.ts']) {
      expect(await sizeFindings(file, fileOfLines(501) + functionOfLines(200))).toEqual([]);
    }
  });

  it("holds the order review's controller to the limits, now that it is split into its steps", async () => {
    expect(await sizeFindings('taskpane/order/controller.ts', fileOfLines(501))).toEqual([
      'max-lines: File has too many lines (501). Maximum allowed is 500.',
    ]);
  });

  it('exempts the data tables it names', async () => {
    expect(await sizeFindings('service/demo/families.ts', fileOfLines(600))).toEqual([]);
    expect(await sizeFindings('service/demo/fixed-parts.ts', fileOfLines(600))).toEqual([]);
  });
});
