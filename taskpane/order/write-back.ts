/**
 * Writing an order's answer back to the workbook: the record of the order by BOM line, the Order column beside the
 * priced columns, a row in the Orders log, and the ship-to address used. What fails is noted in plain words for the
 * outcome, never thrown: the order exists whatever the workbook took of it.
 */
import { formatDateTime } from '../../src/purchase/priced-layout';
import type { CheckoutRequest, OrderResult } from '../../src/checkout';
import type { OrderRecord, RecordedState } from '../../src/excel/order-record';
import { writeOrderCells } from '../../src/excel/order-sheet';
import { type LoggedOrder, type OrdersLogEntry, appendOrdersLog } from '../../src/excel/orders-log';
import type { OverwriteChoice, OverwriteQuestion } from '../../src/excel/priced-sheet';
import { groupKey } from '../../src/workflows/order-groups';
import type { ReviewLine } from '../../src/workflows/order-lines';
import { orderRecordOf, recordOrder, submittedRecordOf } from '../../src/workflows/place-order';
import { describeProblem } from '../errors';
import type { OrderFlow } from './order-flow';
import { itemsText, rowsText } from './order-problems';
import type { OrderOutcome } from './order-state';
import { shipToAccount } from './ship-to';

/** Asks whether to write over cells that hold something; anything but replace or elsewhere cancels. */
function confirmOverwrite(flow: OrderFlow) {
  return async (question: OverwriteQuestion): Promise<OverwriteChoice> => {
    const answer = await flow.ask({ kind: 'overwrite', question });
    return answer === 'replace' || answer === 'elsewhere' ? answer : 'cancel';
  };
}

/** Writes the Order cells of the rows; the address written, or null (and why, in `notes`). */
export async function writeOrderColumn(
  flow: OrderFlow,
  writes: Array<{ row: number; text: string }>,
  notes: string[],
): Promise<string | null> {
  const selection = flow.state().selection;
  if (!selection || writes.length === 0) return null;
  try {
    const written = await writeOrderCells(flow.services.book, selection.block, writes, {
      confirm: confirmOverwrite(flow),
      column: selection.orderColumn,
    });
    if (!written) {
      notes.push('The Order column was not written: you chose not to write over those cells.');
      return null;
    }
    flow.set({ selection: { ...selection, orderColumn: written.column } });
    return written.address;
  } catch (e) {
    notes.push(`The Order column could not be written: ${describeProblem(e).text}`);
    return null;
  }
}

/** The Order cells of `rows`: every order of each row, as the record names them. */
export function orderCells(flow: OrderFlow, rows: readonly number[]): Array<{ row: number; text: string }> {
  return rows.map((row) => ({ row, text: flow.picked.orderText(row) }));
}

/** The record of an order: each BOM line it orders, by identity (rows whose part-number column is unknown have none). */
export function orderRecordFor(
  flow: OrderFlow,
  order: { state: RecordedState; orderId: string; at: Date; request: CheckoutRequest; sent: readonly ReviewLine[] },
): OrderRecord | null {
  const selection = flow.state().selection;
  if (!selection) return null;
  return orderRecordOf({
    ...order,
    environment: flow.state().form.environment,
    sheet: selection.block.sheet,
    identityOf: flow.picked.identityOf(),
    boards: selection.boards,
  });
}

/** Adds the order to the workbook's record of orders (never takes one away); what fails is noted. */
export async function keepRecord(flow: OrderFlow, order: OrderRecord | null, notes: string[]): Promise<void> {
  if (!order) return;
  try {
    if ((await recordOrder(flow.services.workbook, order)) === 'full') {
      notes.push(
        'The workbook’s record of orders is full, so these rows will not show as already ordered in a later review; the order is in the Orders sheet.',
      );
    }
  } catch (e) {
    notes.push(
      `The workbook did not keep the record of this order, so its rows may not show as already ordered later: ${describeProblem(e).text}`,
    );
  }
}

/** Appends the order to the Orders log; the row logged, or null (and why, in `notes`). */
export async function logOrder(flow: OrderFlow, entry: OrdersLogEntry, notes: string[]): Promise<LoggedOrder | null> {
  try {
    return await appendOrdersLog(flow.services.book, entry);
  } catch (e) {
    notes.push(`The order could not be added to the Orders sheet: ${describeProblem(e).text}`);
    return null;
  }
}

