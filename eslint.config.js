const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const globals = require('globals');
const boundaries = require('./scripts/lint-boundaries');
const cycles = require('./scripts/lint-cycles');

/**
 * The arrows between the top-level folders (docs/layout.md): what each may import. The core (src/) and the
 * service stand alone; the add-in layers use the core; only the task pane's adapters reach the shared runtime.
 * test/, bench/ and scripts/ may use anything; nothing shipped may use testing/.
 */
const LAYERS = {
  // The wire's rules and words (part-number key and checks, checkout vocabulary, item-service return codes and the
  // list request, the gateway token header): depends on nothing, so the core, the service and the gateway, which may
  // not import each other, share one copy.
  protocol: ['protocol'],
  // The rooms of the core, from the bottom up; each may use only the rooms below it (docs/layout.md), so the
  // core has no cycles: text and the one error base; the HTTP transport; the catalog's model, parser and client; prices
  // and money; the checkout client; settings; the batching lookup; choosing the part a cell or line means; the plan;
  // reading a BOM; buying (pricing one BOM or several); the workbook's sheets.
  src: ['src/errors.ts', 'protocol'],
  'src/text': ['src/text'],
  // Reading a passive's parameters (value, package, voltage, tolerance, dielectric) from cells and descriptions.
  'src/parts': ['src/parts'],
  'src/http': ['src/http', 'src/errors.ts', 'protocol'],
  'src/catalog': ['src/catalog', 'src/http', 'src/errors.ts', 'protocol'],
  'src/pricing': ['src/pricing', 'src/catalog', 'src/errors.ts', 'protocol'],
  'src/checkout': ['src/checkout', 'src/http', 'src/pricing', 'src/text', 'src/errors.ts', 'protocol'],
  'src/settings': ['src/settings', 'src/catalog', 'src/pricing', 'src/errors.ts', 'protocol'],
  'src/lookup': ['src/lookup', 'src/catalog', 'src/text', 'src/errors.ts', 'protocol'],
  // Choosing the part a cell or a BOM line means: on the catalog's parts and the manufacturer names alone, so buying
  // (src/purchase), the BOM reader and the PARTS functions can all use it and it can never lean on any of them.
  'src/match': ['src/match', 'src/catalog', 'src/text', 'protocol'],
  'src/plan': ['src/plan', 'src/catalog', 'src/pricing', 'src/text', 'src/errors.ts', 'protocol'],
  // Reading a BOM: which sheet, which header row, which columns, and every row accounted for. It never prices: it
  // knows the text, a passive's parameters and the manufacturer names, and nothing of the catalog, prices or plans.
  'src/bom': ['src/bom', 'src/text', 'src/parts', 'src/match', 'src/errors.ts', 'protocol'],
  // Buying: read BOM lines (one BOM or several, at one build quantity or several, net of stock or not) looked up,
  // matched, planned and priced. Over the reading, the lookup, the match and the plan; never the workbook.
  'src/purchase': [
    'src/purchase',
    'src/bom',
    'src/plan',
    'src/match',
    'src/lookup',
    'src/parts',
    'src/text',
    'src/pricing',
    'src/catalog',
    'src/errors.ts',
    'protocol',
  ],
  // What changed since an earlier run: snapshots of runs, the changes line by line and the cost bridge; over the BOM's
  // priced lines and the plan's records, pure.
  'src/changes': [
    'src/changes',
    'src/purchase',
    'src/bom',
    'src/plan',
    'src/pricing',
    'src/catalog',
    'src/text',
    'src/errors.ts',
    'protocol',
  ],
  // Suggestions for a priced BOM's problem lines: over the BOM's lines, the catalog and the plan.
  'src/suggest': [
    'src/suggest',
    'src/purchase',
    'src/bom',
    'src/parts',
    'src/text',
    'src/catalog',
    'src/pricing',
    'src/match',
    'src/plan',
    'src/errors.ts',
    'protocol',
  ],
  'src/excel': [
    'src/excel',
    'src/changes',
    'src/purchase',
    'src/bom',
    'src/plan',
    'src/text',
    'src/pricing',
    'src/catalog',
    'src/errors.ts',
    'protocol',
  ],
  // The buyer's workflows (price a BOM, place an order) as plain functions over ports: the workbook, the lookup, the
  // checkout, the clock and the settings. On top of the core's rooms; only the task pane and the CLI use them.
  'src/workflows': [
    'src/workflows',
    'src/changes',
    'src/excel',
    'src/purchase',
    'src/suggest',
    'src/bom',
    'src/plan',
    'src/match',
    'src/lookup',
    'src/settings',
    'src/checkout',
    'src/pricing',
    'src/catalog',
    'src/http',
    'src/parts',
    'src/text',
    'src/errors.ts',
    'protocol',
  ],
  // How the servers (the service, the gateway) bound what clients cost them (slow readers, rate limits, the one
  // spelling of a path): on Fastify and Node only.
  serving: ['serving'],
  service: ['service', 'protocol', 'serving'],
  addin: ['addin', 'src', 'protocol'],
  functions: ['functions', 'addin', 'src', 'protocol'],
  taskpane: ['taskpane', 'src', 'protocol'],
  'taskpane/adapters': ['taskpane', 'addin', 'src', 'protocol'],
  // The gateway forwards to the real service, never the reference one: it shares the wire's words (protocol/) and the
  // servers' bounds (serving/) with the service, and uses the core's clients.
  gateway: ['gateway', 'src', 'protocol', 'serving'],
  cli: ['cli', 'gateway', 'service', 'src', 'protocol', 'serving'],
  // Test doubles (the in-memory workbook, the pane's services): built on the core's and the pane's types, used by
  // test/ and bench/ only.
  testing: ['testing', 'src', 'taskpane'],
};

