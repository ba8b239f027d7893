import { CatalogClient, withoutUserinfo } from '../../src/catalog';
import { searchCommand } from '../../cli/search';
import { type CommandEnv, runCommand } from '../helpers/cli';
import { serviceForFile } from '../helpers/service';

const suite = serviceForFile({ parts: 3000 });

const run = (argv: string[], env: CommandEnv = {}) => runCommand(searchCommand, argv, env);

describe('partsheet search', () => {
  test('prints a table of the parts and their offers', async () => {
    const page = await new CatalogClient({ itemBaseUrl: suite.base, login: 'demo', apikey: 'demo-key' }).searchToken(
      'BAV99-7-F',
    );
    const r = await run(['BAV99-7-F', '--url', suite.base]);
    expect(r.err).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('BAV99-7-F');
    expect(r.out).toContain(page.parts[0].manufacturerName);
    for (const o of page.parts[0].offers) expect(r.out).toContain(o.sourcePartId);
    expect(r.out).toMatch(/Source\s+Item id\s+Stock\s+MOQ\s+Pack\s+Lead time\s+Cur\s+Prices/);
    expect(r.out).toMatch(/\d[\d,]*\+ \d+\.\d{2,}/);
    expect(r.out).toMatch(new RegExp(`\\n${page.parts.length} of ${page.totalItems.toLocaleString('en-US')} matches$`));
  });

  test('--json prints the model, open-ended tiers as null', async () => {
    const r = await run(['BAV99', '--json', '--rows', '3', '--mfr', 'DIO'], { PARTSHEET_ITEM_URL: suite.base });
    expect(r.code).toBe(0);
    const page = JSON.parse(r.out);
    expect(page.parts.length).toBeLessThanOrEqual(3);
    expect(typeof page.totalItems).toBe('number');
    for (const part of page.parts) {
      expect(part.manufacturerCode).toBe('DIO');
      for (const o of part.offers) if (o.breaks.length) expect(o.breaks.at(-1).maxQty).toBeNull();
    }
  });

  test('--v3 and --currency', async () => {
    const r = await run(['BAV99-7-F', '--v3', '--currency', 'eur', '--json', '--url', suite.base]);
    expect(r.code).toBe(0);
    const page = JSON.parse(r.out);
    const offers = page.parts[0].offers;
    for (const o of offers) expect(o.websites).toEqual([]);
    expect(offers.some((o: { currency: string }) => o.currency === 'EUR')).toBe(true);
  });

  test('credentials from the environment; a wrong key is one line and exit 1', async () => {
    const r = await run(['BAV99'], {
      PARTSHEET_ITEM_URL: suite.base,
      PARTSHEET_LOGIN: 'demo',
      PARTSHEET_APIKEY: 'wrong',
    });
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toEqual([
      'partsheet search: API key rejected — check the login and API key in settings [PS_CATALOG_AUTH]',
    ]);
  });

  test('a refusal carries the service message', async () => {
    const r = await run(['BAV99', '--mfr', 'NOSUCHMFR', '--url', suite.base]);
    expect(r.code).toBe(1);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toContain("Unknown manufacturer code 'NOSUCHMFR'");
  });

  test('a user name and password in --url never appear in any message', async () => {
    for (const url of [`http://ops:hunter2-secret@127.0.0.1:9`, 'ftp://ops:hunter2-secret@example.com/']) {
      const r = await run(['BAV99', '--url', url]);
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
      expect(r.err.join('\n')).not.toMatch(/hunter2|ops:/);
      expect(r.err[0]).toMatch(/^partsheet search: --url must/);
    }
    expect(withoutUserinfo('at http://a:b@h:1/x and https://c@d/')).toBe('at http://h:1/x and https://d/');
    // The catalog client the add-in uses says the same without the secret.
    for (const itemBaseUrl of ['http://ops:hunter2-secret@127.0.0.1:9', 'ftp://ops:hunter2-secret@127.0.0.1:9']) {
      expect(() => new CatalogClient({ itemBaseUrl, login: 'a', apikey: 'b' })).toThrow(
        /^Parts service address "[a-z]+:\/\/127\.0\.0\.1:9" /,
      );
    }
  });

  test('an unreachable service is one line and exit 1', async () => {
    const r = await run(['BAV99', '--url', 'http://127.0.0.1:9']);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(/^partsheet search: Parts service unreachable at 127\.0\.0\.1:9: /);
    expect(r.err[0]).not.toContain('\n');
  });

  test('no match says so', async () => {
    const r = await run(['ZZZZ-NO-SUCH-PART', '--url', suite.base]);
    expect(r.code).toBe(0);
    expect(r.out).toBe("No parts match 'ZZZZ-NO-SUCH-PART'.\n0 of 0 matches");
  });
});
