/**
 * The arrows between the folders are enforced by lint (eslint.config.js, scripts/lint-boundaries.js): a file that
 * imports against them fails `eslint .`, so it fails `npm test`. Each case lints a snippet as if it were a file of
 * the tree and expects the rule's verdict.
 */
import { join } from 'node:path';
import { ESLint } from 'eslint';

const root = join(__dirname, '..', '..');
// The project's own config, handed over as loaded: ESLint would otherwise import() it, which jest's VM refuses.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const config = require('../../eslint.config.js');
const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config });

/** The boundary messages ESLint gives `code` placed at `file` (repository-relative). */
async function violations(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'boundaries/layers').map((m) => m.message);
}

describe('the import boundaries', () => {
  it('refuses src/ importing the service, with the folders it may use', async () => {
    const found = await violations(
      'src/lookup/violation.ts',
      "import { openDb } from '../../service/store/db';\nexport const x = openDb;\n",
    );
    expect(found).toEqual([
      "src/lookup/ may import only src/lookup/, src/catalog/, src/text/, src/errors.ts, protocol/; '../../service/store/db' reaches service/.",
    ]);
  });

  it('refuses src/ reaching the add-in, the pane, the functions, the CLI or the tests, however the import is written', async () => {
    const code = [
      "import type { PartsheetRuntime } from '../../addin/runtime';",
      "export { App } from '../../taskpane/components/App';",
      "export * from '../../functions/parts-functions';",
      "const cli = require('../../cli/main');",
      "export const later = () => import('../../test/helpers/service');",
      'export type R = PartsheetRuntime | typeof cli;',
    ].join('\n');
    const found = await violations('src/bom/violation.ts', code);
    expect(found.map((m) => m.split(' reaches ')[1])).toEqual([
      'addin/.',
      'taskpane/.',
      'functions/.',
      'cli/.',
      'test/.',
    ]);
  });

  it('refuses the service importing the core or the add-in', async () => {
    const found = await violations(
      'service/itemservice/violation.ts',
      "import { lookupKey } from '../../src/lookup';\nimport { runtime } from '../../addin/runtime';\nexport const x = [lookupKey, runtime];\n",
    );
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(
      /^service\/ may import only service\/, protocol\/, serving\/; '..\/..\/src\/lookup' reaches src\/\.$/,
    );
  });

  it('lets only the task pane adapters reach the shared runtime, and never the functions', async () => {
    const runtimeImport = "import { getSettings } from '../../addin/runtime';\nexport const x = getSettings;\n";
    expect(await violations('taskpane/components/Violation.tsx', runtimeImport)).toHaveLength(1);
    expect(await violations('taskpane/adapters/fine.ts', runtimeImport)).toEqual([]);
    expect(
      await violations(
        'taskpane/adapters/violation.ts',
        "import { MESSAGES } from '../../functions/parts-functions';\nexport const x = MESSAGES;\n",
      ),
    ).toHaveLength(1);
  });

  it('keeps the test doubles out of everything that ships', async () => {
    const memory = "import { MemoryWorkbook } from '../../testing/excel';\nexport const x = MemoryWorkbook;\n";
    for (const file of [
      'src/excel/violation.ts',
      'taskpane/adapters/violation.ts',
      'addin/x/violation.ts',
      'functions/x/violation.ts',
    ]) {
      expect(await violations(file, memory)).toHaveLength(1);
    }
    expect(await violations('test/unit/fine.test.ts', memory)).toEqual([]);
    expect(
      await violations(
        'bench/fine.ts',
        "import { MemoryWorkbook } from '../testing/excel';\nexport const x = MemoryWorkbook;\n",
      ),
    ).toEqual([]);
  });

  it('keeps protocol/ free of every other folder, so both the core and the service may use it', async () => {
    expect(
      await violations(
        'protocol/violation.ts',
        "import { lookupKey } from '../src/lookup';\nexport const x = lookupKey;\n",
      ),
    ).toHaveLength(1);
    expect(
      await violations(
        'src/lookup/fine.ts',
        "import { partNumberKey } from '../../protocol/part-number';\nexport const x = partNumberKey;\n",
      ),
    ).toEqual([]);
    expect(
      await violations(
        'service/store/fine.ts',
        "import { partNumberKey } from '../../protocol/part-number';\nexport const x = partNumberKey;\n",
      ),
    ).toEqual([]);
  });

  it('keeps serving/ (the bounds on slow readers) free of the service and the gateway, so both may use it', async () => {
    expect(
      await violations(
        'serving/violation.ts',
        "import { buildApp } from '../service/app';\nexport const x = buildApp;\n",
      ),
    ).toHaveLength(1);
    const use = "import { boundSlowReaders } from '../serving/slow-readers';\nexport const x = boundSlowReaders;\n";
    expect(await violations('service/fine.ts', use)).toEqual([]);
    expect(await violations('gateway/fine.ts', use)).toEqual([]);
    expect(await violations('src/violation.ts', use)).toHaveLength(1);
  });

  it('refuses the gateway importing the reference service, however deep; what both need comes from protocol/ and serving/', async () => {
    const code = [
      "import { RateLimiter } from '../service/ratelimit';",
      "import { parseListRequest } from '../service/itemservice/list-request';",
      'export const x = [RateLimiter, parseListRequest];',
    ].join('\n');
    expect(await violations('gateway/violation.ts', code)).toEqual([
      "gateway/ may import only gateway/, src/, protocol/, serving/; '../service/ratelimit' reaches service/.",
      "gateway/ may import only gateway/, src/, protocol/, serving/; '../service/itemservice/list-request' reaches service/.",
    ]);
    const shared = [
      "import { RateLimiter } from '../serving/rate-limit';",
      "import { canonicalUrl } from '../serving/canonical-url';",
      "import { parseListRequest } from '../protocol/list-request';",
      "import { GATEWAY_TOKEN_HEADER } from '../protocol/gateway-token';",
      'export const x = [RateLimiter, canonicalUrl, parseListRequest, GATEWAY_TOKEN_HEADER];',
    ].join('\n');
    expect(await violations('gateway/fine.ts', shared)).toEqual([]);
  });

  it('refuses the shared runtime importing the functions it serves', async () => {
    expect(
      await violations(
        'addin/violation.ts',
        "import { MESSAGES } from '../functions/parts-functions';\nexport const x = MESSAGES;\n",
      ),
    ).toHaveLength(1);
  });

  it('holds src/match to the catalog and the manufacturer names, and lets the BOM path and the functions use it', async () => {
    const refused = await violations(
      'src/match/violation.ts',
      "import { priceBom } from '../purchase/price-lines';\nimport { planPart } from '../plan';\nexport const x = [priceBom, planPart];\n",
    );
    expect(refused).toEqual([
      "src/match/ may import only src/match/, src/catalog/, src/text/, protocol/; '../purchase/price-lines' reaches src/purchase/price-lines.",
      "src/match/ may import only src/match/, src/catalog/, src/text/, protocol/; '../plan' reaches src/plan.",
    ]);
    expect(
      await violations(
        'src/match/violation.ts',
        "import { MESSAGES } from '../../functions/parts-functions';\nexport const x = MESSAGES;\n",
      ),
    ).toEqual([
      "src/match/ may import only src/match/, src/catalog/, src/text/, protocol/; '../../functions/parts-functions' reaches functions/.",
    ]);
    const own =
      "import type { Part } from '../catalog/model';\nimport { manufacturerMatch } from './manufacturer';\nimport { normalizeText } from '../text/normalize';\nimport { partNumberKey } from '../../protocol/part-number';\nexport const x = [manufacturerMatch, normalizeText, partNumberKey] as unknown as Part;\n";
    expect(await violations('src/match/fine.ts', own)).toEqual([]);
    expect(
      await violations('src/bom/fine.ts', "import { choosePart } from '../match';\nexport const x = choosePart;\n"),
    ).toEqual([]);
    expect(
      await violations(
        'functions/fine.ts',
        "import { choosePart } from '../src/match';\nexport const x = choosePart;\n",
      ),
    ).toEqual([]);
  });

  it('holds the rooms of src/ to one order, so an arrow drawn back up fails lint, and no room can close a circle', async () => {
    // Each pair: a room, and an import from a room above it (which imports it, directly or not).
    const reversed: Array<[string, string]> = [
      ['src/plan/violation.ts', "import { priceBom } from '../purchase/price-lines';"],
      ['src/plan/violation.ts', "import type { PricedSummary } from '../purchase/summarize';"],
      // The reader never prices: neither buying, nor the plan, the lookup, the catalog or prices.
      ['src/bom/violation.ts', "import { priceBom } from '../purchase/price-lines';"],
      ['src/bom/violation.ts', "import type { PlanResult } from '../plan/plan';"],
      ['src/bom/violation.ts', "import type { LookupRequest } from '../lookup/types';"],
      ['src/bom/violation.ts', "import type { Part } from '../catalog/model';"],
      ['src/bom/violation.ts', "import { fromMicro } from '../pricing/money';"],
      ['src/purchase/violation.ts', "import { writePricedResults } from '../excel/priced-sheet';"],
      ['src/match/violation.ts', "import { readBom } from '../bom/read';"],
      ['src/bom/violation.ts', "import { writePricedResults } from '../excel/priced-sheet';"],
      ['src/catalog/violation.ts', "import { LookupScheduler } from '../lookup/scheduler';"],
      ['src/pricing/violation.ts', "import { planPart } from '../plan';"],
      ['src/http/violation.ts', "import { CatalogClient } from '../catalog/client';"],
      ['src/text/violation.ts', "import { PartsheetError } from '../errors';"],
      ['src/violation.ts', "import { readBom } from './bom';"],
    ];
    for (const [file, line] of reversed) {
      expect({ file, line, found: (await violations(file, `${line}\nexport const x = 1;\n`)).length }).toEqual({
        file,
        line,
        found: 1,
      });
    }
    // The same arrows the right way round are allowed.
    expect(
      await violations(
        'src/purchase/fine.ts',
        "import { planPart } from '../plan';\nimport { readBom } from '../bom';\nimport { normalizeText } from '../text/normalize';\nexport const x = [planPart, readBom, normalizeText];\n",
      ),
    ).toEqual([]);
    expect(
      await violations('src/excel/fine.ts', "import { readBom } from '../bom';\nexport const x = readBom;\n"),
    ).toEqual([]);
    expect(
      await violations(
        'src/plan/fine.ts',
        "import { toMicro } from '../pricing/money';\nimport { PartsheetError } from '../errors';\nexport const x = [toMicro, PartsheetError];\n",
      ),
    ).toEqual([]);
  });

  it('allows the arrows the design draws', async () => {
    expect(
      await violations(
        'functions/fine.ts',
        "import { runtime } from '../addin/runtime';\nimport { lookupKey } from '../src/lookup';\nexport const x = [runtime, lookupKey];\n",
      ),
    ).toEqual([]);
    expect(
      await violations(
        'cli/fine.ts',
        "import { openDb } from '../service/store/db';\nimport { readBom } from '../src/bom';\nexport const x = [openDb, readBom];\n",
      ),
    ).toEqual([]);
    expect(
      await violations(
        'src/purchase/fine.ts',
        "import { lookupKey } from '../lookup';\nimport { XMLParser } from 'fast-xml-parser';\nexport const x = [lookupKey, XMLParser];\n",
      ),
    ).toEqual([]);
  });
});

