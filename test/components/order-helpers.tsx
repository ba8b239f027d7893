import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { PartsheetSettings } from '../../src/settings';
import type { PricedLine } from '../../src/purchase/priced-layout';
import { writePricedResults } from '../../src/excel/priced-sheet';
import { App } from '../../taskpane/components/App';
import { credentialStore } from '../../taskpane/order/credentials';
import { shipToStore } from '../../taskpane/order/ship-to';
import { type Harness, harness } from './helpers';

export const STOCK20 = '65130988';
export const MOQ100 = '65130989';

export function pricedLine(row: number, o: Partial<PricedLine>): PricedLine {
  return {
    status: 'priced',
    statusReason: '',
    row,
    matchedPart: null,
    manufacturer: null,
    description: null,
    need: 1,
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

/** Two orderable lines and a row that was not found. */
export const DEFAULT_LINES: PricedLine[] = [
  pricedLine(1, {
    matchedPart: 'ATMEGA328P-PU',
    manufacturer: 'Microchip',
    itemId: STOCK20,
    orderQty: 5,
    unitPrice: 2.9,
    stock: 20,
  }),
  pricedLine(2, {
    matchedPart: '2N7002-7-F',
    manufacturer: 'Diodes',
    itemId: MOQ100,
    orderQty: 100,
    unitPrice: 0.05,
    moq: 100,
    pack: 10,
    stock: 25_000,
  }),
  pricedLine(3, {
    status: 'not found',
    statusReason: 'no part matches',
    matchedPart: null,
    itemId: null,
    unitPrice: null,
    orderQty: null,
  }),
];

type Answer = { status: number; body: unknown };
type Responder = (params: URLSearchParams) => Answer;

/** What the checkout answers, as the service does, over a fake fetch; requests are recorded. */
export class FakeCheckout {
  readonly requests: URLSearchParams[] = [];
  private readonly queue: Responder[] = [];
  private nextId = 90000001;
  private waiting: Array<() => void> = [];
  hold = false;

  /** The next request gets this answer; without one, the order is accepted. */
  answer(responder: Responder): this {
    this.queue.push(responder);
    return this;
  }

  release(): void {
    this.waiting.shift()?.();
  }

  fetch = (async (input: string | URL | Request) => {
    const url = new URL(String(input));
    const params = url.searchParams;
    this.requests.push(params);
    if (this.hold) await new Promise<void>((resolve) => this.waiting.push(resolve));
    const { status, body } = (this.queue.shift() ?? ((p) => this.accept(p)))(params);
    const text = JSON.stringify(body);
    return {
      status,
      ok: status >= 200 && status < 300,
      headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
      text: async () => text,
    } as unknown as Response;
  }) as typeof fetch;

  /** Orders created (not submitted), by id, as answered: the checkout's submit of a created order answers them again. */
  readonly created = new Map<string, Record<string, unknown>>();

  accept(params: URLSearchParams): Answer {
    const existing = params.get('orderId');
    if (existing !== null) {
      const order = this.created.get(existing);
      if (!order)
        return refusal(422, [
          {
            code: 'checkout.order.not.found',
            message: `buyer@example.com has no order ${existing} in this environment.`,
          },
        ])(params);
      this.created.delete(existing);
      return { status: 200, body: { OrderPlaced: { ...order, submitted: 'true' } } };
    }
    const ids = (params.get('itemIds') ?? '').split(',');
    const quantities = (params.get('quantities') ?? '').split(',').map(Number);
    const prices: Record<string, number> = { [STOCK20]: 2.9, [MOQ100]: 0.05 };
    const lines = ids.map((id, i) => {
      const ped = prices[id] ?? 1;
      return {
        vid: id,
        qty: String(quantities[i]),
        ped: String(ped),
        itot: (quantities[i] * ped).toFixed(2),
        moq: '1',
        inc: '1',
        esd: '20261121',
      };
    });
    const subtotal = lines.reduce((sum, l) => sum + Number(l.itot), 0);
    const submitted = params.get('submitOrder') === 'true';
    const id = String(this.nextId++);
    const order = {
      serverErrors: '',
      errors: [],
      ProcessedCartEntry: lines,
      id,
      stAddressId: params.get('shipToAddressId'),
      submitted: submitted ? 'true' : 'false',
      subtotal: subtotal.toFixed(2),
      total: subtotal.toFixed(2),
      discount: '0.00',
      currency: 'USD',
      shipAgent: 'B',
      shipService: 'GROUND',
    };
    if (!submitted) this.created.set(id, order);
    return { status: 200, body: { OrderPlaced: order } };
  }
}

/** An error answer as the service sends it. */
export function refusal(
  status: number,
  errors: Array<{ code: string; message: string; itemId?: string; line?: number }>,
  id = '',
): Responder {
  return (params) => ({
    status,
    body: {
      OrderPlaced: {
        serverErrors: errors[0]?.code ?? '',
        errors: errors.map((e) => ({ ...e, ...(e.line !== undefined ? { line: String(e.line) } : {}) })),
        ProcessedCartEntry: [],
        id,
        stAddressId: params.get('shipToAddressId'),
        submitted: 'false',
        subtotal: '',
        total: '',
        discount: '',
        currency: '',
        shipAgent: '',
        shipService: '',
      },
    },
  });
}

export interface OrderHarness extends Harness {
  checkout: FakeCheckout;
  /** What OfficeRuntime.storage would hold. */
  storage: Map<string, string>;
}

/** A store over a Map, as OfficeRuntime.storage behaves. */
export function mapStorage(storage: Map<string, string>) {
  return {
    getItem: async (k: string) => storage.get(k) ?? null,
    setItem: async (k: string, v: string) => void storage.set(k, v),
    removeItem: async (k: string) => void storage.delete(k),
  };
}

export async function orderHarness(
  options: { lines?: PricedLine[]; settings?: Partial<PartsheetSettings>; storage?: Map<string, string> } = {},
): Promise<OrderHarness> {
  const h = harness({ settings: options.settings });
  const lines = options.lines ?? DEFAULT_LINES;
  const rows = Math.max(...lines.map((l) => l.row ?? 0));
  const bom: (string | number)[][] = [['MPN', 'Qty', 'Ref']];
  for (let i = 1; i <= rows; i++) bom.push([`PART-${i}`, 1, `R${i}`]);
  h.book.setValues('BOM', `A1:C${bom.length}`, bom);
  await writePricedResults(
    h.services.book,
    { sheet: 'BOM', rowIndex: 0, columnIndex: 0, rowCount: bom.length, columnCount: 3, headerRow: 0 },
    lines,
    {
      confirm: async () => 'replace',
    },
  );
  h.book.select('BOM', `A2:A${rows + 1}`);
  const checkout = new FakeCheckout();
  const storage = options.storage ?? new Map<string, string>();
  h.services.fetch = checkout.fetch;
  h.services.origin = 'https://localhost:3000';
  h.services.credentials = credentialStore(mapStorage(storage));
  h.services.shipTos = shipToStore(mapStorage(storage));
  return Object.assign(h, { checkout, storage });
}

export function renderOrderPane(h: OrderHarness) {
  return render(
    <FluentProvider theme={webLightTheme}>
      <App services={h.services} controllers={h.controllers} />
    </FluentProvider>,
  );
}

/** Opens the Order view and reads the selected rows. */
export async function openReview(h: OrderHarness): Promise<void> {
  renderOrderPane(h);
  fireEvent.click(screen.getByRole('tab', { name: 'Order' }));
  fireEvent.click(screen.getByRole('button', { name: 'Order selected rows' }));
  await screen.findByRole('list', { name: 'Order lines' });
}

export function type(label: string | RegExp, value: string): void {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** The usual order fields: the demo buyer, a PO number, ship-to 1001. */
export function fillOrder(
  values: Partial<Record<'Username' | 'Password' | 'PO number' | 'Ship-to address id', string>> = {},
): void {
  const all = {
    Username: 'buyer@example.com',
    Password: 'demo-password',
    'PO number': 'PO-100',
    'Ship-to address id': '1001',
    ...values,
  };
  for (const [label, value] of Object.entries(all)) type(new RegExp(`^${label}`), value);
}

export function button(name: string | RegExp): HTMLButtonElement {
  return screen.getByRole('button', { name }) as HTMLButtonElement;
}

/** Fills the usual order fields (`values` over them), sends the order with the review's `action` button and waits for its result. */
export async function placeOrder(
  action: 'Create order' | 'Submit order',
  values: Parameters<typeof fillOrder>[0] = {},
): Promise<HTMLElement> {
  fillOrder(values);
  fireEvent.click(button(action));
  return screen.findByTestId('order-result');
}

/** Ticks every row of "Already ordered" back into the order. */
export function tickOrderedBackIn(): void {
  const list = screen.getByRole('list', { name: 'Rows already ordered' });
  for (const box of within(list).getAllByRole('checkbox')) fireEvent.click(box);
}

/** Answers the second confirmation of rows ordered before with "Order again". */
export async function confirmOrderAgain(): Promise<HTMLElement> {
  const dialog = await screen.findByRole('alertdialog');
  fireEvent.click(await within(dialog).findByRole('button', { name: 'Order again', hidden: true }));
  return dialog;
}
