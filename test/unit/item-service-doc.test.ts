/**
 * docs/item-service.md says what the reference service does: its return-code table holds every code the service
 * answers with, at the HTTP status it answers with, and its limits are the service's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RETURN_CODES } from '../../protocol/item-service-errors';
import { MAX_LIST_PARTS } from '../../protocol/list-request';
import { DEFAULT_ROWS, MAX_ANSWER_PARTS, MAX_ROWS } from '../../service/itemservice/routes';

const doc = readFileSync(join(__dirname, '..', '..', 'docs', 'item-service.md'), 'utf8');

/** The text of one `##` section, up to the next one. */
function section(title: string): string {
  return doc.split(`\n## ${title}\n`)[1]?.split('\n## ')[0] ?? '';
}

describe('docs/item-service.md', () => {
  test('the return-code table lists every code of the service with its HTTP status, and no other', () => {
    const rows = [...section('Return codes').matchAll(/^\| (\d+) \| (\d{3}|4xx) \|/gm)].map((m) => [m[1], m[2]]);
    const service = Object.values(RETURN_CODES).map(({ code, status }) => [
      code,
      code === RETURN_CODES.INVALID_PARAMETER.code ? '4xx' : String(status),
    ]);
    expect(rows).toEqual(service);
  });

  test("the limits are the service's", () => {
    const limits = section('Limits');
    expect(limits).toContain(`default ${DEFAULT_ROWS}, at most ${MAX_ROWS}`);
    expect(limits).toContain(`| parts in one list search | ${MAX_LIST_PARTS} |`);
    expect(limits).toContain(`${MAX_ANSWER_PARTS.toLocaleString('en-US')} distinct parts`);
  });
});
