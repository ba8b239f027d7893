/**
 * The order flow's controller (taskpane/order/controller.ts) against the service's test environment: the selected
 * priced rows of an in-memory workbook are ordered over HTTP, and the answer is written back to the sheet.
 */
import { DEFAULT_SETTINGS, type PartsheetSettings } from '../../src/settings';
import { PRICED_BOM_COLUMNS, type PricedLine } from '../../src/purchase/priced-layout';
import { columnLetters, createWorkbookPort } from '../../src/excel';
import { MemoryWorkbook } from '../../testing/excel';
import { ORDER_PROBLEM_FILL } from '../../src/excel/order-sheet';
import { ORDERS_LOG_HEADERS } from '../../src/excel/orders-log';
import { STATUS_FILLS, writePricedResults } from '../../src/excel/priced-sheet';
import { CHECKOUT_FIXTURES as F } from '../../service/demo/generate';
import { OrderController, type OrderServices } from '../../taskpane/order/controller';
import { memoryCredentialStore } from '../../taskpane/order/credentials';
import { startTestService, type TestService } from '../helpers/service';
import { memorySettingsPort, paneServicesForTest } from '../../testing/pane-services';

jest.setTimeout(60_000);

let svc: TestService;
let faulty: TestService;

beforeAll(async () => {
  [svc, faulty] = await Promise.all([
    startTestService({ parts: 400 }),
    startTestService({ parts: 400, faults: 'backoffice.failed.sales.order.create' }),
  ]);
});

afterAll(async () => {
  await Promise.all([svc?.close(), faulty?.close()]);
});

/** A priced line as the task pane writes it; `row` is the 0-based row within the BOM block (row 0 is the header). */
function line(row: number, o: Partial<PricedLine>): PricedLine {
  return {
    status: 'priced',
    statusReason: '',
    row,
    matchedPart: null,
    manufacturer: null,
    description: null,
    need: o.orderQty ?? 1,
    orderQty: 1,
    unitPrice: 1,
    extended: null,
    currency: 'USD',
    stock: 1000,
    availability: 'In Stock',
    leadTimeWeeks: 6,
    moq: 1,
    pack: 1,
    source: 'MARKETPLACE',
    itemId: null,
    asOf: new Date(2026, 10, 20, 9, 0),
    ...o,
  };
}

const STOCK50 = (row: number, qty = 5) =>
  line(row, {
    matchedPart: 'SMBJ5.0A',
    manufacturer: 'Littelfuse',
    itemId: F.stock50,
    orderQty: qty,
    unitPrice: 0.3,
    stock: 50,
  });
const MOQ100 = (row: number, over: Partial<PricedLine> = {}) =>
  line(row, {
    matchedPart: '2N7002-7-F',
    manufacturer: 'Diodes',
    itemId: F.moq100,
    orderQty: 100,
    unitPrice: 0.05,
    moq: 100,
    pack: 10,
    stock: 25_000,
    ...over,
  });

/** The priced columns start at E (one empty column right of the BOM's A:C); LAST is the last of them (As of). */
const LAST = columnLetters(4 + PRICED_BOM_COLUMNS.length - 1);
/** The Order column: the first right of the priced columns. */
const ORDER = columnLetters(4 + PRICED_BOM_COLUMNS.length);

/** A BOM on "BOM" with a header at row 1 and one BOM row per priced line; the priced columns start at E. */
async function workbook(lines: PricedLine[]): Promise<MemoryWorkbook> {
  const book = new MemoryWorkbook({ sheets: ['BOM'] });
  const bom: (string | number)[][] = [['MPN', 'Qty', 'Ref']];
  for (let i = 1; i <= Math.max(...lines.map((l) => l.row ?? 0)); i++) bom.push([`PART-${i}`, 1, `R${i}`]);
  book.setValues('BOM', `A1:C${bom.length}`, bom);
  const gateway = createWorkbookPort(book.host);
  await writePricedResults(
    gateway,
    { sheet: 'BOM', rowIndex: 0, columnIndex: 0, rowCount: bom.length, columnCount: 3, headerRow: 0 },
    lines,
    {
      confirm: async () => 'replace',
    },
  );
  return book;
}

