/**
 * The lines of one order request, checked in the documented rule order (docs/checkout.md, rules 7.1 to 7.8): item
 * ids and quantities given, one quantity per id and not too many lines, whole quantities, no item twice, source codes
 * that agree, and each quantity within the offer's minimum, packs and stock. Also the price tier a quantity falls in.
 */
import type { PriceBreakRecord } from '../store/types';
import { CheckoutRefusal, echo, fail, type CheckoutProblem } from './errors';
import type { Params } from './params';
import type { CheckoutOffer } from './store';

/** Most lines one order may have. */
export const MAX_LINES = 200;
/** Largest quantity of one line: nine digits, the range of the catalog's quantity tiers. */
export const MAX_QUANTITY = 999_999_999;
export const MARKETPLACE = 'MARKETPLACE';

export interface Line {
  lineNo: number;
  itemId: string;
  quantity: number;
  offer: CheckoutOffer;
  breaks: PriceBreakRecord[];
  customerPrice: boolean;
}

export function itemRef(line: { itemId: string; lineNo: number }) {
  return { itemId: echo(line.itemId, 100), line: line.lineNo };
}

/** Throws the problems of one validation stage together, so a caller can fix every line at once. */
export function throwAll(problems: CheckoutProblem[]): void {
  if (problems.length > 0) throw new CheckoutRefusal(problems);
}

