/**
 * Request sizes. Excel on the web refuses a request or a response larger than 5 MB (RichApi.Error
 * "RequestPayloadSizeLimitExceeded"; see "Resource limits and performance optimization for Office Add-ins",
 * Excel add-ins section). Writes and reads are therefore cut into row blocks whose JSON stays under a budget
 * with room to spare for the request's own framing.
 */

/** Excel on the web's limit for one request or one response. */
export const EXCEL_PAYLOAD_LIMIT = 5 * 1024 * 1024;

/** What one block of cells may take: well under the limit, for the framing and the escaping Office adds. */
export const DEFAULT_BLOCK_BUDGET = 4 * 1024 * 1024;

/** Bytes of a string in UTF-8, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** Bytes of a value as JSON in UTF-8. */
export function jsonBytes(value: unknown): number {
  return utf8Length(JSON.stringify(value) ?? '');
}

export interface RowBlock {
  /** Index of the block's first row in the rows given. */
  start: number;
  /** Rows in the block. */
  count: number;
  /** JSON bytes of the block's rows. */
  bytes: number;
}

/**
 * Cuts rows into consecutive blocks whose JSON stays within `budget` bytes and `maxRows` rows. A single row
 * larger than the budget makes a block of its own (the caller decides whether that can be sent).
 */
export function splitRows(
  rows: readonly unknown[][],
  budget: number = DEFAULT_BLOCK_BUDGET,
  maxRows = Infinity,
): RowBlock[] {
  const blocks: RowBlock[] = [];
  let start = 0;
  let bytes = 2;
  let count = 0;
  for (let i = 0; i < rows.length; i++) {
    const rowBytes = jsonBytes(rows[i]) + 1;
    if (count > 0 && (bytes + rowBytes > budget || count >= maxRows)) {
      blocks.push({ start, count, bytes });
      start = i;
      bytes = 2;
      count = 0;
    }
    bytes += rowBytes;
    count++;
  }
  if (count > 0) blocks.push({ start, count, bytes });
  return blocks;
}