function settings(patch: Partial<PartsheetSettings> = {}, service: TestService = svc): PartsheetSettings {
  return {
    ...DEFAULT_SETTINGS,
    sources: [],
    environment: 'test',
    itemBaseUrl: service.testUrl,
    checkoutBaseUrl: service.testUrl,
    ...patch,
  };
}

interface Flow {
  book: MemoryWorkbook;
  controller: OrderController;
  requests: string[];
}

async function flow(
  lines: PricedLine[],
  options: { settings?: PartsheetSettings; select?: string } = {},
): Promise<Flow> {
  const book = await workbook(lines);
  const requests: string[] = [];
  const services: OrderServices = paneServicesForTest({
    book: createWorkbookPort(book.host),
    settings: memorySettingsPort(options.settings ?? settings()),
    credentials: memoryCredentialStore(),
    fetch: ((input: string | URL | Request, init?: RequestInit) => {
      requests.push(String(input));
      return fetch(input, init);
    }) as typeof fetch,
    now: () => new Date(2026, 10, 20, 9, 30),
  });
  const controller = new OrderController(services);
  controller.start();
  await new Promise((r) => setTimeout(r, 10));
  book.select('BOM', options.select ?? `A2:A${Math.max(...lines.map((l) => l.row ?? 0)) + 1}`);
  await controller.readSelection();
  return { book, controller, requests };
}

function fill(
  controller: OrderController,
  patch: Partial<
    Record<
      'customerPONumber' | 'shipToAddressId' | 'username' | 'password' | 'billToAddressId' | 'discountCode',
      string
    >
  > = {},
) {
  const values = {
    username: 'buyer@example.com',
    password: 'demo-password',
    customerPONumber: 'PO-INT-1',
    shipToAddressId: '1001',
    ...patch,
  };
  for (const [field, value] of Object.entries(values)) controller.setField(field as 'username', value);
}

const problemTitles = (c: OrderController) => c.getState().problems.map((p) => p.title);

describe('the review', () => {
  test('rows that cannot be ordered are listed with the reason and left out; rows of one item make one line', async () => {
    // Two lines of one part (needs 5 and 3): the plan buys the part once, so both rows show its order quantity, 8.
    const { controller } = await flow([
      { ...STOCK50(1, 8), need: 5, share: 5 },
      line(2, {
        status: 'not found',
        statusReason: 'no part matches',
        matchedPart: null,
        unitPrice: null,
        itemId: null,
        orderQty: null,
      }),
      line(3, {
        status: 'no price',
        statusReason: 'quote only',
        matchedPart: 'LM358N',
        itemId: F.quoteOnly,
        unitPrice: null,
      }),
      line(4, {
        matchedPart: 'ATMEGA328P-PU',
        itemId: F.stock20,
        stock: 0,
        statusReason: 'out of stock at MARKETPLACE',
      }),
      line(5, { status: 'skipped', statusReason: 'not placed (DNP column: "DNP")', itemId: null, unitPrice: null }),
      line(6, { status: 'ambiguous', statusReason: '2 candidates', itemId: null, unitPrice: null }),
      line(7, { matchedPart: '1N4148W-7-F', itemId: F.nacInStock, source: 'NAC' }),
      { ...STOCK50(8, 8), need: 3, share: 3 },
      MOQ100(9),
    ]);
    const state = controller.getState();
    expect(state.lines.map((l) => [l.itemId, l.entered, l.rows])).toEqual([
      [F.stock50, '8', [1, 8]],
      [F.moq100, '100', [9]],
    ]);
    expect(state.leftOut.map((r) => `${r.row + 1}: ${r.reason}`)).toEqual([
      '3: not found: no part matches it; check the part number and price again',
      '4: quote only: there is no price to order at; ask for a quote',
      '5: no stock at MARKETPLACE',
      '6: skipped (not placed (DNP column: "DNP"))',
      '7: ambiguous: choose the part in the BOM tab first',
      '8: regional (NAC) offer: marketplace and regional items cannot be in one order; they go in the next order',
    ]);
  });
});