/** A quantity: digits only (no sign, decimals, exponent or spaces), 1 to MAX_QUANTITY. */
export function parseQuantity(text: string): number | undefined {
  if (!/^\d{1,9}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 && n <= MAX_QUANTITY ? n : undefined;
}

export function maximumProblem(line: Line, available: number): CheckoutProblem {
  return {
    code: 'checkout.item.quantity.maximum',
    message: `Quantity ${line.quantity} of item ${line.offer.source_part_id} is more than the ${available} available.`,
    ...itemRef(line),
  };
}

/** Minimum first, then whole packs, then stock: the first rule a line breaks is the one reported for it. */
export function quantityProblems(line: Line): CheckoutProblem[] {
  const { offer, quantity } = line;
  const minimum = Math.max(offer.moq, 1);
  const increment = Math.max(offer.pack_size, 1);
  if (quantity < minimum) {
    return [
      {
        code: 'checkout.item.quantity.minimum',
        message: `Quantity ${quantity} of item ${offer.source_part_id} is below its minimum order quantity of ${minimum}.`,
        ...itemRef(line),
      },
    ];
  }
  if (quantity % increment !== 0) {
    const lower = quantity - (quantity % increment);
    const hint = lower >= minimum ? `${lower} or ${lower + increment}` : `${lower + increment}`;
    return [
      {
        code: 'checkout.item.quantity.increment',
        message: `Item ${offer.source_part_id} is sold in packs of ${increment}; ${quantity} is not a whole number of packs (try ${hint}).`,
        ...itemRef(line),
      },
    ];
  }
  if (quantity > offer.foh_qty) return [maximumProblem(line, offer.foh_qty)];
  return [];
}

/** The tier the quantity falls in; below the first tier the first applies, beyond the last the last. */
export function tierFor(breaks: PriceBreakRecord[], quantity: number): PriceBreakRecord {
  const sorted = [...breaks].sort((a, b) => a.minQty - b.minQty);
  let tier = sorted[0];
  for (const b of sorted) if (b.minQty <= quantity) tier = b;
  return tier;
}

/** One line of the request with its quantity read (undefined when it is no whole number in range). */
export interface ParsedLine {
  itemId: string;
  lineNo: number;
  text: string;
  quantity: number | undefined;
}

/** 7.1: itemIds and quantities are given, with no blank item id and no blank quantity. */
export function itemsGiven(params: Params): { ids: string[]; quantities: string[] } {
  const idsText = params.raw('itemIds');
  const qtyText = params.raw('quantities');
  if (idsText === undefined || idsText.trim() === '')
    fail(
      'checkout.parameter.required',
      "Parameter 'itemIds' is required: the source-part ids to order, separated by commas.",
    );
  if (qtyText === undefined || qtyText.trim() === '')
    fail(
      'checkout.parameter.required',
      "Parameter 'quantities' is required: one quantity per item id, separated by commas.",
    );
  const ids = idsText.split(',').map((s) => s.trim());
  const quantities = qtyText.split(',');
  throwAll([
    ...ids.flatMap((id, i) =>
      id === ''
        ? [
            {
              code: 'checkout.item.id.invalid' as const,
              message: `Item id ${i + 1} in itemIds is blank.`,
              itemId: '',
              line: i + 1,
            },
          ]
        : [],
    ),
    ...quantities.flatMap((q, i) =>
      q.trim() === ''
        ? [
            {
              code: 'checkout.item.quantity.invalid' as const,
              message: `Quantity ${i + 1} in quantities is blank.`,
              itemId: echo(ids[i] ?? '', 100),
              line: i + 1,
            },
          ]
        : [],
    ),
  ]);
  return { ids, quantities };
}

/** 7.2: one quantity per item id, and at most MAX_LINES lines. */
export function checkLineCount(ids: string[], quantities: string[]): void {
  if (ids.length !== quantities.length) {
    fail(
      'checkout.length.not.equal',
      `itemIds has ${ids.length} item ids but quantities has ${quantities.length} quantities; give one quantity per item.`,
    );
  }
  if (ids.length > MAX_LINES)
    fail('checkout.item.count.exceeded', `An order has at most ${MAX_LINES} lines; this one has ${ids.length}.`);
}

/** 7.3: every quantity is a whole number from 1 to MAX_QUANTITY. */
export function wholeQuantities(ids: string[], quantities: string[]): ParsedLine[] {
  const parsed = ids.map((itemId, i) => ({
    itemId,
    lineNo: i + 1,
    text: quantities[i],
    quantity: parseQuantity(quantities[i]),
  }));
  throwAll(
    parsed
      .filter((p) => p.quantity === undefined)
      .map((p) => ({
        code: 'checkout.invalid.quantity' as const,
        message: `Quantity '${echo(p.text, 20)}' for item ${echo(p.itemId)} is not a whole number from 1 to ${MAX_QUANTITY}.`,
        ...itemRef(p),
      })),
  );
  return parsed;
}

/** 7.4: no item id twice. */
export function noItemTwice(parsed: ParsedLine[]): void {
  const seen = new Set<string>();
  throwAll(
    parsed.flatMap((p) => {
      if (!seen.has(p.itemId)) {
        seen.add(p.itemId);
        return [];
      }
      return [
        {
          code: 'checkout.item.duplicate' as const,
          message: `Item ${echo(p.itemId)} appears more than once; order it on one line.`,
          ...itemRef(p),
        },
      ];
    }),
  );
}

/** 7.5: sourceCodes, when given, has one code per item id. */
export function sourceCodesFor(params: Params, ids: string[]): string[] | undefined {
  const codes = params
    .optional('sourceCodes')
    ?.split(',')
    .map((s) => s.trim().toUpperCase());
  if (codes && codes.length !== ids.length) {
    fail(
      'checkout.source.code.invalid',
      `sourceCodes has ${codes.length} codes for ${ids.length} item ids; give one source code per item.`,
    );
  }
  return codes;
}

/**
 * 7.7: each regional item has its source code, equal to the item's source and to `source`; marketplace and
 * regional items are not mixed; the items share one currency.
 */
export function sourcesAgree(found: Line[], codes: string[] | undefined, source: string | undefined): void {
  throwAll(
    found.flatMap((line): CheckoutProblem[] => {
      const cd = line.offer.source_cd.toUpperCase();
      const given = codes?.[line.lineNo - 1];
      if (cd !== MARKETPLACE && codes === undefined) {
        return [
          {
            code: 'checkout.source.code.required',
            message: `Item ${line.itemId} is a ${cd} source part: give sourceCodes, one per item.`,
            ...itemRef(line),
          },
        ];
      }
      if (given !== undefined && given !== cd) {
        const what = given === '' ? 'is blank' : `is '${echo(given, 20)}'`;
        return [
          {
            code: 'checkout.source.code.invalid',
            message: `The source code for item ${line.itemId} ${what}; the item is from ${cd}.`,
            ...itemRef(line),
          },
        ];
      }
      if (source !== undefined && source !== cd) {
        return [
          {
            code: 'checkout.source.code.invalid',
            message: `source is ${source} but item ${line.itemId} is from ${cd}.`,
            ...itemRef(line),
          },
        ];
      }
      return [];
    }),
  );
  const marketplace = found.filter((l) => l.offer.source_cd === MARKETPLACE);
  if (marketplace.length > 0 && marketplace.length < found.length) {
    const regional = found.find((l) => l.offer.source_cd !== MARKETPLACE)!;
    fail(
      'checkout.item.source.mixed',
      `An order is either all marketplace or all regional: item ${marketplace[0].itemId} is from ${MARKETPLACE} and item ${regional.itemId} from ${regional.offer.source_cd}; place two orders.`,
    );
  }
  const currencies = [...new Set(found.map((l) => l.offer.currency))];
  if (currencies.length > 1) {
    fail(
      'checkout.item.currency.mixed',
      `The items are priced in ${currencies.join(' and ')}; an order has one currency, so place one order per currency.`,
    );
  }
}