/** The Orders log's rows text for the selection's sheet ('' with no selection). */
export function logRows(flow: OrderFlow, rows: readonly number[]): string {
  const selection = flow.state().selection;
  return selection ? rowsText(selection.block.sheet, rows) : '';
}

/** The order's id written to its rows and the order appended to the log; what fails is noted, never thrown. */
export async function writeBack(
  flow: OrderFlow,
  result: OrderResult,
  request: CheckoutRequest,
  sent: readonly ReviewLine[],
  at: Date,
): Promise<OrderOutcome> {
  const orderId = result.orderId ?? '';
  const state = flow.state();
  const environment = state.form.environment;
  const notes: string[] = [];
  for (const warning of result.warnings ?? [])
    notes.push(
      `The confirmation had a line that could not be read (${warning}); check the order in the order history.`,
    );
  const rows = sent.flatMap((l) => l.rows);
  const recorded = result.submitted ? 'submitted' : 'created';
  await keepRecord(flow, orderRecordFor(flow, { state: recorded, orderId, at, request, sent }), notes);
  flow.picked.doneGroups.set(groupKey(state.group), orderId);
  const text = `${orderId} ${recorded} ${formatDateTime(at)}`;
  flow.picked.noteOrdered(rows, { orderId, text });
  const orderColumn = await writeOrderColumn(flow, orderCells(flow, rows), notes);
  const items = itemsText(request, sent);
  const logged = await logOrder(
    flow,
    {
      time: at,
      environment,
      po: request.customerPONumber,
      orderId,
      submitted: result.submitted ? 'yes' : 'no',
      lines: request.lines.length,
      items,
      subtotal: result.subtotal,
      discount: result.discount,
      total: result.total,
      currency: result.currency ?? '',
      rows: logRows(flow, rows),
    },
    notes,
  );
  const shipTos = await flow.services.shipTos
    .used(environment, {
      id: request.shipToAddressId,
      account: shipToAccount(flow.state().form),
      lastUsed: at.toISOString(),
    })
    .catch(() => flow.state().shipTos);
  flow.set({ shipTos });
  const updated = new Set(rows);
  flow.set({
    lines: flow.state().lines.map((l) => (l.rows.some((r) => updated.has(r)) ? { ...l, previousOrders: [text] } : l)),
  });
  return {
    orderId,
    submitted: result.submitted,
    environment,
    po: request.customerPONumber,
    at,
    subtotal: result.subtotal,
    discount: result.discount,
    total: result.total,
    currency: result.currency,
    shipAgent: result.shipAgent,
    shipService: result.shipService,
    lines: result.lines,
    parts: Object.fromEntries(sent.map((l) => [l.itemId.toUpperCase(), l.part])),
    rows,
    items,
    lineCount: request.lines.length,
    group: state.group,
    orderColumn,
    logged,
    notes,
  };
}

/** After a created order is submitted: its record, its Order cells, its line in the Orders sheet, the outcome. */
export async function writeSubmitted(
  flow: OrderFlow,
  outcome: OrderOutcome,
  result: OrderResult,
  at: Date,
): Promise<void> {
  flow.set({ phase: 'writing' });
  const notes: string[] = [];
  const text = `${outcome.orderId} submitted ${formatDateTime(at)}`;
  const { environment, po, orderId } = outcome;
  const selection = flow.state().selection;
  if (selection) {
    // The same order, now submitted: the record keeps its lines and takes the new state.
    const record = submittedRecordOf({ orderId, at, environment, po, sheet: selection.block.sheet });
    await keepRecord(flow, record, notes);
  }
  flow.picked.noteOrdered(outcome.rows, { orderId, text });
  const orderColumn = await writeOrderColumn(flow, orderCells(flow, outcome.rows), notes);
  const logged = await logOrder(
    flow,
    {
      time: at,
      environment,
      po,
      orderId,
      submitted: 'yes',
      lines: outcome.lineCount,
      items: outcome.items,
      subtotal: result.subtotal,
      discount: result.discount,
      total: result.total,
      currency: result.currency ?? '',
      rows: logRows(flow, outcome.rows),
    },
    notes,
  );
  const rows = new Set(outcome.rows);
  const { subtotal, discount, total, currency, lines } = result;
  flow.set({
    lines: flow.state().lines.map((l) => (l.rows.some((r) => rows.has(r)) ? { ...l, previousOrders: [text] } : l)),
    outcome: {
      ...outcome,
      submitted: true,
      at,
      subtotal,
      discount,
      total,
      currency,
      lines,
      orderColumn,
      logged,
      notes,
    },
    failure: null,
  });
}