/**
 * Size limits for shipped code (issue 24): a file over 500 lines or a function over 120 lines is split into modules
 * with names of their own. Lines are counted as `wc -l` counts them, blank lines and comments included, so the limit
 * means what a reader sees. test/, bench/ and scripts/ are not held to it.
 */
const MAX_FILE_LINES = 500;
const MAX_FUNCTION_LINES = 120;
const SHIPPED = [
  'src/**/*.{ts,tsx}',
  'protocol/**/*.ts',
  'serving/**/*.ts',
  'service/**/*.ts',
  'gateway/**/*.ts',
  'cli/**/*.ts',
  'addin/**/*.ts',
  'functions/**/*.ts',
  'taskpane/**/*.{ts,tsx}',
  'testing/**/*.ts',
];
/** Data tables: rows of data, not code, so their length says nothing about how hard they are to read. */
const SIZE_EXEMPT_DATA = ['service/demo/families.ts', 'service/demo/fixed-parts.ts'];

/**
 * The buying rules the task pane and the CLI do not call themselves (src/workflows does): the modules that match,
 * plan, quote, judge risk, mark overbuys, round order quantities and list, and their functions as the rooms' index
 * files re-export them.
 */
const BUYING_RULE_MODULES =
  '(^|/)src/purchase/(price-lines|price-match|match-lines|price-plan|list|match-boms|apply-stock|buildable|part-row)(\\.js)?$|(^|/)src/plan/(plan|choose|optimum|optimum-sweep|allocate|arrival|quote|risk|marks)(\\.js)?$|(^|/)src/pricing/quantity(\\.js)?$';
const BUYING_RULE_NAMES = [
  'priceBom',
  'priceMatched',
  'matchBom',
  'matchBoms',
  'planPurchase',
  'planPurchaseScenarios',
  'priceScenarios',
  'planPart',
  'chooseOffers',
  'quotePart',
  'quoteOffer',
  'riskTable',
  'orderQuantity',
  'overbuyMarkOf',
  'overbuyReason',
];

module.exports = tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'bench/results/**', '.partsheet/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Input is sanitised of control characters on purpose.
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { boundaries, cycles },
    rules: { 'boundaries/layers': ['error', { layers: LAYERS }], 'cycles/no-circle': 'error' },
  },
  {
    files: SHIPPED,
    ignores: SIZE_EXEMPT_DATA,
    rules: {
      'max-lines': ['error', { max: MAX_FILE_LINES, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: MAX_FUNCTION_LINES, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // The task pane and the CLI are thin callers: they reach the buying rules (matching, planning, listing, what
    // stock covers) only through src/workflows and the results those give; they may name the rules' types.
    files: ['taskpane/**/*.{ts,tsx}', 'cli/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: BUYING_RULE_MODULES,
              allowTypeImports: true,
              message: 'The pane and the CLI reach the buying rules through src/workflows (types may be named).',
            },
            {
              regex: '(^|/)src/plan/schedule(\\.js)?$',
              importNames: ['buildsBy'],
              allowTypeImports: true,
              message: 'The builds a date allows come with the schedule (Schedule.buildsByNeedBy).',
            },
            {
              regex: '(^|/)src/(purchase|plan|pricing)(/index(\\.js)?|/)?$',
              importNames: BUYING_RULE_NAMES,
              allowTypeImports: true,
              message: 'The pane and the CLI reach the buying rules through src/workflows (types may be named).',
            },
          ],
        },
      ],
      // Nor by a dynamic import, which the rule above does not see.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression[source.value=/(^|\\/)src\\/(purchase|plan|pricing)(\\/|$)/]',
          message: 'The pane and the CLI reach the buying rules through src/workflows, never by a dynamic import.',
        },
      ],
    },
  },
  {
    // Tests read wire answers as loose JSON.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
