/** Checkout problems placed next to the field or line they concern, and worded for a buyer. */
import {
  CHECKOUT_ERROR_MESSAGES,
  type CheckoutErrorCode,
  type CheckoutProblem,
  type CheckoutRequest,
  describeProblem as describeCheckoutProblem,
  isKnownCode,
} from '../../src/checkout';
import { plural } from '../../src/text/plural';
import { withArticle } from '../../src/text/words';
import { type ReviewLine, roundedToMoqAndPacks } from '../../src/workflows/order-review';
import { type TextField, type UcField, UC_REQUIRED, UC_WORDS } from './order-form';

/** Where a problem is shown: a form field, the freight-forwarder box, or the order as a whole. */
export type ProblemPlace = TextField | `uc.${UcField}` | 'freightForwarder' | 'order';

export interface ShownProblem {
  code: string;
  /** What is wrong, in plain words. */
  title: string;
  /** What to do about it. */
  fix: string;
  place: ProblemPlace;
  /** The line it concerns, by key. */
  lineKey?: string;
  /** A quantity the service would take, when known. */
  suggestedQuantity?: number;
  /** The stock the service said is available for the line, when it said so. */
  available?: number;
}

const FIELD_PLACES: Record<string, ProblemPlace> = {
  username: 'username',
  password: 'password',
  customerPONumber: 'customerPONumber',
  shipToAddressId: 'shipToAddressId',
  billToAddressId: 'billToAddressId',
  customerUsername: 'customerUsername',
  partnerRegion: 'partnerRegion',
  partnerCustomerNumber: 'partnerCustomerNumber',
  discountCode: 'discountCode',
  ultimateDestination: 'freightForwarder',
};

const UC_SUFFIXES: Record<string, UcField> = {
  ucAddressName: 'addressName',
  ucCompanyName: 'companyName',
  ucPhoneNumber: 'phoneNumber',
  ucStreet1: 'street1',
  ucStreet2: 'street2',
  ucCity: 'city',
  ucStateProvince: 'stateProvince',
  ucPostalCode: 'postalCode',
  ucCountryCode: 'countryCode',
  ucAddressType: 'addressType',
};

function placeOfField(field: string | undefined): ProblemPlace | undefined {
  if (!field) return undefined;
  if (FIELD_PLACES[field]) return FIELD_PLACES[field];
  const uc = UC_SUFFIXES[field];
  return uc ? `uc.${uc}` : undefined;
}

/** The form field a service problem concerns, from its code and words. */
function placeOf(problem: CheckoutProblem, request: CheckoutRequest): ProblemPlace {
  const byField = placeOfField(problem.field);
  if (byField) return byField;
  const message = problem.message ?? '';
  switch (problem.code) {
    case 'checkout.user.not.found':
      return /customerUsername/.test(message) ? 'customerUsername' : 'username';
    case 'checkout.invalid.password':
      return 'password';
    case 'checkout.customer.not.allowed':
      return 'customerUsername';
    case 'checkout.user.no.terms':
      return request.customerUsername ? 'customerUsername' : 'username';
    case 'address.not.found':
      return /bill-to/i.test(message) ? 'billToAddressId' : 'shipToAddressId';
    case 'checkout.address.not.terms':
    case 'checkout.shipping.domestic.not.found':
    case 'checkout.shipping.international.not.found':
    case 'checkout.address.mismatch':
      return 'shipToAddressId';
    case 'checkout.billto.freight.forwarder':
      return 'billToAddressId';
    case 'checkout.uc.required': {
      const missing = /missing (uc\w+)/.exec(message)?.[1];
      return (missing && placeOfField(missing)) || 'freightForwarder';
    }
    case 'checkout.invalid.address.type':
    case 'checkout.uc.freight.forwarder':
      return 'uc.addressType';
    case 'checkout.partner.customer.not.found':
      return 'partnerCustomerNumber';
    case 'checkout.discount.code.invalid':
      return 'discountCode';
    default:
      return 'order';
  }
}

