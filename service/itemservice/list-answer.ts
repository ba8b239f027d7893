/**
 * A list search's answer put together: each entry's head and parts from the distinct lookups, the answer's size
 * counted against the caps as it grows, and the entries as they will be written in JSON or XML.
 */
import { AnswerTally } from '../../protocol/list-answer';
import { ItemServiceError } from '../../protocol/item-service-errors';
import type { PartRow } from '../store/db';
import { jsonText } from '../json';
import { xmlFragment } from '../xml';
import { searchResource } from './shapes';
import type { Slices } from './slices';
import type { ListedAnswer } from './streamed';

/** Entries of a list answer put together between two looks at the clock. */
const ENTRY_CHUNK = 20;

export interface Lookup {
  numberFound: number;
  page: PartRow[];
  /** The part number matches something, if not from the manufacturer asked for. */
  exists: boolean;
}

/** Counts what an answer will hold and refuses, with the limit named, as soon as it is over a cap. */
export class AnswerBudget {
  private readonly tally = new AnswerTally();

  addParts(rows: PartRow[]): void {
    const refusal = this.tally.addParts(rows.map((row) => row.item_id));
    if (refusal) throw new ItemServiceError('ANSWER_TOO_LARGE', refusal);
  }

  addBytes(n: number): void {
    const refusal = this.tally.addBytes(n);
    if (refusal) throw new ItemServiceError('ANSWER_TOO_LARGE', refusal);
  }
}

/** One entry of a list search, its manufacturer code resolved: an id, null for an unknown code, undefined for none. */
export interface ResolvedEntry {
  partNum: string;
  mfr?: string;
  norm: string;
  mfrId: number | null | undefined;
}

/** One entry of the answer: its head (what was asked, how many matched) and the parts it lists. */
export interface ListedEntry {
  head: Record<string, unknown>;
  page: PartRow[];
}

/** The key of one distinct lookup of a list search. */
export function entryKey(norm: string, mfrId: number | undefined): string {
  return `${norm}|${mfrId ?? ''}`;
}

/**
 * List phase 3: each entry's head and parts. partsError: the entry cannot be answered as asked (no letters or
 * digits, an unknown manufacturer code, or a part number that exists but not from the manufacturer asked for).
 * partsNotFound: a well-formed entry whose part number matches nothing.
 */
export async function listEntries(resolved: ResolvedEntry[], lookups: Map<string, Lookup>, slices: Slices) {
  const counts = { found: 0, notFound: 0, errors: 0, totalItems: 0 };
  const entryOf = (p: ResolvedEntry): ListedEntry => {
    const head = {
      resources: [searchResource(p.partNum)],
      requestedPartNum: p.mfr === undefined ? p.partNum : `${p.partNum}|${p.mfr}`,
    };
    const lookup = p.norm === '' || p.mfrId === null ? undefined : lookups.get(entryKey(p.norm, p.mfrId));
    if (!lookup || lookup.numberFound === 0) {
      if (!lookup || lookup.exists) counts.errors++;
      else counts.notFound++;
      return { head: { ...head, numberFound: 0 }, page: [] as PartRow[] };
    }
    counts.found++;
    // As in every answer, totalItems counts all matches, which can exceed the parts `rows` lets through.
    counts.totalItems += lookup.numberFound;
    return { head: { ...head, numberFound: lookup.numberFound }, page: lookup.page };
  };
  const entries: ListedEntry[] = [];
  for (let i = 0; i < resolved.length; i++) {
    entries.push(entryOf(resolved[i]));
    if (i % ENTRY_CHUNK === ENTRY_CHUNK - 1) await slices.breathe();
  }
  return { entries, counts };
}

/**
 * List phase 5: the answer as it will be written, entry by entry, in JSON or XML. Each part's size is measured once:
 * it bounds the answer (over the cap it is refused, never built) and, with the entries' heads, gives the answer's
 * Content-Length before any entry is written.
 */
export async function listedAnswer(
  entries: ListedEntry[],
  json: Map<number, string>,
  budget: AnswerBudget,
  totalItems: number,
  summary: ListedAnswer['summary'],
  slices: Slices,
): Promise<ListedAnswer> {
  const partBytes = new Map<number, number>();
  for (const [id, text] of json) partBytes.set(id, Buffer.byteLength(text));
  const headTexts: string[] = [];
  for (let i = 0; i < entries.length; i++) {
    for (const row of entries[i].page) budget.addBytes(partBytes.get(row.item_id)! + 1);
    if (i % ENTRY_CHUNK === ENTRY_CHUNK - 1) await slices.breathe();
  }
  for (let i = 0; i < entries.length; i++) {
    headTexts.push(jsonText(entries[i].head));
    if (i % ENTRY_CHUNK === ENTRY_CHUNK - 1) await slices.breathe();
  }
  const entryJson = (i: number) => {
    const { page } = entries[i];
    const text = headTexts[i];
    return page.length === 0
      ? text
      : `${text.slice(0, -1)},"PartList":[${page.map((row) => json.get(row.item_id)).join(',')}]}`;
  };
  const entryJsonBytes = (i: number) => {
    const { page } = entries[i];
    const headBytes = Buffer.byteLength(headTexts[i]);
    if (page.length === 0) return headBytes;
    // `,"PartList":[` (13) + parts + commas + `]`, in place of the head's closing brace.
    return headBytes + 13 + page.reduce((sum, row) => sum + partBytes.get(row.item_id)!, 0) + (page.length - 1) + 1;
  };
  // XML: each distinct part is converted once, however many entries list it.
  const partXml = new Map<number, string>();
  const xmlOfPart = (id: number) => {
    let text = partXml.get(id);
    if (text === undefined) {
      text = xmlFragment({ PartList: JSON.parse(json.get(id)!) as unknown });
      partXml.set(id, text);
    }
    return text;
  };
  const entryXml = (i: number) => {
    const { head, page } = entries[i];
    return `<resultList>${xmlFragment(head)}${page.map((row) => xmlOfPart(row.item_id)).join('')}</resultList>`;
  };
  return { totalItems, summary, count: entries.length, entryJson, entryJsonBytes, entryXml };
}
