import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { PinRegular, PinOffRegular } from '@fluentui/react-icons';
import type { Offer, Part } from '../../src/catalog/model';
import type { PlanOptions } from '../../src/plan/plan';
import type { Quote } from '../../src/plan/quote';
import { offerQuotes } from '../../src/workflows/quotes';
import { amount, leadText } from './figures';
import { groupedCount } from '../../src/text/plural';
import { useSectionStyles } from './styles';
import { unbroken } from './unbroken';
import { plural } from '../../src/text/plural';

export interface OffersTableProps {
  part: Part;
  /** The line's need (what one offer would have to cover). */
  need: number;
  /** The sheet row number, for labels. */
  row: number;
  /** The offers the plan buys, by sourcePartId (the line's plan record; several when it splits). */
  bought: readonly string[];
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
  const more = q.bought > need ? `buys ${groupedCount(q.bought)} for ${groupedCount(need)}` : '';
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
  },
  chosen: { backgroundColor: tokens.colorBrandBackground2 },
  /** The offer's source and id, across the figures: no line under it, the figures below belong to it. */
  head: {
    '& th': {
      borderBottom: 'none',
      paddingTop: tokens.spacingVerticalXS,
      textAlign: 'left',
      fontWeight: tokens.fontWeightSemibold,
    },
  },
  id: { color: tokens.colorNeutralForeground2, fontWeight: tokens.fontWeightRegular, overflowWrap: 'anywhere' },
  /** Counts and lead times: one line each, the column as wide as its longest. */
  figure: { whiteSpace: 'nowrap', width: '1%' },
  /** The cost takes the width left; its notes wrap between amounts, never inside one. */
  cost: { width: 'auto', minWidth: '64px' },
  /** The pin stays whole beside the offer, vertically centred on its two rows. */
  pin: { width: '1%', verticalAlign: 'middle', textAlign: 'center', whiteSpace: 'nowrap' },
  /** Amounts never break inside a number. */
  amount: { whiteSpace: 'nowrap' },
  note: { display: 'block', color: tokens.colorNeutralForeground2 },
  effect: { display: 'block', color: tokens.colorNeutralForeground1, fontWeight: tokens.fontWeightSemibold },
});

/** Every offer of a line's part side by side, each priced for the line's need as the plan would buy it, with a pin. */
export function OffersTable({ part, need, row, bought, pinned, plan, busy, onPin }: OffersTableProps) {
  const s = useSectionStyles();
  const c = useStyles();
  const pin = pinned.trim().toUpperCase();
  const { offers, now } = offerQuotes(part, need, plan, bought);
  return (
    <div className={c.scroll} role="region" aria-label={`Offers for row ${row}`} tabIndex={0}>
      <table className={c.table}>
        <caption className={s.small} style={{ textAlign: 'left', captionSide: 'top' }}>
          {offers.length} {plural(offers.length, 'offer')} of {part.partNumber}, priced for {groupedCount(need)} in{' '}
          {plan.rates.base}
        </caption>
        <thead>
          <tr>
            <th scope="col">Stock</th>
            <th scope="col">MOQ</th>
            <th scope="col">Pack</th>
            <th scope="col">Cost for {groupedCount(need)}</th>
            <th scope="col">Lead</th>
            <th scope="col">
              <span className={s.hidden}>Pin</span>
            </th>
          </tr>
        </thead>
        {offers.map(({ offer, quote: q, bought: isBought }) => {
          const id = offer.sourcePartId;
          const isPinned = pin !== '' && id.trim().toUpperCase() === pin;
          const source = offer.sourceCode || offer.sourceName;
          const effect = isBought ? '' : pinEffect(q, now, need);
          // One group per offer: its source and id across the row, its figures under them, the pin beside both.
          return (
            <tbody key={id} className={isBought ? c.chosen : undefined} data-offer={id}>
              <tr className={c.head}>
                <th scope="rowgroup" colSpan={5}>
                  {source}
                  <span className={c.id}>
                    {' · '}
                    {id}
                    {isBought ? ' · bought' : ''}
                    {isPinned ? ' · pinned' : ''}
                  </span>
                </th>
                <td rowSpan={2} className={c.pin}>
                  {isPinned ? (
                    <Button
                      size="small"
                      appearance="subtle"
                      icon={<PinOffRegular />}
                      disabled={busy}
                      onClick={() => onPin(null)}
                      aria-label={`Unpin offer ${id} for row ${row}`}
                    />
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
              <tr>
                <td className={c.figure}>{groupedCount(offer.stock)}</td>
                <td className={c.figure}>{groupedCount(offer.moq)}</td>
                <td className={c.figure}>{groupedCount(offer.packSize)}</td>
                <td className={c.cost}>
                  {q.total === null || q.unitPrice === null ? (
                    offer.quoteOnly ? (
                      'quote only'
                    ) : (
                      'no price'
                    )
                  ) : (
                    <span className={c.amount}>{amount(q.total, q.currency)}</span>
                  )}
                  {q.unitPrice !== null && q.bought > 0 && (
                    <span className={c.note}>
                      {q.bought > need ? <span className={c.amount}>{`${groupedCount(q.bought)} ×`}</span> : null}
                      {q.bought > need ? ' ' : ''}
                      <span className={c.amount}>{amount(q.unitPrice, q.currency)}</span>
                    </span>
                  )}
                  {!isBought && effect && <span className={c.effect}>{unbroken(effect)}</span>}
                  {offer.currency !== q.currency && offer.breaks.length > 0 && (
                    <span className={c.note}>sold in {offer.currency}</span>
                  )}
                </td>
                <td className={c.figure}>{leadText(offer.leadTimeWeeks)}</td>
              </tr>
            </tbody>
          );
        })}
      </table>
    </div>
  );
}