describe('create and submit in the test environment', () => {
  test('create: the order id goes to the Order column of each row and the order to a new Orders sheet', async () => {
    const { book, controller, requests } = await flow([STOCK50(1, 5), MOQ100(2)]);
    fill(controller, { customerPONumber: 'PO-CREATE', billToAddressId: '2001', discountCode: 'DEMO10' });
    await controller.create();
    const { outcome, failure, phase } = controller.getState();
    expect(failure).toBeNull();
    expect(phase).toBe('done');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toContain('submitOrder=false');
    expect(requests[0]).not.toContain('demo-password');
    expect(outcome).toMatchObject({ submitted: false, environment: 'test', po: 'PO-CREATE', currency: 'USD' });
    expect(outcome!.orderId).toMatch(/^9\d{7}$/);
    expect(outcome!.lines.map((l) => [l.itemId, l.qty])).toEqual([
      [F.stock50, 5],
      [F.moq100, 100],
    ]);
    expect(outcome!.discount).toBeGreaterThan(0);
    expect(outcome!.total).toBeCloseTo(outcome!.subtotal! - outcome!.discount!, 2);

    // The Order column is right of As of (E..LAST), at ORDER.
    expect(book.getValues('BOM', `${ORDER}1:${ORDER}3`)).toEqual([
      ['Order'],
      [`${outcome!.orderId} created 2026-11-20 09:30`],
      [`${outcome!.orderId} created 2026-11-20 09:30`],
    ]);
    expect(book.cell('BOM', `${ORDER}1`)?.bold).toBe(true);
    expect(outcome!.orderColumn).toBe(`BOM!${ORDER}1:${ORDER}3`);
    expect(book.getValues('Orders', 'A1:L1')[0]).toEqual(ORDERS_LOG_HEADERS);
    const logged = book.getValues('Orders', 'B2:L2')[0];
    expect(logged).toEqual([
      'test',
      'PO-CREATE',
      outcome!.orderId,
      'no',
      2,
      `${F.stock50} (SMBJ5.0A) × 5; ${F.moq100} (2N7002-7-F) × 100`,
      outcome!.subtotal,
      outcome!.discount,
      outcome!.total,
      'USD',
      'BOM rows 2, 3',
    ]);
    expect(typeof book.getValues('Orders', 'A2')[0][0]).toBe('number');
    expect(book.cell('Orders', 'A2')?.numberFormat).toBe('yyyy-mm-dd hh:mm');
  });

  test('a created order submitted from its result: the same order, the stock taken, the Order column and the log record it', async () => {
    const { book, controller, requests } = await flow([STOCK50(1, 4), MOQ100(2)]);
    fill(controller, { customerPONumber: 'PO-LATER', discountCode: 'DEMO10' });
    await controller.create();
    const created = controller.getState().outcome!;
    expect(created.submitted).toBe(false);
    await controller.submitCreated();
    const { outcome, failure } = controller.getState();
    expect(failure).toBeNull();
    expect(outcome).toMatchObject({
      orderId: created.orderId,
      submitted: true,
      subtotal: created.subtotal,
      discount: created.discount,
      total: created.total,
    });
    expect(requests).toHaveLength(2);
    const sent = new URL(requests[1]).searchParams;
    expect([sent.get('orderId'), sent.get('submitOrder'), sent.get('itemIds')]).toEqual([
      created.orderId,
      'true',
      null,
    ]);
    expect(book.getValues('BOM', `${ORDER}2:${ORDER}3`)).toEqual([
      [`${created.orderId} submitted 2026-11-20 09:30`],
      [`${created.orderId} submitted 2026-11-20 09:30`],
    ]);
    expect(book.getValues('Orders', 'C2:E3')).toEqual([
      ['PO-LATER', created.orderId, 'no'],
      ['PO-LATER', created.orderId, 'yes'],
    ]);
    // Submitting again does nothing: the result no longer offers it, and the controller sends nothing.
    await controller.submitCreated();
    expect(requests).toHaveLength(2);
  });

  test('submit: the order is submitted and the next order is appended under it', async () => {
    const { book, controller } = await flow([STOCK50(1, 2)]);
    fill(controller, { customerPONumber: 'PO-SUBMIT-1' });
    await controller.submit();
    const first = controller.getState().outcome!;
    expect(first.submitted).toBe(true);
    expect(first.lines[0].aqt).toBeLessThanOrEqual(48);
    expect(book.getValues('BOM', `${ORDER}2`)[0][0]).toBe(`${first.orderId} submitted 2026-11-20 09:30`);

    controller.backToReview();
    controller.setField('customerPONumber', 'PO-SUBMIT-2');
    controller.includeOrdered(1, true);
    const sending = controller.submit();
    await waitFor(() => controller.getState().question?.kind === 'already-ordered');
    controller.answerQuestion('yes');
    await sending;
    const second = controller.getState().outcome!;
    expect(Number(second.orderId)).toBeGreaterThan(Number(first.orderId));
    expect(book.getValues('Orders', 'C2:E3')).toEqual([
      ['PO-SUBMIT-1', first.orderId, 'yes'],
      ['PO-SUBMIT-2', second.orderId, 'yes'],
    ]);
    // The row was ordered twice: its Order cell names both orders.
    expect(book.getValues('BOM', `${ORDER}2`)[0][0]).toBe(
      `${first.orderId} submitted 2026-11-20 09:30; ${second.orderId} submitted 2026-11-20 09:30`,
    );
  });
});

