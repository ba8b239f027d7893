/**
 * The cells the workbook port wrote lately, for a host whose change events do not say who made a change: before
 * ExcelApi 1.14, Worksheet.onChanged's WorksheetChangedEventArgs has no `triggerSource` ("whether this local add-in
 * triggers the event"); its `source` (Local or Remote) counts the add-in's writes as local like the user's, and its
 * `details` come only for a change of one cell. On such a host a change is taken as the add-in's own when every cell
 * of it lies in a block the port wrote (values, cleared contents, rows inserted) during the request or within
 * OWN_WRITE_MS after it: the events of its own requests arrive then. A change of other cells, or later, is the user's.
 */
import { type CellBlock, MAX_COLUMNS, MAX_ROWS } from './address';

/** How long after a write a change of its cells is still taken as the add-in's own, ms. */
export const OWN_WRITE_MS = 2_000;

const within = (inner: CellBlock, outer: CellBlock): boolean =>
  inner.sheet.toLowerCase() === outer.sheet.toLowerCase() &&
  inner.row >= outer.row &&
  inner.column >= outer.column &&
  inner.row + inner.rows <= outer.row + outer.rows &&
  inner.column + inner.columns <= outer.column + outer.columns;

export class OwnWrites {
  private written: Array<{ block: CellBlock; until: number }> = [];

  constructor(
    private readonly now: () => number = () => Date.now(),
    private readonly windowMs = OWN_WRITE_MS,
  ) {}

  /** Runs `write`, the cells of `blocks` recorded as the port's from before it is sent until OWN_WRITE_MS after it. */
  async writing<T>(blocks: readonly CellBlock[], write: () => Promise<T>): Promise<T> {
    const entries = blocks.map((block) => ({ block, until: Infinity }));
    this.written.push(...entries);
    try {
      return await write();
    } finally {
      const until = this.now() + this.windowMs;
      for (const e of entries) e.until = until;
    }
  }

  /** Whether every cell of `block` was written by the port lately (see above). */
  covers(block: CellBlock): boolean {
    const now = this.now();
    this.written = this.written.filter((w) => w.until >= now);
    return this.written.some((w) => within(block, w.block));
  }
}

/** The cells that rows inserted at `row` change: every cell of the sheet from that row down. */
export const insertedBlock = (sheet: string, row: number): CellBlock => ({
  sheet,
  row,
  column: 0,
  rows: MAX_ROWS - row,
  columns: MAX_COLUMNS,
});
