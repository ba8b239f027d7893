/**
 * The caps on one list-search answer and the words of its refusal. The item service refuses a list search over them
 * before building its answer; the gateway, which puts list answers together again from its cache, refuses the same
 * request with the same code and words, so a client cannot get through the gateway what the service would refuse.
 */

/** Most distinct parts one list-search answer may hold. */
export const MAX_ANSWER_PARTS = 2500;
/** Most bytes of parts one list-search answer may hold, measured as JSON (each part's text and one comma). */
export const MAX_ANSWER_BYTES = 12 * 1024 * 1024;
/** The item service's return code for an answer over one of the caps (HTTP 200, `success: false`). */
export const ANSWER_TOO_LARGE_CODE = '54';

/** The refusal's words when the answer would hold more than MAX_ANSWER_PARTS distinct parts. */
export function tooManyPartsMessage(): string {
  return `The answer would hold more than ${MAX_ANSWER_PARTS} parts (the most one list search returns); lower rows, use exact matching, or split the request.`;
}

/** The refusal's words when the parts of the answer would take more than MAX_ANSWER_BYTES. */
export function tooManyBytesMessage(): string {
  return `The answer would be larger than ${MAX_ANSWER_BYTES / 1024 / 1024} MiB (the most one list search returns); lower rows, repeat fewer entries, or split the request.`;
}

/**
 * Counts what one answer will hold and says, as soon as it is over a cap, which refusal applies. Parts are counted
 * by an identity the caller chooses (the service's row id, the gateway's part id as sent), so a part listed by
 * several entries counts once; bytes are counted for every entry that lists the part, as they are written.
 */
export class AnswerTally {
  private readonly ids = new Set<string | number>();
  private bytes = 0;

  /** Adds parts by identity; returns the refusal's words once the distinct parts pass the cap. */
  addParts(ids: Iterable<string | number>): string | undefined {
    for (const id of ids) this.ids.add(id);
    return this.ids.size > MAX_ANSWER_PARTS ? tooManyPartsMessage() : undefined;
  }

  /** Adds bytes of parts; returns the refusal's words once they pass the cap. */
  addBytes(n: number): string | undefined {
    this.bytes += n;
    return this.bytes > MAX_ANSWER_BYTES ? tooManyBytesMessage() : undefined;
  }
}