describe('the pane and the CLI as thin callers of the buying rules', () => {
  async function restricted(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: join(root, file) });
    return result.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
  }

  it('refuses the pane or the CLI calling the match, the plan or the list themselves, however imported', async () => {
    const calls: Array<[string, string]> = [
      ['taskpane/violation.ts', "import { priceBom } from '../src/purchase/price-lines';"],
      ['taskpane/components/violation.tsx', "import { matchBoms } from '../../src/purchase/match-boms';"],
      ['cli/violation.ts', "import { planPurchase } from '../src/purchase';"],
      ['cli/violation.ts', "import { planPart } from '../src/plan';"],
      ['taskpane/purchase/violation.ts', "import { chooseOffers } from '../../src/plan/choose';"],
      ['taskpane/components/violation.tsx', "import { quoteOffer } from '../../src/plan/quote';"],
      ['cli/violation.ts', "import { riskTable } from '../src/plan/risk';"],
      ['taskpane/violation.ts', "import { matchLines } from '../src/purchase/match-lines';"],
      ['taskpane/order/violation.ts', "import { orderQuantity } from '../../src/pricing/quantity';"],
      ['taskpane/purchase/violation.ts', "import { overbuyReason } from '../../src/plan/marks';"],
      ['taskpane/components/violation.tsx', "import { buildsBy } from '../../src/plan/schedule';"],
      ['taskpane/order/violation.ts', "import { orderQuantity } from '../../src/pricing';"],
      ['taskpane/order/violation.ts', "import { orderQuantity } from '../../src/pricing/index';"],
      ['cli/violation.ts', "import { planPart } from '../src/plan/index.js';"],
      ['taskpane/purchase/violation.ts', "import { overbuyMarkOf } from '../../src/plan';"],
      ['cli/violation.ts', "import { orderQuantity } from '../src/pricing/quantity.js';"],
    ];
    for (const [file, line] of calls)
      expect({ line, found: (await restricted(file, `${line}\nexport const x = 1;\n`)).length }).toEqual({
        line,
        found: 1,
      });
  });

  it('refuses a dynamic import of buying, the plan or pricing from the pane or the CLI', async () => {
    const [result] = await eslint.lintText(
      "export async function f() { return (await import('../../src/pricing/quantity')).orderQuantity; }\n",
      { filePath: join(root, 'taskpane/order/violation.ts') },
    );
    expect(result.messages.filter((m) => m.ruleId === 'no-restricted-syntax')).toHaveLength(1);
  });

  it("lets them name the rules' types, use the workflows, and use results and words", async () => {
    const fine = [
      "import type { PricedBomLine } from '../src/purchase/price-lines';",
      "import { type PurchaseResult, purchaseColumns } from '../src/purchase';",
      "import { priceLines } from '../src/workflows/price-bom';",
      "import { NO_OVERAGE } from '../src/plan';",
      "import type { Quote } from '../src/plan/quote';",
      "import { quoteParts } from '../src/workflows/quotes';",
      "import { riskCounts } from '../src/plan/risk-words';",
      "import { type LineMarks } from '../src/plan/marks';",
      "import { roundedToMoqAndPacks } from '../src/workflows/order-review';",
    ].join('\n');
    expect(await restricted('taskpane/fine.ts', `${fine}\nexport const x = 1;\n`)).toEqual([]);
    expect(await restricted('cli/fine.ts', `${fine}\nexport const x = 1;\n`)).toEqual([]);
  });
});
