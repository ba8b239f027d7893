/**
 * No circle of files (scripts/lint-cycles.js, in eslint.config.js): a file that imports, directly or through others,
 * a file that imports it back fails `eslint .`, so it fails `npm test`. Each case lints a file of the tree with other
 * text, as an editor would, and expects the rule's verdict; the tree itself has no circle (the lint step holds it).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';

const root = join(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const config = require('../../eslint.config.js');
const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config });

/** The circle messages ESLint gives `code` as the text of `file` (repository-relative). */
async function circles(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'cycles/no-circle').map((m) => m.message);
}

const MOVE = 'Move what both need to a file of its own.';

describe('circles of imports', () => {
  afterEach(async () => {
    // The rule remembers each file's imports for the run: the files linted with other text are linted as they are.
    for (const file of ['src/plan/offer-model.ts', 'taskpane/order/order-form.ts', 'functions/cell-engine.ts'])
      await circles(file, readFileSync(join(root, file), 'utf8'));
  });

  test('a file importing one that imports it back is refused, naming the circle', async () => {
    expect(
      await circles(
        'src/plan/offer-model.ts',
        "import { lowestCost } from './optimum';\nexport const f = lowestCost;\n",
      ),
    ).toEqual([
      `'./optimum' closes a circle of imports: src/plan/offer-model.ts → src/plan/optimum.ts → src/plan/offer-model.ts. ${MOVE}`,
    ]);
  });

  test('a circle of types counts, and one through several files', async () => {
    expect(
      await circles('src/plan/offer-model.ts', "import type { Optimum } from './optimum';\nexport type O = Optimum;\n"),
    ).toHaveLength(1);
    // parts-functions.ts imports cell-engine.ts: cell-engine.ts importing parts-functions.ts closes a circle.
    const found = await circles(
      'functions/cell-engine.ts',
      "import { createPartsFunctions } from './parts-functions';\nexport const c = createPartsFunctions;\n",
    );
    expect(found).toEqual([
      `'./parts-functions' closes a circle of imports: functions/cell-engine.ts → functions/parts-functions.ts → functions/cell-engine.ts. ${MOVE}`,
    ]);
    const longer = await circles(
      'taskpane/order/order-form.ts',
      "import { showProblem } from './order-problems';\nexport const s = showProblem;\n",
    );
    expect(longer).toEqual([
      `'./order-problems' closes a circle of imports: taskpane/order/order-form.ts → taskpane/order/order-problems.ts → taskpane/order/order-form.ts. ${MOVE}`,
    ]);
  });

  test('the files as they are close no circle', async () => {
    for (const file of [
      'src/plan/optimum.ts',
      'src/purchase/priced-layout.ts',
      'gateway/config.ts',
      'taskpane/order/row-marks.ts',
    ])
      expect(await circles(file, readFileSync(join(root, file), 'utf8'))).toEqual([]);
  });
});
