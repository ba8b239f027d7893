import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSearchAnswer } from '../../src/catalog';
import { formatPrice, renderPage, searchCommand } from '../../cli/search';

const page = parseSearchAnswer(
  JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'catalog', 'token-v4.json'), 'utf8')),
  'v4',
);

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (s: string) => out.push(s), err: (s: string) => err.push(s) }, out, err };
}

describe('partsheet search: usage', () => {
  test.each([
    [['BAV99', '--bogus']],
    [[]],
    [['BAV99', 'LM358']],
    [['BAV99', '--rows', 'ten']],
    [['BAV99', '--rows', '0']],
    [['BAV99', '--rows', '26']],
    [['BAV99', '--currency', 'EURO']],
    [['BAV99', '--url', 'ftp://example.com']],
    [['BAV99', '--url', 'not a url']],
    [['BAV99', '--json=yes']],
    [['  ']],
  ])('%j is a usage error: one line, exit 2', async (argv) => {
    const { io, out, err } = capture();
    expect(await searchCommand(argv, io, {})).toBe(2);
    expect(out).toEqual([]);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(/^partsheet search: .+ \(see partsheet search --help\) \[PS_CLI_USAGE\]$/);
    expect(err[0]).not.toMatch(/\n| {4}at /);
  });

  test('--help prints the usage', async () => {
    const { io, out } = capture();
    expect(await searchCommand(['--help'], io, {})).toBe(0);
    expect(out.join('\n')).toMatch(/^Usage: partsheet search TOKEN/);
  });

  test('a bad URL from the environment is a usage error too', async () => {
    const { io, err } = capture();
    expect(await searchCommand(['BAV99'], io, { PARTSHEET_ITEM_URL: 'nowhere' })).toBe(2);
    expect(err[0]).toMatch(/--url must be an http or https address/);
  });
});

describe('partsheet search: table', () => {
  const lines = renderPage(page, 'BAV99');
  const text = lines.join('\n');

  test('a part line, a header and one row per offer', () => {
    expect(lines[0]).toBe('BAV99-7-F  Diodes Incorporated (DIOD)  Diode Switching 75V 0.3A 3-Pin SOT-23 T/R');
    expect(lines[1].trim().split(/\s{2,}/)).toEqual([
      'Source',
      'Item id',
      'Stock',
      'MOQ',
      'Pack',
      'Lead time',
      'Cur',
      'Prices',
    ]);
    const market = lines.find((l) => l.includes('65130973'))!;
    expect(market.trim().split(/\s{2,}/)).toEqual([
      'MARKETPLACE',
      '65130973',
      '12,000',
      '1',
      '3,000',
      '0 wk',
      'USD',
      '1+ 0.10 / 1,000+ 0.08',
    ]);
    const quote = lines.find((l) => l.includes('0898_00015182'))!;
    expect(quote.trim().split(/\s{2,}/)).toEqual(['ASIA', '0898_00015182', '0', '1', '1', '-', 'USD', 'quote only']);
    expect(text).toContain('66+ 0.416 / 500+ 0.29 / 3,000+ 0.20');
    expect(lines.at(-1)).toBe('2 of 37 matches');
  });

  test('an empty page says so', () => {
    expect(renderPage({ parts: [], totalItems: 0 }, 'ZZZ')).toEqual(["No parts match 'ZZZ'.", '0 of 0 matches']);
  });

  test('control characters from the service are not passed to the terminal', () => {
    const evil = { ...page, parts: [{ ...page.parts[1], description: 'Diode\u001b[2J\u0007 array' }] };
    expect(renderPage(evil, 'x')[0]).not.toMatch(/[\u0000-\u001f]/);
  });

  test('prices keep at least two decimals and no float noise', () => {
    expect(formatPrice(0.1)).toBe('0.10');
    expect(formatPrice(2)).toBe('2.00');
    expect(formatPrice(0.416)).toBe('0.416');
    expect(formatPrice(0.1 + 0.2)).toBe('0.30');
    expect(formatPrice(0.00123)).toBe('0.00123');
  });
});
