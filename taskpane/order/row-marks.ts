/**
 * The rows of the sheet that a refused or unsendable order concerns: marked so the buyer finds them, unmarked before
 * the next send or selection, and told why they were not ordered in the Order column where it can take the words
 * without asking. Each is a help to find the rows (the pane names them too): a failure here is never the order's.
 */
import { type SheetPricedRow, markOrderRows, unmarkOrderRows, writeOrderCells } from '../../src/excel/order-sheet';
import type { ReviewLine } from '../../src/workflows/order-lines';
import type { OrderServices, OrderState } from './order-state';
import { type ShownProblem, problemText, rowsOf } from './order-problems';

/** What marking rows needs of the order flow (order-flow.ts): its workbook, its selection and the rows picked. */
interface MarkingFlow {
  readonly services: Pick<OrderServices, 'book'>;
  state(): Pick<OrderState, 'selection'>;
  set(patch: Partial<OrderState>): void;
  readonly picked: { readonly rows: readonly SheetPricedRow[] };
}

export class RowMarks {
  private marked: SheetPricedRow[] = [];

  /** Marks the rows of the lines the problems concern. */
  async mark(flow: MarkingFlow, problems: readonly ShownProblem[], lines: readonly ReviewLine[]): Promise<void> {
    const selection = flow.state().selection;
    const rows = rowsOf(problems, lines);
    if (!selection || rows.length === 0) return;
    try {
      await markOrderRows(flow.services.book, selection.block, rows, selection.orderColumn);
      this.marked = flow.picked.rows.filter((r) => rows.includes(r.row));
    } catch {
      // Marking is a help to find the rows; the pane names them too.
    }
  }

  async unmark(flow: MarkingFlow): Promise<void> {
    const selection = flow.state().selection;
    if (!selection || this.marked.length === 0) return;
    const marked = this.marked;
    this.marked = [];
    try {
      await unmarkOrderRows(flow.services.book, selection.block, marked, selection.orderColumn);
    } catch {
      // The rows keep their mark; nothing else depends on it.
    }
  }
}

/**
 * The sheet says why each row of a refused line was not ordered ("Not ordered: …"), in the Order column, where it
 * can take the words without writing over anything.
 */
export async function writeNotOrdered(
  flow: MarkingFlow,
  problems: readonly ShownProblem[],
  lines: readonly ReviewLine[],
): Promise<void> {
  const byRow = new Map<number, string>();
  for (const p of problems) {
    const line = lines.find((l) => l.key === p.lineKey);
    if (!line) continue;
    for (const row of line.rows) byRow.set(row, `Not ordered: ${problemText(p)}`);
  }
  const selection = flow.state().selection;
  if (byRow.size === 0 || !selection) return;
  try {
    const written = await writeOrderCells(
      flow.services.book,
      selection.block,
      [...byRow].map(([row, text]) => ({ row, text })),
      {
        confirm: async () => 'cancel',
        column: selection.orderColumn,
      },
    );
    if (written) flow.set({ selection: { ...selection, orderColumn: written.column } });
  } catch {
    // The pane already shows the problems; the sheet text is a convenience.
  }
}