describe('what the service refuses, in plain words, at the line or field, with the row marked', () => {
  test('minimum: a sheet with a stale MOQ; the service says so in the catalogue’s words and the row is marked', async () => {
    const { book, controller, requests } = await flow([STOCK50(1), MOQ100(2, { moq: 1, pack: 1, orderQty: 30 })]);
    fill(controller);
    await controller.create();
    const state = controller.getState();
    expect(requests).toHaveLength(1);
    expect(state.failure).toMatchObject({ kind: 'refused', mayExist: false });
    const problem = state.problems.find((p) => p.lineKey === F.moq100)!;
    expect(problem.title).toBe('Row 3, 2N7002-7-F: quantity 30 is below the minimum 100');
    expect(problem.fix).toContain('Suggested quantity: 100');
    expect(problem.suggestedQuantity).toBe(100);
    expect(book.cell('BOM', 'E3')?.fill).toBe(ORDER_PROBLEM_FILL);
    expect(book.cell('BOM', `${LAST}3`)?.fill).toBe(ORDER_PROBLEM_FILL);
    expect(book.cell('BOM', 'E2')?.fill).toBeUndefined();
    expect(String(book.getValues('BOM', `${ORDER}3`)[0][0])).toBe(
      'Not ordered: Row 3, 2N7002-7-F: quantity 30 is below the minimum 100. Order at least the minimum order quantity, in whole packs. Suggested quantity: 100.',
    );

    // The suggested quantity: sent again, the order goes through and the mark comes off.
    controller.setQuantity(F.moq100, '100');
    await controller.create();
    expect(controller.getState().outcome?.orderId).toMatch(/^9\d{7}$/);
    expect(book.cell('BOM', 'E3')?.fill).toBeUndefined();
    expect(book.cell('BOM', `${LAST}3`)?.fill).toBeUndefined();
    expect(String(book.getValues('BOM', `${ORDER}3`)[0][0])).toMatch(/^9\d{7} created/);
  });

  test('increment: a pack size the sheet does not know', async () => {
    const { controller } = await flow([MOQ100(1, { pack: null, orderQty: 105 })]);
    fill(controller);
    await controller.create();
    expect(problemTitles(controller)).toEqual(['Row 2, 2N7002-7-F: quantity 105 is not a whole number of packs of 10']);
    expect(controller.getState().problems[0].suggestedQuantity).toBe(110);
  });

  test('maximum: more than the stock, which the sheet did not know', async () => {
    const { book, controller } = await flow([
      line(1, { matchedPart: 'ATMEGA328P-PU', itemId: F.stock20, orderQty: 21, stock: null }),
    ]);
    fill(controller);
    await controller.create();
    expect(problemTitles(controller)).toEqual(['Row 2, ATMEGA328P-PU: quantity 21 is more than the 20 available']);
    expect(controller.getState().problems[0].lineKey).toBe(F.stock20);
    // The line now knows the stock the service reported.
    expect(controller.getState().lines[0].stock).toBe(20);
    expect(book.cell('BOM', 'E2')?.fill).toBe(ORDER_PROBLEM_FILL);
  });

  test('not a terms address: shown at the ship-to field', async () => {
    const { controller } = await flow([STOCK50(1)]);
    fill(controller, { shipToAddressId: '1002' });
    await controller.create();
    const [problem] = controller.getState().problems;
    expect(problem).toMatchObject({
      code: 'checkout.address.not.terms',
      place: 'shipToAddressId',
      title: 'The ship-to address is not a terms address',
    });
  });

  test('item not found: the line and its row', async () => {
    const { book, controller } = await flow([STOCK50(1), line(2, { matchedPart: 'GONE-1', itemId: '99999999' })]);
    fill(controller);
    await controller.create();
    const problem = controller.getState().problems[0];
    expect(problem).toMatchObject({
      code: 'checkout.item.not.found',
      lineKey: '99999999',
      title: 'Row 3, GONE-1: this part is not in the catalog',
    });
    expect(book.cell('BOM', 'E3')?.fill).toBe(ORDER_PROBLEM_FILL);
    expect(book.cell('BOM', 'E2')?.fill).toBeUndefined();
  });

  test('auth: a wrong password is named at the password field and not kept', async () => {
    const { controller } = await flow([STOCK50(1)]);
    fill(controller, { password: 'wrong' });
    await controller.create();
    const state = controller.getState();
    expect(state.failure?.kind).toBe('auth');
    expect(state.problems[0]).toMatchObject({
      place: 'password',
      title: 'The password is not right for this username',
      fix: 'Enter the checkout password again.',
    });
    expect(state.passwordHeld).toBeNull();
    expect(state.form.password).toBe('');
  });

  test('an unknown user is named at the username field', async () => {
    const { controller } = await flow([STOCK50(1)]);
    fill(controller, { username: 'nobody@example.com' });
    await controller.create();
    expect(controller.getState().problems[0]).toMatchObject({ code: 'checkout.user.not.found', place: 'username' });
  });

  test('a freight-forwarder ship-to address without the ultimate destination opens its fields', async () => {
    const { controller } = await flow([STOCK50(1)]);
    fill(controller, { shipToAddressId: '1003' });
    await controller.create();
    const state = controller.getState();
    expect(state.problems[0]).toMatchObject({ code: 'checkout.uc.required', place: 'freightForwarder' });
    expect(state.form.freightForwarder).toBe(true);
  });

  test('what the form can tell is never sent: a missing PO number', async () => {
    const { controller, requests } = await flow([STOCK50(1)]);
    fill(controller, { customerPONumber: '' });
    await controller.create();
    expect(requests).toHaveLength(0);
    expect(controller.getState().problems).toEqual([
      expect.objectContaining({ place: 'customerPONumber', title: 'The purchase-order (PO) number is missing.' }),
    ]);
    expect(controller.getState().failure?.kind).toBe('invalid');
  });
});