/** The numbers a service message carries, for the catalogue's words. */
function numbersOf(problem: CheckoutProblem): NonNullable<CheckoutProblem['values']> {
  const message = problem.message ?? '';
  const values: NonNullable<CheckoutProblem['values']> = { ...problem.values };
  const moq = /minimum(?: order quantity)?(?: of)? (\d+)/i.exec(message)?.[1];
  const inc = /packs of (\d+)/i.exec(message)?.[1];
  const stock = /the (\d+) (?:available|in stock)/i.exec(message)?.[1];
  if (moq && values.moq === undefined) values.moq = Number(moq);
  if (inc && values.inc === undefined) values.inc = Number(inc);
  if (stock && values.stock === undefined) values.stock = Number(stock);
  return values;
}

const NUMBER_SLOTS = ['qty', 'moq', 'inc', 'stock'] as const;

const PANE_FIXES: Partial<Record<CheckoutErrorCode, string>> = {
  'checkout.user.not.found': 'Check the username: the e-mail address of the ordering account.',
  'checkout.invalid.password': 'Enter the checkout password again.',
};

/**
 * A problem in a buyer's words, next to its field or line. Problems the service sent are worded by the catalogue of
 * checkout codes, with the numbers filled in ("Quantity 30 is below the minimum 100 for item 65130989"); problems
 * found before sending keep their own words, which already name the line and the fix.
 */
export function showProblem(
  problem: CheckoutProblem,
  request: CheckoutRequest,
  sent: readonly ReviewLine[],
  fromService: boolean,
): ShownProblem {
  const index = problem.line !== undefined ? problem.line - 1 : -1;
  const line =
    index >= 0 && index < sent.length
      ? sent[index]
      : sent.find((l) => problem.itemId !== undefined && l.key === problem.itemId.toUpperCase());
  const requestLine = line ? request.lines[sent.indexOf(line)] : undefined;
  let worded: CheckoutProblem = problem;
  if (fromService && isKnownCode(problem.code)) {
    const values = numbersOf(problem);
    if (requestLine && values.qty === undefined) values.qty = requestLine.quantity;
    const template = CHECKOUT_ERROR_MESSAGES[problem.code].message;
    const filled = NUMBER_SLOTS.every((slot) => !template.includes(`{${slot}}`) || values[slot] !== undefined);
    const named = !template.includes('{item}') || !!(problem.itemId || line);
    if (filled && named) {
      worded = { ...problem, message: '', itemId: problem.itemId || line?.itemId, values };
      delete worded.line;
      delete worded.field;
    }
    if (
      requestLine &&
      worded.suggestedQuantity === undefined &&
      (values.moq !== undefined || values.inc !== undefined)
    ) {
      worded = {
        ...worded,
        suggestedQuantity: roundedToMoqAndPacks(
          requestLine.quantity,
          values.moq ?? line?.moq ?? 1,
          values.inc ?? line?.pack ?? 1,
        ),
      };
    }
  }
  const described = describeCheckoutProblem(worded);
  const title = described.title;
  // Problems found before sending already say what to do; the catalogue's general advice would only repeat it.
  const fix = fromService
    ? described.fix
    : worded.suggestedQuantity !== undefined
      ? `Suggested quantity: ${worded.suggestedQuantity}.`
      : '';
  const paneFix = fromService && isKnownCode(problem.code) ? PANE_FIXES[problem.code] : undefined;
  const plain = title.replace(/\s+/g, ' ').trim();
  const stock = fromService && problem.code === 'checkout.item.quantity.maximum' ? numbersOf(problem).stock : undefined;
  return {
    code: problem.code,
    // The service names items by id; the buyer knows the line by its row and part.
    title: line && fromService ? onLine(plain, line) : plain,
    fix: paneFix ?? fix,
    place: line ? 'order' : placeOf(problem, request),
    ...(line ? { lineKey: line.key } : {}),
    ...(worded.suggestedQuantity !== undefined ? { suggestedQuantity: worded.suggestedQuantity } : {}),
    ...(stock !== undefined ? { available: stock } : {}),
  };
}

