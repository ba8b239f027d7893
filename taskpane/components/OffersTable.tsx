import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { PinRegular, PinOffRegular } from '@fluentui/react-icons';
import type { Offer, Part } from '../../src/catalog/model';
import type { PlanOptions } from '../../src/plan/plan';
import { type Quote, quoteOffer, quotePart } from '../../src/plan/quote';
import { uniqueOffers } from '../../src/pricing/stock';
import { amount, count, leadText } from './figures';
import { useSectionStyles } from './styles';

export interface OffersTableProps {
  part: Part;
  /** The line's need (what one offer would have to cover). */
  need: number;
  /** The sheet row number, for labels. */
  row: number;
  /** The offer the plan buys (its sourcePartId, or several joined by " + "). */
  bought: string | null;
  /** The offer the line pins ('' when none). */
  pinned: string;
  plan: PlanOptions;
  busy: boolean;
  /** Pins an offer (null: none); `effect` says what the pin buys and costs, for the notice after it. */
  onPin: (offer: Offer | null, effect?: string) => void;
}

/**
 * What buying the need from this offer does against what the plan buys now: "buys 10,000 for 25: +4,451.00 USD".
 * '' for the offer bought now, or when either has no price.
 */
export function pinEffect(q: Quote, now: Quote | null, need: number): string {
  const more = q.bought > need ? `buys ${count(q.bought)} for ${count(need)}` : '';
  if (q.total === null || !now || now.total === null || now.currency !== q.currency) return more;
  const delta = Math.round((q.total - now.total) * 100) / 100;
  const cost = delta === 0 ? 'same cost' : `${delta > 0 ? '+' : '−'}${amount(Math.abs(delta), q.currency)}`;
  return more ? `${more}: ${cost}` : cost;
}

const useStyles = makeStyles({
  scroll: { overflowX: 'auto', maxWidth: '100%' },
  table: {
    borderCollapse: 'collapse',
    width: '100%',
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    color: tokens.colorNeutralForeground1,
    '& th, & td': {
      textAlign: 'right',
      verticalAlign: 'top',
      padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalXS}`,
      borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    },
    '& th:first-child, & td:first-child': { textAlign: 'left' },
  },
  chosen: { backgroundColor: tokens.colorBrandBackground2 },
  id: { display: 'block', color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  /** Amounts never break inside a number. */
  amount: { whiteSpace: 'nowrap' },
  effect: { display: 'block', color: tokens.colorNeutralForeground1, fontWeight: tokens.fontWeightSemibold },
});

/** Every offer of a line's part side by side, each priced for the line's need as the plan would buy it, with a pin. */
export function OffersTable({ part, need, row, bought, pinned, plan, busy, onPin }: OffersTableProps) {
  const s = useSectionStyles();
  const c = useStyles();
  const offers = uniqueOffers(part.offers);
  const pin = pinned.trim().toUpperCase();
  const boughtIds = new Set((bought ?? '').split(' + ').map((t) => t.replace(/\s*×.*$/, '').trim().toUpperCase()));
  // What the plan pays now: the one offer bought, or the plan's own choice when it splits or buys none.
  const boughtOffer = boughtIds.size === 1 ? offers.find((o) => boughtIds.has(o.sourcePartId.trim().toUpperCase())) : undefined;
  const now = boughtOffer ? quoteOffer(part, boughtOffer, need, plan) : quotePart(part, need, plan);
  return (
    <div className={c.scroll} role="region" aria-label={`Offers for row ${row}`} tabIndex={0}>
      <table className={c.table}>
        <caption className={s.small} style={{ textAlign: 'left', captionSide: 'top' }}>
          {offers.length} offer{offers.length === 1 ? '' : 's'} of {part.partNumber}, priced for {count(need)} in {plan.rates.base}
        </caption>
        <thead>
          <tr>
            <th scope="col">Source</th>
            <th scope="col">Stock</th>
            <th scope="col">MOQ</th>
            <th scope="col">Pack</th>
            <th scope="col">Cost for {count(need)}</th>
            <th scope="col">Lead</th>
            <th scope="col">
              <span className={s.hidden}>Pin</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {offers.map((offer) => {
            const q = quoteOffer(part, offer, need, plan);
            const id = offer.sourcePartId;
            const isPinned = pin !== '' && id.trim().toUpperCase() === pin;
            const isBought = boughtIds.has(id.trim().toUpperCase());
            const source = offer.sourceCode || offer.sourceName;
            const effect = isBought ? '' : pinEffect(q, now, need);
            return (
              <tr key={id} className={isBought ? c.chosen : undefined} data-offer={id}>
                <th scope="row">
                  {source}
                  <span className={c.id}>
                    {id}
                    {isBought ? ' · bought' : ''}
                    {isPinned ? ' · pinned' : ''}
                  </span>
                </th>
                <td>{count(offer.stock)}</td>
                <td>{count(offer.moq)}</td>
                <td>{count(offer.packSize)}</td>
                <td>
                  {q.total === null || q.unitPrice === null ? (offer.quoteOnly ? 'quote only' : 'no price') : <span className={c.amount}>{amount(q.total, q.currency)}</span>}
                  {q.unitPrice !== null && q.bought > 0 && (
                    <span className={c.id}>
                      {q.bought > need ? `${count(q.bought)} × ` : ''}
                      {amount(q.unitPrice, q.currency)}
                    </span>
                  )}
                  {!isBought && effect && <span className={c.effect}>{effect}</span>}
                  {offer.currency !== q.currency && offer.breaks.length > 0 && <span className={c.id}>sold in {offer.currency}</span>}
                </td>
                <td>{leadText(offer.leadTimeWeeks)}</td>
                <td>
                  {isPinned ? (
                    <Button size="small" appearance="subtle" icon={<PinOffRegular />} disabled={busy} onClick={() => onPin(null)} aria-label={`Unpin offer ${id} for row ${row}`} />
                  ) : (
                    <Button
                      size="small"
                      appearance="subtle"
                      icon={<PinRegular />}
                      disabled={busy}
                      onClick={() => onPin(offer, effect)}
                      aria-label={`Pin offer ${id} (${source}) for row ${row}${effect ? `: ${effect}` : ''}`}
                    />
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