describe('an order that may exist although the call failed', () => {
  test('the fault switch: the order id is reported, recorded, and no blind retry is accepted', async () => {
    const { book, controller, requests } = await flow([STOCK50(1)], { settings: settings({}, faulty) });
    fill(controller, { customerPONumber: 'PO-FAULT' });
    await controller.create();
    const state = controller.getState();
    expect(requests).toHaveLength(1);
    expect(state.failure).toMatchObject({ kind: 'order-may-exist', mayExist: true, retrySafe: false });
    expect(state.failure!.orderId).toMatch(/^9\d{7}$/);
    expect(state.failure!.text).toContain(state.failure!.orderId!);
    expect(state.failure!.text).toMatch(/Do not send the order again/);
    const id = state.failure!.orderId!;
    expect(book.getValues('BOM', `${ORDER}2`)[0][0]).toBe(
      `${id} not confirmed 2026-11-20 09:30: check before ordering again`,
    );
    expect(book.getValues('Orders', 'C2:E2')).toEqual([['PO-FAULT', id, 'not confirmed']]);

    // A plain create or submit does nothing now.
    await controller.create();
    await controller.submit();
    expect(requests).toHaveLength(1);
    // Nor does "send again" without the tick.
    await controller.sendChecked();
    expect(requests).toHaveLength(1);
    controller.setChecked(true);
    await controller.sendChecked();
    expect(requests).toHaveLength(2);
    expect(controller.getState().question).toBeNull();
  });
});