/** `Row 5, ATMEGA328P-PU`: the line as the buyer finds it in the sheet. */
export function lineWhere(line: Pick<ReviewLine, 'rows' | 'part' | 'itemId'>): string {
  const rows = line.rows.map((r) => r + 1);
  return `${plural(rows.length, 'Row')} ${rows.join(', ')}, ${line.part || `item ${line.itemId}`}`;
}

/** A service's sentence about "item N" said of the line instead: "Row 2, 2N7002-7-F: quantity 30 is below the minimum 100". */
function onLine(title: string, line: ReviewLine): string {
  const id = line.itemId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const said = title
    .replace(new RegExp(`\\s+(?:for|of) item ${id}(?![\\w:])`, 'i'), '')
    .replace(new RegExp(`\\bitem ${id}(?![\\w:])`, 'gi'), 'this part');
  return `${lineWhere(line)}: ${said.charAt(0).toLowerCase()}${said.slice(1)}`;
}

function sentence(text: string): string {
  const t = text.trim();
  return t === '' || /[.!?)]$/.test(t) ? t : `${t}.`;
}

/** A problem as one text: what is wrong, as a sentence, then the fix ("… for this username. Enter …"). */
export function problemText(problem: Pick<ShownProblem, 'title' | 'fix'>): string {
  return `${sentence(problem.title)} ${problem.fix}`.trim();
}

/** Where problems are shown, for a message above or below them: fields and lines are above the send buttons, the rest below. */
export function whereMarked(problems: readonly Pick<ShownProblem, 'place' | 'lineKey'>[]): string {
  const general = problems.filter((p) => p.place === 'order' && p.lineKey === undefined).length;
  if (general === 0) return 'marked above, at its field or line';
  if (general === problems.length) return 'listed below';
  return 'marked above at its field or line, or listed below';
}

/** The rows of the lines the problems concern. */
export function rowsOf(problems: readonly ShownProblem[], lines: readonly ReviewLine[]): number[] {
  const keys = new Set(problems.map((p) => p.lineKey).filter((k): k is string => k !== undefined));
  return lines.filter((l) => keys.has(l.key)).flatMap((l) => l.rows);
}

/** `65130988 (ATMEGA328P-PU) × 20; 65130989 (2N7002-7-F) × 100`: item ids with the part numbers of the lines sent. */
export function itemsText(request: CheckoutRequest, sent: readonly Pick<ReviewLine, 'part'>[] = []): string {
  return request.lines
    .map((l, i) => `${l.itemId}${sent[i]?.part ? ` (${sent[i].part})` : ''} × ${l.quantity}`)
    .join('; ');
}

/** `BOM rows 4, 5, 7` (sheet row numbers). */
export function rowsText(sheet: string, rows: readonly number[]): string {
  const numbers = [...new Set(rows)].sort((a, b) => a - b).map((r) => r + 1);
  return `${sheet} ${plural(numbers.length, 'row')} ${numbers.join(', ')}`;
}

/** The line a problem names, for messages: "Row 5, ATMEGA328P-PU (item 65130988)". */
export function lineLabel(line: ReviewLine): string {
  const rows = line.rows.map((r) => r + 1);
  const where = `${plural(rows.length, 'Row')} ${rows.join(', ')}`;
  return `${where}, ${line.part || line.itemId}${line.part ? ` (item ${line.itemId})` : ''}`;
}

/** Each required ultimate-destination field, when the user marked a freight forwarder and gave none of them. */
export function ucRequiredProblems(): ShownProblem[] {
  return UC_REQUIRED.map((field) => ({
    code: 'checkout.uc.required',
    title: `The ultimate destination needs ${withArticle(UC_WORDS[field])}.`,
    fix: '',
    place: `uc.${field}` as const,
  }));
}
