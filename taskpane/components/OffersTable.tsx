import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { PinRegular, PinOffRegular } from '@fluentui/react-icons';
import type { Offer, Part } from '../../src/catalog/model';
import type { PlanOptions } from '../../src/plan/plan';
import { quoteOffer } from '../../src/plan/quote';
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
  onPin: (offer: Offer | null) => void;
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
});

/** Every offer of a line's part side by side, each priced for the line's need as the plan would buy it, with a pin. */
export function OffersTable({ part, need, row, bought, pinned, plan, busy, onPin }: OffersTableProps) {
  const s = useSectionStyles();
  const c = useStyles();
  const offers = uniqueOffers(part.offers);
  const pin = pinned.trim().toUpperCase();
  const boughtIds = new Set((bought ?? '').split(' + ').map((t) => t.replace(/\s*×.*$/, '').trim().toUpperCase()));
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
            <th scope="col">Price at {count(need)}</th>
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
                  {q.unitPrice === null ? (offer.quoteOnly ? 'quote only' : 'no price') : amount(q.unitPrice, q.currency)}
                  {q.total !== null && q.bought > 0 && <span className={c.id}>{`${count(q.bought)}: ${amount(q.total, q.currency)}`}</span>}
                  {offer.currency !== q.currency && offer.breaks.length > 0 && <span className={c.id}>sold in {offer.currency}</span>}
                </td>
                <td>{leadText(offer.leadTimeWeeks)}</td>
                <td>
                  {isPinned ? (
                    <Button size="small" appearance="subtle" icon={<PinOffRegular />} disabled={busy} onClick={() => onPin(null)} aria-label={`Unpin offer ${id} for row ${row}`} />
                  ) : (
                    <Button size="small" appearance="subtle" icon={<PinRegular />} disabled={busy} onClick={() => onPin(offer)} aria-label={`Pin offer ${id} (${source}) for row ${row}`} />
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
