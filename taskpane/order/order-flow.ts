/**
 * What the order review's steps share (taskpane/order/controller.ts and the modules of its steps): the services,
 * the state and its setter, the question being asked, the selected rows with their earlier orders, the credentials
 * held, and the rows marked in the sheet.
 */
import type { SheetPricedRow } from '../../src/excel/order-sheet';
import { type OrderGroup, type OrderMark, type OrderPlan, planOrder } from '../../src/workflows/order-lines';
import { marksOutsideChain, noteOrderMark, orderCellOf, orderMarksOf } from '../../src/workflows/place-order';
import type { HeldCredentials } from './credentials';
import type { OrderQuestion, OrderServices, OrderState, QuestionAnswer } from './order-state';
import type { RowMarks } from './row-marks';

export interface OrderFlow {
  readonly services: OrderServices;
  state(): OrderState;
  set(patch: Partial<OrderState>): void;
  /** Shows a question and waits for its answer. */
  ask(question: OrderQuestion): Promise<QuestionAnswer>;
  readonly picked: PickedRows;
  readonly credentials: HeldCredentials;
  readonly marks: RowMarks;
}

/**
 * The rows of the selection under review and what is known of their orders: the earlier orders by sheet row, the
 * rows ordered before that the buyer ticked back in, the groups of this selection ordered already, and the orders
 * made from it (the first of two orders: the next one may use the same PO without asking).
 */
export class PickedRows {
  rows: SheetPricedRow[] = [];
  /** Earlier orders of the selected rows, by sheet row, from the record of orders (and the orders made since). */
  marks = new Map<number, OrderMark[]>();
  /** Rows ordered before that the buyer ticked back in. */
  readonly included = new Set<number>();
  /** The groups of this selection ordered already (groupKey → order id): their rows say "in order N". */
  readonly doneGroups = new Map<string, string>();
  /** Orders made from this selection that the next group's review follows (their rows are not "ordered before"). */
  readonly chain = new Set<string>();
  /** Every order made from this selection, whatever came after it (Back to the review, Prepare the next order). */
  readonly made = new Set<string>();

  /** Takes a new selection's rows: their earlier orders from the record of orders of `sheet`, nothing chosen yet. */
  take(rows: SheetPricedRow[], services: Pick<OrderServices, 'workbook'>, sheet: string): void {
    this.rows = rows;
    this.included.clear();
    this.doneGroups.clear();
    this.marks = orderMarksOf(services.workbook.loadOrders(), sheet, rows);
    this.chain.clear();
    this.made.clear();
  }

  clear(): void {
    this.rows = [];
    this.marks = new Map();
  }

  /** The first review of the rows: every earlier order shown. */
  firstPlan(): OrderPlan {
    return planOrder(this.rows, { ordered: this.marks });
  }

  /** The review of `group`, after the orders of this selection. */
  plan(group: OrderGroup): OrderPlan {
    return planOrder(this.rows, {
      group,
      done: this.doneGroups,
      ordered: marksOutsideChain(this.marks, this.chain),
      include: this.included,
    });
  }

  /** The rows an order was placed from are rows ordered before from now on, in this review and the next. */
  noteOrdered(rows: readonly number[], mark: OrderMark): void {
    noteOrderMark(this.marks, rows, mark);
    if (mark.orderId !== '') this.made.add(mark.orderId);
  }

  /** A row's Order cell: every order of the row, as the record names them (the view of src/excel/order-record.ts). */
  orderText(row: number): string {
    return orderCellOf(this.marks, row);
  }

  /** Each row's BOM line identity, by sheet row (null where the part-number column is unknown). */
  identityOf(): (row: number) => string | null | undefined {
    const identity = new Map(this.rows.map((r) => [r.row, r.identity ?? null]));
    return (row) => identity.get(row);
  }
}
