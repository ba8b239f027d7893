/** The risk table (src/plan/risk.ts): the rule table, the values said "Unknown", and the docs' copy of the rules. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { planPart } from '../../src/plan';
import { RISK_RULES, riskFacts, riskOf, riskTable } from '../../src/plan/risk';
import { riskCounts } from '../../src/plan/risk-words';
import { riskCountWords, riskSheetRows, riskText } from '../../src/plan/risk-words';
import { baseOnly } from '../../src/pricing/rates';
import { makeOffer, makePart } from '../helpers/fake-parts';

const rates = baseOnly('USD');
const facts = { lifecycle: 'Active', sourcesWithStock: 3, short: false, rohs: 'Compliant', tariff: false };

describe('the rule table', () => {
  test('an active part in stock at several sources, compliant: low, no rule', () => {
    expect(riskOf(facts)).toEqual({ level: 'low', reasons: [] });
  });

  test.each([
    [{ lifecycle: 'Obsolete' }, 'high', ['end-of-life']],
    [{ lifecycle: 'Last Time Buy' }, 'high', ['end-of-life']],
    [{ sourcesWithStock: 0, short: true }, 'high', ['no-stock']],
    [{ lifecycle: 'NRND' }, 'medium', ['not-for-new-designs']],
    [{ sourcesWithStock: 1 }, 'medium', ['single-source']],
    [{ short: true }, 'medium', ['short']],
    [{ rohs: 'Non Compliant' }, 'medium', ['not-rohs']],
    [{ lifecycle: '' }, 'low', ['lifecycle-unknown']],
    [{ tariff: true }, 'low', ['tariff']],
    [
      { lifecycle: 'NRND', sourcesWithStock: 1, tariff: true },
      'medium',
      ['not-for-new-designs', 'single-source', 'tariff'],
    ],
    [{ lifecycle: 'Obsolete', sourcesWithStock: 1 }, 'high', ['end-of-life', 'single-source']],
  ])('%j: %s', (change, level, ids) => {
    const r = riskOf({ ...facts, ...change });
    expect(r.level).toBe(level);
    expect(r.reasons.map((x) => x.id)).toEqual(ids);
  });

  test('docs/dates-and-risk.md lists every rule with its words and level', () => {
    const doc = readFileSync(join(__dirname, '..', '..', 'docs', 'dates-and-risk.md'), 'utf8');
    for (const rule of RISK_RULES) expect(doc).toContain(`| \`${rule.id}\` | ${rule.says} | ${rule.level} |`);
  });
});

describe('the risk rows', () => {
  const single = makePart(
    'OLD-1',
    [
      makeOffer({ sourcePartId: 'S1', stock: 500, eccn: 'EAR99', hts: '8542390001', tariff: true }),
      makeOffer({ sourcePartId: 'S2', stock: 0, eccn: 'EAR99', hts: null }),
    ],
    { status: 'Obsolete', compliance: { eurohs: 'Compliant', cnrohs: '' } },
  );
  const bare = makePart('BARE-1', [makeOffer({ sourcePartId: 'B1', stock: 50, eccn: '', hts: null })], {
    status: '',
    compliance: {},
    manufacturerName: '',
    manufacturerCode: '',
  });
  const plans = [
    planPart({ part: single, lines: [{ id: 3, need: 10, pinned: null }] }, { rates }),
    planPart(
      {
        part: bare,
        lines: [
          { id: 5, need: 40, pinned: null },
          { id: 7, need: 20, pinned: null },
        ],
      },
      { rates },
    ),
  ];
  const rows = riskTable(plans);

  test('the fields of a part, each distinct code once; what is not given says Unknown', () => {
    expect(rows[0]).toMatchObject({
      partNumber: 'OLD-1',
      rows: [3],
      level: 'high',
      lifecycle: 'Obsolete',
      rohs: 'Compliant',
      compliance: { eurohs: 'Compliant', cnrohs: 'Unknown' },
      eccn: 'EAR99',
      hts: '8542390001',
      tariff: 'Yes',
      sourcesWithStock: 1,
    });
    expect(rows[0].reasons.map((r) => r.id)).toEqual(['end-of-life', 'single-source', 'tariff']);
    // 60 needed, 50 in stock at its one source.
    expect(rows[1]).toMatchObject({
      manufacturer: 'Unknown',
      rows: [5, 7],
      level: 'medium',
      lifecycle: 'Unknown',
      rohs: 'Unknown',
      compliance: {},
      eccn: 'Unknown',
      hts: 'Unknown',
      tariff: 'No',
    });
    expect(rows[1].reasons.map((r) => r.id)).toEqual(['single-source', 'short', 'lifecycle-unknown']);
    expect(riskFacts(bare, true).sourcesWithStock).toBe(1);
  });

  test('counts, the section and the sheet: no cell blank', () => {
    expect(riskCounts(rows)).toEqual({ high: 1, medium: 1, low: 0 });
    expect(riskCountWords(rows)).toBe('1 part at high risk, 1 at medium risk, 0 at low risk');
    const text = riskText(rows);
    expect(text[0]).toBe('Risk: 1 part at high risk, 1 at medium risk, 0 at low risk');
    expect(text[1]).toBe(
      '  high OLD-1 (row 4): lifecycle Obsolete, end of life or last time buy; one source only has stock; lifecycle Obsolete, RoHS Compliant, 1 source with stock',
    );
    const sheet = riskSheetRows(rows);
    expect(sheet[0][0]).toBe('Part');
    expect(sheet[2]).toEqual([
      'BARE-1',
      'Unknown',
      '6, 8',
      'medium',
      'one source only has stock; the stock there is does not cover the need; lifecycle not given',
      'Unknown',
      'Unknown',
      'Unknown',
      'Unknown',
      'Unknown',
      'No',
      1,
    ]);
    for (const row of sheet) for (const cell of row) expect(String(cell).trim()).not.toBe('');
  });
});