describe('one order at a time', () => {
  test('two submit calls at once send one request', async () => {
    const { controller, requests } = await flow([STOCK50(1)]);
    fill(controller, { customerPONumber: 'PO-DOUBLE' });
    await Promise.all([controller.submit(), controller.submit(), controller.create()]);
    expect(requests).toHaveLength(1);
    expect(controller.getState().outcome?.submitted).toBe(true);
  });

  test('the same PO number in the Orders log asks first; "no" sends nothing', async () => {
    const { controller, requests } = await flow([STOCK50(1)]);
    fill(controller, { customerPONumber: 'PO-TWICE' });
    await controller.create();
    expect(requests).toHaveLength(1);
    controller.backToReview();
    // The row just ordered is left out until ticked back in; then the order asks about it and about the PO number,
    // both in one review with one answer.
    expect(controller.getState().lines).toEqual([]);
    controller.includeOrdered(controller.getState().alreadyOrdered[0].row, true);
    const second = controller.create();
    await waitFor(() => controller.getState().question?.kind === 'review');
    const review = controller.getState().question!;
    if (review.kind !== 'review') throw new Error('no review');
    expect(review.asked.map((q) => q.kind)).toEqual(['already-ordered', 'duplicate-po']);
    const po = review.asked.find((q) => q.kind === 'duplicate-po');
    if (po?.kind !== 'duplicate-po') throw new Error('no PO question');
    expect(po.earlier.map((e) => e.orderId)).toEqual([controller.getState().lines[0].previousOrders[0].split(' ')[0]]);
    controller.answerQuestion('no');
    await second;
    expect(requests).toHaveLength(1);
    const third = controller.create();
    await waitFor(() => controller.getState().question?.kind === 'review');
    controller.answerQuestion('yes');
    await third;
    expect(requests).toHaveLength(2);
  });

  test('submitting to production asks with the total first; "no" sends nothing', async () => {
    const production = settings({
      environment: 'production',
      itemBaseUrl: svc.productionUrl,
      checkoutBaseUrl: svc.productionUrl,
    });
    const { controller, requests } = await flow([STOCK50(1, 4)], { settings: production });
    expect(controller.getState().form.environment).toBe('production');
    fill(controller, { customerPONumber: 'PO-PROD' });
    const sending = controller.submit();
    await waitFor(() => controller.getState().question !== null);
    expect(controller.getState().question).toMatchObject({ kind: 'production', lines: 1, total: '1.20 USD' });
    controller.answerQuestion('no');
    await sending;
    expect(requests).toHaveLength(0);
    expect(controller.getState().phase).toBe('review');
  });
});

test('a status colour comes back when a mark is taken off', async () => {
  const { book, controller } = await flow([
    line(1, {
      matchedPart: 'ATMEGA328P-PU',
      itemId: F.stock20,
      orderQty: 30,
      stock: 20,
      statusReason: 'short of need: 20 in stock',
    }),
  ]);
  expect(book.cell('BOM', 'E2')?.fill).toBe(STATUS_FILLS.shortOfNeed.color);
  fill(controller);
  await controller.create();
  expect(controller.getState().problems[0].code).toBe('checkout.item.quantity.maximum');
  expect(book.cell('BOM', 'E2')?.fill).toBe(ORDER_PROBLEM_FILL);
  controller.setQuantity(F.stock20, '20');
  await controller.create();
  expect(controller.getState().outcome).not.toBeNull();
  expect(book.cell('BOM', 'E2')?.fill).toBe(STATUS_FILLS.shortOfNeed.color);
  expect(book.cell('BOM', 'F2')?.fill).toBeUndefined();
});

async function waitFor(condition: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}
